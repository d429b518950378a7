/**
 * Which clock a listed value was timed by, and how its time and its process read under that clock:
 * a trace's tim, placed by the `***` stamps (stamps.ts, wall-clock.ts), or a strace or fio log's own
 * clock (lib/sysio). The CLI's outlier list and the page's tables both write a strace or fio row
 * through here, so a strace time is never shown as a trace's "tim … with no *** stamp".
 */
import { sysioFormatOf, type SysioFormat } from '../sysio/sysio-format';
import { describeTime, formatMicrosIso } from './stamps';
import type { SampleTime } from './wall-clock';

export type RowClock = 'trace' | SysioFormat;

/** The clock of a file's values, from its facts: a strace or fio file says so in its banner (SYSIO_BANNER). */
export function rowClockOf(facts: { banner: string | null }): RowClock {
  return sysioFormatOf(facts) ?? 'trace';
}

const DAY_MICROS = 86_400_000_000;

/**
 * A strace or fio value's time as its log wrote it: strace -ttt's epoch seconds are UTC (an ISO
 * time, as describeTime writes it); -t and -tt write the time of day without a date (under 24 h);
 * a fio log's time column counts from the job's start (lib/sysio/fio-log.ts); fio's json+ values
 * are its histogram's bins (lib/sysio/fio-json.ts), which have no time. Never a trace's tim.
 */
export function describeLoggedTime(t: SampleTime, clock: SysioFormat): string {
  if (clock === 'fio-json') return '(a histogram bin)';
  if (t.kind === 'none' || (t.kind === 'tim' && t.micros === null)) return '(no time in the log)';
  if (t.kind !== 'tim' || t.micros === null) return describeTime(t);
  // A call started before midnight and logged after it (its start is its end less its duration) is the day before's.
  if (clock === 'strace' && t.micros < DAY_MICROS) return `${formatMicrosIso(((t.micros % DAY_MICROS) + DAY_MICROS) % DAY_MICROS, null).slice(11)} (time of day)`;
  return `+${(t.micros / 1e6).toFixed(6)} s (from the ${clock === 'strace' ? "log's" : "job's"} start)`;
}

/**
 * Whose value it is, where no `*** SESSION ID` names a session: a trace's process (its header's
 * pid) or a strace line's pid, or a fio job; null when nothing names one.
 */
export function describeProcess(row: { session: string | null; pid: string | null }, clock: RowClock): string | null {
  if (row.session !== null) return row.session;
  if (!row.pid) return null;
  return clock === 'fio-log' || clock === 'fio-json' ? `job ${row.pid}` : `pid ${row.pid}`;
}
