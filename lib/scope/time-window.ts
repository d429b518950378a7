/**
 * The time window of an analysis (issue 15 §1): `--from`/`--to` edges and the per-session
 * `--skip-first`/`--skip-last` durations, as typed, parsed, and described. Which samples fall
 * inside is window-selection.ts.
 *
 * An edge is an ISO-8601 wall-clock time, with or without a UTC offset, read like the trace's own
 * `***` stamps (trace-format.md §4: `2012-08-09 10:15:02.123` before 12.2, `2019-07-09T09:57:07.703476-07:00`
 * from 12.2), or a raw `tim:N` in the trace's own tim units (µs from 9i; §1). The window is
 * [from, to): a wait (or call) is inside when its end time, its `tim`, lies in it.
 */
import { formatMicrosIso, parseStampMicros } from '../outliers/stamps';

export type WindowEdge =
  /** A wall-clock reading: µs of the written date and time (as if UTC), and its offset when written. */
  | { kind: 'wall'; text: string; wallMicros: number; offsetMinutes: number | null }
  /** A raw tim as the trace writes it, compared with each process's own tim. */
  | { kind: 'tim'; text: string; tim: number };

export interface TimeWindow {
  from: WindowEdge | null;
  to: WindowEdge | null;
  /** µs dropped at the start and at the end of each session; 0 = none. */
  skipFirstMicros: number;
  skipLastMicros: number;
}

export const NO_WINDOW: TimeWindow = { from: null, to: null, skipFirstMicros: 0, skipLastMicros: 0 };

/** A window edge or duration that cannot be read: the message names the flag and the expected forms. */
export class WindowInputError extends Error {}

const ISO = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?\s*(Z|[+-]\d\d:?\d\d)?$/i;
const TIM = /^tim[:=](\d{1,20})$/i;
const DURATION = /^(\d+(?:\.\d+)?)\s*(us|\u00b5s|ms|s|m|min|h)$/i;

const MICROS_PER: Record<string, number> = { us: 1, µs: 1, ms: 1e3, s: 1e6, m: 60e6, min: 60e6, h: 3600e6 };

/** Whether a window leaves every sample in (nothing to select). */
export function isWholeRun(w: TimeWindow): boolean {
  return w.from === null && w.to === null && w.skipFirstMicros === 0 && w.skipLastMicros === 0;
}

/** `2024-03-01T10:00:00`, `2024-03-01 10:00:00.250+01:00`, `…Z`, or `tim:123456789`. */
export function parseWindowEdge(text: string, flag: string): WindowEdge {
  const t = text.trim();
  const tim = TIM.exec(t);
  if (tim) {
    const value = Number(tim[1]);
    if (!Number.isSafeInteger(value)) throw new WindowInputError(`${flag} ${t}: a tim over 2^53 cannot be compared exactly`);
    return { kind: 'tim', text: t, tim: value };
  }
  const m = ISO.exec(t);
  if (!m) throw new WindowInputError(`${flag} takes an ISO-8601 time such as 2024-03-01T10:15:00 or 2024-03-01T10:15:00+01:00, or a raw tim such as tim:1234567890; not '${text}'`);
  const [, y, mo, d, h, mi, s = '00', frac, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) throw new WindowInputError(`${flag} ${t}: not a valid date and time`);
  // Traces stamp µs at most (trace-format.md §4): a finer edge would fall between two tims.
  if (frac !== undefined && frac.length > 6) throw new WindowInputError(`${flag} ${t}: more than 6 fraction digits; a trace's times are whole µs`);
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    if (Number(digits.slice(1, 3)) > 14 || Number(digits.slice(3, 5)) > 59) throw new WindowInputError(`${flag} ${t}: ${zone} is not a UTC offset (−14:00 to +14:00)`);
  }
  const wallMicros = parseStampMicros(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac ? `.${frac}` : ''}`);
  // Date.UTC rolls 2024-02-31 over into March: a date that does not round-trip does not exist.
  if (new Date(Math.floor(wallMicros / 1000)).getUTCDate() !== day) throw new WindowInputError(`${flag} ${t}: there is no such day`);
  return { kind: 'wall', text: t, wallMicros, offsetMinutes: parseZone(zone) };
}

function parseZone(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
}

/** `30s`, `500ms`, `2m`, `1.5h`, `250us` → µs. */
export function parseDuration(text: string, flag: string): number {
  const m = DURATION.exec(text.trim());
  if (!m) throw new WindowInputError(`${flag} takes a duration such as 30s, 500ms, 2m or 1h; not '${text}'`);
  return Math.round(Number(m[1]) * (MICROS_PER[(m[2] as string).toLowerCase()] ?? MICROS_PER[m[2] as string] ?? 1));
}

/** The edge as people read it: the ISO time as normalised (µs), or `tim:N`. */
export function describeEdge(edge: WindowEdge): string {
  return edge.kind === 'tim' ? `tim:${edge.tim}` : formatMicrosIso(edge.wallMicros, edge.offsetMinutes);
}

/** A duration in the largest unit that writes it whole: `30s`, `1500ms`. */
export function describeDuration(micros: number): string {
  for (const [unit, size] of [['h', 3600e6], ['m', 60e6], ['s', 1e6], ['ms', 1e3]] as const) if (micros >= size && micros % size === 0) return `${micros / size}${unit}`;
  return `${micros}µs`;
}

/** One line: `from 2024-… to 2024-…, skipping each session's first 30s`; '' for the whole run. */
export function describeWindow(w: TimeWindow): string {
  const parts: string[] = [];
  if (w.from) parts.push(`from ${describeEdge(w.from)}`);
  if (w.to) parts.push(`to ${describeEdge(w.to)} (exclusive)`);
  const skips: string[] = [];
  if (w.skipFirstMicros > 0) skips.push(`first ${describeDuration(w.skipFirstMicros)}`);
  if (w.skipLastMicros > 0) skips.push(`last ${describeDuration(w.skipLastMicros)}`);
  if (skips.length > 0) parts.push(`skipping each session's ${skips.join(' and ')}`);
  return parts.join(', ');
}
