import { DatasetClock, LOCAL_DOMAIN, UTC_DOMAIN, type ClockInput } from '../outliers/wall-clock';
import { LabelValues } from './label-values';
import type { GroupTallies } from './group-collector';
import type { SampleKeyKind } from './group-key';

/** What grouping the samples needs of a dataset (Dataset, lib/trace/dataset.ts, has it). */
export interface SampleGroupInput extends ClockInput {
  samples: ClockInput['samples'] & { ela: Float64Array };
  sessions: (ClockInput['sessions'][number] & { sid: number | null; serial: number | null })[];
  files: (ClockInput['files'][number] & { facts: ClockInput['files'][number]['facts'] & { instance: string | null } })[];
}

export const NO_TIME = 'no time';
const MINUTE = 60_000_000;
const HOUR = 60 * MINUTE;

/**
 * Groups a dataset's samples by a key read from their columns and the dataset's tables: the
 * session (file and sid.serial), the file, the file's instance, or the minute or hour of the
 * value's wall-clock time (DatasetClock). A time is written ISO 8601 to the minute, `Z` when the
 * trace's stamps carry a UTC offset; `no time` for values without a wall-clock time (no tim, or
 * no `***` stamp to anchor it).
 */
export function sampleGroups(data: SampleGroupInput, kind: SampleKeyKind): GroupTallies {
  const { samples } = data;
  const n = samples.count;
  const labelOf = sampleLabeller(data, kind);
  const values = new LabelValues();
  for (let i = 0; i < n; i++) values.add(labelOf(i), samples.ela[i] as number);
  return values.tallies();
}

function sampleLabeller(data: SampleGroupInput, kind: SampleKeyKind): (i: number) => string {
  const { samples, files, sessions } = data;
  switch (kind) {
    case 'session': {
      const names = sessions.map((s) => `${files[s.file]?.fileName ?? '?'} ${s.sid === null ? '(no SESSION ID)' : `${s.sid}.${s.serial}`}`);
      return (i) => names[samples.session[i] as number] as string;
    }
    case 'file': {
      // Through the session table: every sample has its session, and each session its file.
      const names = sessions.map((s) => files[s.file]?.fileName ?? '?');
      return (i) => names[samples.session[i] as number] as string;
    }
    case 'instance': {
      const names = sessions.map((s) => files[s.file]?.facts.instance ?? '(no instance)');
      return (i) => names[samples.session[i] as number] as string;
    }
    case 'minute':
    case 'hour':
      return timeLabeller(data, kind === 'minute' ? MINUTE : HOUR);
  }
}

function timeLabeller(data: SampleGroupInput, step: number): (i: number) => string {
  const { micros, domain } = new DatasetClock(data).columns();
  const cache = new Map<number, string>();
  const cut = step === MINUTE ? 16 : 13;
  return (i) => {
    const d = domain[i] as number;
    if (d !== UTC_DOMAIN && d !== LOCAL_DOMAIN) return NO_TIME;
    const start = Math.floor((micros[i] as number) / step) * step;
    const slot = d === UTC_DOMAIN ? start : -start - 1; // one cache for both axes
    let label = cache.get(slot);
    if (label === undefined) {
      label = new Date(start / 1000).toISOString().slice(0, cut) + (step === HOUR ? ':00' : '') + (d === UTC_DOMAIN ? 'Z' : '');
      cache.set(slot, label);
    }
    return label;
  };
}
