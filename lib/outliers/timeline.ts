/**
 * Points of ela against wall-clock time for plotting millions of waits. Two rules, both
 * deterministic (same input, same points):
 * 1. every wait with ela strictly above the dataset's p99 (R type 7) is kept: the tail is what a
 *    person looks for, so it is never sampled away;
 * 2. the others are thinned per time bucket: each domain's time span is cut into `buckets` equal
 *    buckets (default 1,000), and in each the shortest and the longest wait are kept (the first
 *    in sample order among equals). That keeps the envelope a dense scatter shows, in at most
 *    2 points per bucket, however many waits fall in it;
 * 3. and every k-th of them in sample order, k chosen so about `sample` (default 20,000) are kept:
 *    the envelope alone would leave the body of the distribution (the ~600 µs commits) blank.
 * So a domain yields at most (waits above p99) + 2·buckets + sample points. Waits without a time
 * (no tim) cannot be placed and are counted in `unplaced`. Output is columnar and sorted by time.
 */
import { quantileOf } from './clusters';

/** Timeline points a shared report may carry per dataset: enough to see the shape and every big wait. */
export const SHARED_TIMELINE_POINTS = 20_000;

export const DEFAULT_TIMELINE_BUCKETS = 1_000;
export const TIMELINE_KEEP_P = 0.99;
export const DEFAULT_TIMELINE_SAMPLE = 20_000;

export interface TimelinePoints {
  /** Sample indices of the kept points, sorted by (domain, time, index). */
  index: Uint32Array;
  ela: Float64Array;
  micros: Float64Array;
  domain: Int32Array;
  /** The p99 above which every wait is kept, µs. */
  keepAbove: number;
  /**
   * Every wait with a time is among the points: the stride was 1, nothing below keepAbove was
   * sampled away (small datasets). A figure must then not call the points below keepAbove a sample.
   */
  complete: boolean;
  /** Waits that had a time, and those that did not. */
  placed: number;
  unplaced: number;
}

/** `micros`/`domain` are DatasetClock.columns() of the same samples. */
export function downsampleTimeline(ela: Float64Array, micros: Float64Array, domain: Int32Array, options: { buckets?: number; keepAbove?: number; sample?: number } = {}): TimelinePoints {
  const n = ela.length;
  const buckets = options.buckets ?? DEFAULT_TIMELINE_BUCKETS;
  if (!(Number.isInteger(buckets) && buckets >= 1)) throw new RangeError(`timeline: buckets must be a whole number ≥ 1, got ${buckets}`);
  const keepAbove = options.keepAbove ?? (n > 0 ? quantileOf(ela, TIMELINE_KEEP_P) : 0);
  // Span of each domain.
  const span = new Map<number, { lo: number; hi: number }>();
  let unplaced = 0;
  for (let i = 0; i < n; i++) {
    const d = domain[i] as number;
    if (d < 0) {
      unplaced++;
      continue;
    }
    const t = micros[i] as number;
    const s = span.get(d);
    if (!s) span.set(d, { lo: t, hi: t });
    else if (t < s.lo) s.lo = t;
    else if (t > s.hi) s.hi = t;
  }
  // Per (domain, bucket): index of the min and of the max below the keep line; -1 when empty.
  const slots = new Map<number, Int32Array>();
  for (const d of span.keys()) slots.set(d, new Int32Array(2 * buckets).fill(-1));
  const keep = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const d = domain[i] as number;
    if (d < 0) continue;
    const e = ela[i] as number;
    if (e > keepAbove) {
      keep[i] = 1;
      continue;
    }
    const s = span.get(d) as { lo: number; hi: number };
    const width = (s.hi - s.lo) / buckets;
    const b = width > 0 ? Math.min(buckets - 1, Math.floor(((micros[i] as number) - s.lo) / width)) : 0;
    const slot = slots.get(d) as Int32Array;
    const lo = slot[2 * b] as number;
    const hi = slot[2 * b + 1] as number;
    if (lo < 0 || e < (ela[lo] as number)) slot[2 * b] = i;
    if (hi < 0 || e > (ela[hi] as number)) slot[2 * b + 1] = i;
  }
  for (const slot of slots.values()) for (const i of slot) if (i >= 0) keep[i] = 1;
  // Rule 3: a stride through the waits at or below the keep line, in sample order.
  const sample = options.sample ?? DEFAULT_TIMELINE_SAMPLE;
  let below = 0;
  for (let i = 0; i < n; i++) if ((domain[i] as number) >= 0 && (ela[i] as number) <= keepAbove) below++;
  if (sample > 0 && below > 0) {
    const stride = Math.max(1, Math.ceil(below / sample));
    let seen = 0;
    for (let i = 0; i < n; i++) {
      if ((domain[i] as number) < 0 || (ela[i] as number) > keepAbove) continue;
      if (seen++ % stride === 0) keep[i] = 1;
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(i);
  kept.sort((a, b) => (domain[a] as number) - (domain[b] as number) || (micros[a] as number) - (micros[b] as number) || a - b);
  const index = Uint32Array.from(kept);
  return {
    index,
    ela: Float64Array.from(index, (i) => ela[i] as number),
    micros: Float64Array.from(index, (i) => micros[i] as number),
    domain: Int32Array.from(index, (i) => domain[i] as number),
    keepAbove,
    complete: index.length === n - unplaced,
    placed: n - unplaced,
    unplaced,
  };
}
