/**
 * The heat map of latency over time as it travels in a shared report (issue 15 §3): the worker's
 * typed arrays as JSON arrays (NaN, which JSON cannot hold, as null), and back. Numbers only: no
 * label, file or host name is in it; the dataset it belongs to says those, under the share's rules.
 */
import type { DatasetOverTime } from '../outliers/dataset-over-time';
import type { OutlierSection } from './report-schema';

export type SharedHeatMap = NonNullable<OutlierSection['heatMap']>;

const orNull = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));
const orNaN = (a: readonly (number | null)[]) => Float64Array.from(a, (v) => (v === null ? NaN : v));

export function sharedHeatMap(m: DatasetOverTime): SharedHeatMap {
  return {
    axis: m.axis,
    intervalMicros: m.intervalMicros,
    start: m.start,
    first: m.first,
    last: m.last,
    intervals: m.intervals,
    buckets: m.buckets.map(({ lowerBound, upperBound }) => ({ lowerBound, upperBound })),
    count: Array.from(m.count),
    timeWaited: Array.from(m.timeWaited),
    perInterval: { count: Array.from(m.perInterval.count), p50: orNull(m.perInterval.p50), p99: orNull(m.perInterval.p99), max: orNull(m.perInterval.max) },
    placed: m.placed,
    unplaced: m.unplaced,
    elsewhere: m.elsewhere,
  };
}

/** The shared form back as the heat map figure draws it (always on the wall-clock origin, as shared). */
export function heatMapOfShared(s: SharedHeatMap): DatasetOverTime {
  return {
    ...s,
    domain: -1,
    origin: 'clock',
    buckets: s.buckets.map((b) => ({ ...b })),
    count: Float64Array.from(s.count),
    timeWaited: Float64Array.from(s.timeWaited),
    perInterval: { count: Float64Array.from(s.perInterval.count), p50: orNaN(s.perInterval.p50), p99: orNaN(s.perInterval.p99), max: orNaN(s.perInterval.max) },
  };
}
