/** What the worker holds for one dataset: its inputs and what was read from them for the current event. */
import { combineFiles, type Dataset } from '../trace/dataset';
import { mergeProfiles } from '../trace/event-table';
import type { EventProfileRow, TraceFileResult } from '../trace/types';
import type { PresetName } from '../synth/wait-model';
import type { DatasetStatus, FileStatus } from './protocol';

export interface TraceEntry {
  file: File;
  /** The path inside a dropped folder, else the file name: what the page and the report show. */
  name: string;
  result: TraceFileResult | null;
  status: FileStatus;
}

export interface CsvEntry {
  /** The CSV file, kept (like traces) so it can be fingerprinted; null for none. */
  file: File | null;
  values: Float64Array;
  status: FileStatus;
}

const NO_VALUES = new Float64Array(0);

export class DatasetState {
  source: DatasetStatus['source'] = 'empty';
  state: DatasetStatus['state'] = 'idle';
  traces: TraceEntry[] = [];
  csv: CsvEntry[] = [];
  synthetic: { values: Float64Array; sessions: Uint32Array; preset: PresetName } | null = null;
  profile: EventProfileRow[] = [];
  note: string | null = null;
  error: string | null = null;
  abort: AbortController | null = null;
  /** Preset and size of the synthetic demo this dataset holds or is drawing. */
  demoKey: string | null = null;

  constructor(
    readonly id: string,
    public event: string,
  ) {}

  waitCount(): number {
    if (this.synthetic) return this.event === 'log file sync' ? this.synthetic.values.length : 0;
    let n = 0;
    for (const t of this.traces) n += t.result?.samples.count ?? 0;
    for (const c of this.csv) n += c.values.length;
    return n;
  }

  private joined: { key: string; dataset: Dataset } | null = null;

  /**
   * The parsed files joined into one dataset (combineFiles), kept until the files or the event
   * change: the report, the outlier lists and the exports all read it, and joining copies every
   * column (36 bytes a wait, 144 MB for 4 M), so it is done once, not per request.
   */
  combined(): Dataset {
    const parsed = this.traces.flatMap((t) => (t.result ? [t.result] : []));
    const key = `${this.event}\u0000${parsed.map((r) => `${r.fileName}:${r.samples.count}`).join('\u0000')}`;
    if (this.joined?.key === key && this.joined.dataset.files.every((f, i) => f === parsed[i])) return this.joined.dataset;
    const dataset = combineFiles(this.event, parsed);
    this.joined = { key, dataset };
    return dataset;
  }

  private joinedValues: { parts: readonly object[]; values: Float64Array } | null = null;

  /**
   * The event's waits of every input (traces, then CSV files), µs, as one array that stays the same
   * object until the inputs or the event change: the report reads it, and the threshold counts are
   * kept per array (threshold-counts.ts).
   */
  values(): Float64Array {
    if (this.synthetic) return this.event === 'log file sync' ? this.synthetic.values : NO_VALUES;
    const dataset = this.combined();
    const parts: object[] = [dataset, ...this.csv.map((c) => c.values)];
    const memo = this.joinedValues;
    if (memo && memo.parts.length === parts.length && memo.parts.every((p, i) => p === parts[i])) return memo.values;
    const traceValues = dataset.samples.ela.subarray(0, dataset.samples.count);
    let values = traceValues;
    if (this.csv.length > 0) {
      values = new Float64Array(traceValues.length + this.csv.reduce((n, c) => n + c.values.length, 0));
      values.set(traceValues, 0);
      let at = traceValues.length;
      for (const c of this.csv) {
        values.set(c.values, at);
        at += c.values.length;
      }
    }
    this.joinedValues = { parts, values };
    return values;
  }

  refreshProfile(): void {
    this.profile = mergeProfiles(this.traces.flatMap((t) => (t.result ? [t.result.profile] : [])));
  }
}

export function emptyDataset(id: string, event: string): DatasetState {
  return new DatasetState(id, event);
}

/** Which demo a dataset holds: the same preset and size again is the same demo. */
export function demoKey(preset: PresetName, sessions: number, commits: number): string {
  return `${preset}/${sessions}/${commits}`;
}

export function syntheticNote(preset: PresetName, sessions: number, commits: number): string {
  const setting = preset === 'flash-on' ? 'flash logging on' : 'flash logging off';
  return (
    `Synthetic: ${(sessions * commits).toLocaleString('en-US')} 'log file sync' waits (${sessions} sessions × ` +
    `${commits.toLocaleString('en-US')} commits) drawn from a model calibrated to the book's Table 15.1, ${setting}. Not a measurement.`
  );
}

export function syntheticProfile(values: Float64Array): EventProfileRow[] {
  let total = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    total += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return values.length === 0 ? [] : [{ event: 'log file sync', count: values.length, total, min, max }];
}
