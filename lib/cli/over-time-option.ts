/**
 * `--over-time INTERVAL` on `stats` and `compare` (issue 15 §3): per interval the count, p50, p99
 * and max of the waits, in µs, with ISO start times; in `--json` an `overTime` array. It needs each
 * wait's tim, so only a run that asks for it keeps that column (`overTimeKeeping`), and plain
 * `stats` keeps its counts-only fast path.
 */
import { nounFor } from '../stats/minimum-counts';
import { axisName, axisTimeText, datasetOverTime, type DatasetOverTime, type OverTimeInput } from '../outliers/dataset-over-time';
import { formatInterval, parseInterval } from '../stats/over-time-interval';
import type { SampleKeeping } from '../trace/types';
import { UsageError } from './args';
import { formatCount, formatMicros, padTable } from './format';

export const OVER_TIME_OPTION = { 'over-time': { type: 'string' } } as const;

/** The interval in µs, or undefined when --over-time was not given; anything else is a usage error. */
export function overTimeArg(text: string | undefined): { overTime?: number } {
  if (text === undefined) return {};
  const micros = parseInterval(text);
  if (micros === null) throw new UsageError(`--over-time takes an interval such as 500ms, 10s, 1m or 1h, not '${text}'`);
  return { overTime: micros };
}

/** What a load keeps: the tim column too when --over-time asks for it. */
export function overTimeKeeping(overTime: number | undefined, otherwise: SampleKeeping): SampleKeeping {
  return overTime === undefined ? otherwise : { columns: ['tim'] };
}

/** The cut of a dataset; a span too long for the interval is a usage error naming both. */
export function overTimeOf(dataset: OverTimeInput, intervalMicros: number): DatasetOverTime {
  try {
    return datasetOverTime(dataset, { intervalMicros });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--over-time: ${error.message.replace(/^over time: /, '')}`);
    throw error;
  }
}

const orNull = (v: number) => (v === v ? v : null);

/** The rows of `--json`'s overTime array: one per interval, empty ones included; null where a statistic is not shown. */
export function overTimeJson(o: DatasetOverTime, extra: Record<string, string> = {}) {
  return Array.from({ length: o.intervals }, (_, iv) => ({
    ...extra,
    start: axisTimeText(o.start + iv * o.intervalMicros, o.axis),
    end: axisTimeText(o.start + (iv + 1) * o.intervalMicros, o.axis),
    count: o.perInterval.count[iv] as number,
    p50: orNull(o.perInterval.p50[iv] as number),
    p99: orNull(o.perInterval.p99[iv] as number),
    max: orNull(o.perInterval.max[iv] as number),
  }));
}

/** What the rows leave out and on which axis they are, for `--json`. */
export function overTimeScopeJson(o: DatasetOverTime, extra: Record<string, string> = {}) {
  return { ...extra, intervalUs: o.intervalMicros, axis: o.axis, placed: o.placed, unplaced: o.unplaced, otherAxis: o.elsewhere };
}

/** The table under the statistics: a heading with the interval, axis and rules, then one row per interval. */
export function overTimeText(o: DatasetOverTime, what: string, noun = 'waits'): string {
  const head = `${what} per ${formatInterval(o.intervalMicros)} interval, by end time (${axisName(o.axis)}; values in µs; quantiles R type 7; p50 needs ≥ 2 ${noun}, p99 ≥ 100)`;
  const left: string[] = [];
  if (o.unplaced > 0) left.push(`${formatCount(o.unplaced)} without a time`);
  if (o.elsewhere > 0) left.push(`${formatCount(o.elsewhere)} on another time axis`);
  const note = left.length > 0 ? `\nNot placed: ${left.join(', ')}.` : '';
  if (o.intervals === 0) return `${head}\nNo ${nounFor(1, noun)} has a time to place.${note}\n`;
  const cell = (v: number) => (v === v ? formatMicros(v) : 'n/a');
  const rows = Array.from({ length: o.intervals }, (_, iv) => [
    axisTimeText(o.start + iv * o.intervalMicros, o.axis),
    formatCount(o.perInterval.count[iv] as number),
    cell(o.perInterval.p50[iv] as number),
    cell(o.perInterval.p99[iv] as number),
    cell(o.perInterval.max[iv] as number),
  ]);
  return `${head}${note}\n\n${padTable([['interval start', 'count', 'p50 µs', 'p99 µs', 'max µs'], ...rows], [false, true, true, true, true])}\n`;
}
