/**
 * Latency over time (issue 15 §3): the waits cut by time interval and by Oracle's log2 latency
 * bucket (V$EVENT_HISTOGRAM_MICRO, buckets.ts), the frequency (count) and intensity (time waited,
 * the sum of ela) heat maps of PyLatencyMap, and per interval the count, p50, p99 and max.
 *
 * A wait is in the interval that holds its time, i.e. its END (a WAIT line's tim is written when it
 * ends), as the time windows of issue 15 §1 take it. Only waits on one time axis (`domain`, from
 * lib/outliers/wall-clock.ts: UTC, the trace's local wall time, or one process's raw tim) are
 * placed; a wait without a time is counted as unplaced and one on another axis as elsewhere, never
 * given a made-up time.
 *
 * Origins: 'clock' starts the intervals at a multiple of the interval on the axis (10:00:00,
 * 10:00:10, …) for absolute times; 'start' starts them at the dataset's first placed wait, so runs
 * of different days overlay on "time since start".
 *
 * Cost, for n waits in I intervals: two passes over the waits, one counting sort of their ela by
 * interval into one Float64Array, then per interval two exact selections (quickselect), O(n) in all.
 * Quantiles are R type 7 exactly (quantile.ts), and a quantile is NaN where the interval holds fewer
 * waits than minimum-counts.ts asks for it (p99: 100, p50: 2); max is NaN for an empty interval.
 */
import { log2BucketBounds, log2Bucketer, MICRO_VIEW, type Log2View } from './buckets';
import { isEstimable } from './minimum-counts';
import { quantileType7 } from './quantile';
import { selectInPlace } from './select-in-place';
import { chooseInterval, formatInterval, MAX_INTERVALS } from './over-time-interval';

export type TimeOrigin = 'clock' | 'start';

export interface OverTimeOptions {
  /** µs; absent: chosen from the span (over-time-interval.ts). */
  intervalMicros?: number;
  /** The time axis whose waits are placed (wall-clock.ts domains). */
  domain: number;
  origin?: TimeOrigin;
  view?: Log2View;
}

export interface LatencyOverTime {
  intervalMicros: number;
  domain: number;
  origin: TimeOrigin;
  /** µs on the axis where interval 0 starts; interval i is [start + i·interval, start + (i+1)·interval). */
  start: number;
  /** µs on the axis of the first and the last placed wait (the dataset's start and end on this axis); NaN when none is placed. */
  first: number;
  last: number;
  intervals: number;
  /** The buckets from the lowest non-empty one to the highest, empty ones between kept; bounds in µs (upper null: open). */
  buckets: { lowerBound: number; upperBound: number | null }[];
  /** Waits per cell, interval-major: cell (i, b) at i·buckets.length + b. */
  count: Float64Array;
  /** µs waited per cell (the sum of their ela), same layout. */
  timeWaited: Float64Array;
  /** Per interval: waits, and their p50, p99 and max in µs (NaN where too few waits support it). */
  perInterval: { count: Float64Array; p50: Float64Array; p99: Float64Array; max: Float64Array };
  /** Waits placed on the axis; without a time; with a time on another axis. */
  placed: number;
  unplaced: number;
  elsewhere: number;
}

/** Type-7 quantile of `a` (rearranged in place) by selection, not sorting. a is non-empty and NaN-free. */
function quantileBySelection(a: Float64Array, p: number): number {
  const n = a.length;
  const index = 1 + (n - 1) * p;
  const lo = Math.floor(index);
  const xLo = selectInPlace(a, lo - 1);
  let xHi = xLo;
  if (index > lo) {
    // After selection every value right of lo − 1 is ≥ xLo: the next order statistic is their minimum.
    xHi = Infinity;
    for (let j = lo; j < n; j++) if ((a[j] as number) < xHi) xHi = a[j] as number;
  }
  return quantileType7(n, p, (rank) => (rank === lo ? xLo : xHi));
}

/** ela (µs) and DatasetClock.columns() of the same waits, in sample order. */
export function latencyOverTime(ela: Float64Array, micros: Float64Array, domain: Int32Array, options: OverTimeOptions): LatencyOverTime {
  const n = ela.length;
  const want = options.domain;
  const origin = options.origin ?? 'clock';
  const view = options.view ?? MICRO_VIEW;
  let lo = Infinity;
  let hi = -Infinity;
  let unplaced = 0;
  let elsewhere = 0;
  for (let i = 0; i < n; i++) {
    const d = domain[i] as number;
    if (d !== want) {
      if (d < 0) unplaced++;
      else elsewhere++;
      continue;
    }
    const t = micros[i] as number;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  const placed = n - unplaced - elsewhere;
  const interval = options.intervalMicros ?? chooseInterval(placed > 0 ? hi - lo : 0);
  if (!(Number.isInteger(interval) && interval >= 1)) throw new RangeError(`over time: the interval must be a whole number of µs ≥ 1, got ${interval}`);
  const start = placed === 0 ? 0 : origin === 'start' ? lo : Math.floor(lo / interval) * interval;
  const intervals = placed === 0 ? 0 : Math.floor((hi - start) / interval) + 1;
  if (intervals > MAX_INTERVALS) {
    throw new RangeError(`over time: an interval of ${formatInterval(interval)} cuts the ${formatInterval(Math.ceil(hi - lo))} of waits into ${intervals.toLocaleString('en-US')} intervals, more than ${MAX_INTERVALS.toLocaleString('en-US')}; take a longer interval`);
  }
  // Pass 2: each placed wait's interval and bucket, over every bucket of the view.
  const bucketOf = log2Bucketer(view);
  const width = view.topExponent + 2;
  const fullCount = new Float64Array(intervals * width);
  const fullWaited = new Float64Array(intervals * width);
  const perCount = new Float64Array(intervals);
  const max = new Float64Array(intervals).fill(NaN);
  const at = new Int32Array(n).fill(-1);
  let kMin = width;
  let kMax = -1;
  for (let i = 0; i < n; i++) {
    if ((domain[i] as number) !== want) continue;
    const e = ela[i] as number;
    const k = bucketOf(e);
    // Clamped: (hi − start) / interval can round up to `intervals` for non-integer µs.
    const iv = Math.min(intervals - 1, Math.floor(((micros[i] as number) - start) / interval));
    at[i] = iv;
    const cell = iv * width + k;
    fullCount[cell] = (fullCount[cell] as number) + 1;
    fullWaited[cell] = (fullWaited[cell] as number) + e;
    perCount[iv] = (perCount[iv] as number) + 1;
    if (!(e <= (max[iv] as number))) max[iv] = e;
    if (k < kMin) kMin = k;
    if (k > kMax) kMax = k;
  }
  // Counting sort of the placed waits' ela by interval, then exact quantiles per interval.
  const offset = new Float64Array(intervals + 1);
  for (let iv = 0; iv < intervals; iv++) offset[iv + 1] = (offset[iv] as number) + (perCount[iv] as number);
  const fill = offset.slice(0, intervals);
  const sorted = new Float64Array(placed);
  for (let i = 0; i < n; i++) {
    const iv = at[i] as number;
    if (iv < 0) continue;
    sorted[fill[iv] as number] = ela[i] as number;
    fill[iv] = (fill[iv] as number) + 1;
  }
  const p50 = new Float64Array(intervals).fill(NaN);
  const p99 = new Float64Array(intervals).fill(NaN);
  for (let iv = 0; iv < intervals; iv++) {
    const c = perCount[iv] as number;
    const part = sorted.subarray(offset[iv] as number, (offset[iv] as number) + c);
    if (isEstimable('p99', c)) p99[iv] = quantileBySelection(part, 0.99);
    if (isEstimable('median', c)) p50[iv] = quantileBySelection(part, 0.5);
  }
  // Keep the buckets from the lowest non-empty to the highest.
  const nb = kMax >= kMin ? kMax - kMin + 1 : 0;
  const count = new Float64Array(intervals * nb);
  const timeWaited = new Float64Array(intervals * nb);
  for (let iv = 0; iv < intervals; iv++) {
    count.set(fullCount.subarray(iv * width + kMin, iv * width + kMin + nb), iv * nb);
    timeWaited.set(fullWaited.subarray(iv * width + kMin, iv * width + kMin + nb), iv * nb);
  }
  return {
    intervalMicros: interval,
    domain: want,
    origin,
    start,
    first: placed > 0 ? lo : NaN,
    last: placed > 0 ? hi : NaN,
    intervals,
    buckets: Array.from({ length: nb }, (_, b) => log2BucketBounds(kMin + b, view)),
    count,
    timeWaited,
    perInterval: { count: perCount, p50, p99, max },
    placed,
    unplaced,
    elsewhere,
  };
}

/** The axis (domain) holding the most waits, UTC first, then local, then the lowest raw-tim domain; -1 when no wait has a time. */
export function busiestDomain(domain: Int32Array): number {
  const tally = new Map<number, number>();
  for (let i = 0; i < domain.length; i++) {
    const d = domain[i] as number;
    if (d >= 0) tally.set(d, (tally.get(d) ?? 0) + 1);
  }
  let best = -1;
  let most = 0;
  for (const [d, c] of [...tally].sort((a, b) => a[0] - b[0])) {
    if (c > most) {
      best = d;
      most = c;
    }
  }
  return best;
}
