/**
 * Power-of-two wait buckets with Oracle's semantics (stats.md §4), so a trace can be laid beside
 * AWR or the V$ views:
 * - V$EVENT_HISTOGRAM_MICRO: "< 1 µs", "< 2 µs", … "< 2^32 µs", "≥ 2^32 µs";
 * - V$EVENT_HISTOGRAM:       "< 1 ms", "< 2 ms", … "< 2^22 ms", "≥ 2^22 ms".
 * Oracle's reference defines the row labelled num as "waits of duration < num that are not
 * included in any smaller bucket", so "< 2^k" holds [2^(k−1), 2^k), "< 1" holds [0, 1), and an
 * exact power of two goes to the NEXT bucket (512 µs → "< 1024 µs"; 1000 µs → "< 2 ms").
 *
 * Bounds are reported in µs for both views (units are converted for display only in
 * components/): the ms view's "< 4 ms" bucket has upperBound 4000. The open top bucket has
 * upperBound null (null survives JSON, Infinity does not).
 */

import { countsOf, type Counts } from './counts';

export interface Log2Bucket {
  /** Inclusive lower edge in µs: 0 for the "< 1" bucket, else upperBound / 2 (or the top edge). */
  lowerBound: number;
  /** Exclusive upper edge in µs, or null for the open "≥ 2^top" bucket. */
  upperBound: number | null;
  count: number;
}

/** One V$ view: its unit in µs and the exponent of its last closed bucket. */
export interface Log2View {
  readonly unitMicros: number;
  readonly topExponent: number;
}

/** V$EVENT_HISTOGRAM_MICRO (12c+ reference): last closed bucket "< 2^32 µs". */
export const MICRO_VIEW: Log2View = { unitMicros: 1, topExponent: 32 };
/** V$EVENT_HISTOGRAM (10g–23ai reference): last closed bucket "< 2^22 ms". */
export const MILLI_VIEW: Log2View = { unitMicros: 1000, topExponent: 22 };

/** edges[k] = unit·2^k in µs, k = 0..top: exact doubles, so every comparison below is exact. */
function edgesOf(view: Log2View): Float64Array {
  const edges = new Float64Array(view.topExponent + 1);
  for (let k = 0; k <= view.topExponent; k++) edges[k] = view.unitMicros * 2 ** k;
  return edges;
}

/**
 * Bucket index k of a wait t µs: 0 for t < unit ("< 1"), k for [unit·2^(k−1), unit·2^k),
 * top + 1 for t ≥ unit·2^top (the open bucket).
 *
 * The first guess is ⌊log2 u⌋ + 1 = 32 − clz32(⌊u⌋) for u = t/unit, which is exact integer
 * arithmetic (no float log2) but only valid below 2^32: Math.clz32 takes its argument mod 2^32,
 * so 2^32 itself would read as 0. Larger waits are caught first by the top-edge test. The guess
 * is then checked against the exact µs edges, since t/1000 can round for non-integer t.
 */
function bucketIndex(t: number, edges: Float64Array, top: number, unit: number): number {
  if (!(t >= 0)) throw new RangeError(`log2 buckets: wait ${t} is negative or NaN`);
  if (t < edges[0]!) return 0;
  if (t >= edges[top]!) return top + 1;
  let k = 32 - Math.clz32(Math.floor(unit === 1 ? t : t / unit));
  if (t < edges[k - 1]!) k--;
  else if (t >= edges[k]!) k++;
  return k;
}

/**
 * A bucket-index function for loops over millions of waits (latency-over-time.ts): the edges are
 * built once. Index k as in bucketIndex: 0 for "< 1", top + 1 for the open bucket.
 */
export function log2Bucketer(view: Log2View = MICRO_VIEW): (t: number) => number {
  const edges = edgesOf(view);
  return (t) => bucketIndex(t, edges, view.topExponent, view.unitMicros);
}

/** The bounds in µs of bucket index k (0 … top + 1) of a view, as bucketLog2 reports them. */
export function log2BucketBounds(k: number, view: Log2View = MICRO_VIEW): { lowerBound: number; upperBound: number | null } {
  const top = view.topExponent;
  return { lowerBound: k === 0 ? 0 : view.unitMicros * 2 ** (k - 1), upperBound: k > top ? null : view.unitMicros * 2 ** k };
}

/** The exclusive upper bound in µs of the bucket that holds a wait of t µs (null: open bucket). */
export function log2BucketUpperBound(t: number, view: Log2View = MICRO_VIEW): number | null {
  const edges = edgesOf(view);
  const k = bucketIndex(t, edges, view.topExponent, view.unitMicros);
  return k > view.topExponent ? null : edges[k]!;
}

/**
 * Counts per bucket, from the first non-empty bucket to the last, empty buckets in between kept
 * (so a chart has no gaps to guess at); [] for an empty sample. One pass, no copy.
 * Throws a RangeError on a negative or NaN wait.
 */
export function bucketLog2(values: Float64Array, view: Log2View = MICRO_VIEW): Log2Bucket[] {
  return bucketLog2OfCounts(countsOf(values), view);
}

/** `bucketLog2` of a sample's counts: one bucket search per distinct value. */
export function bucketLog2OfCounts(c: Counts, view: Log2View = MICRO_VIEW): Log2Bucket[] {
  const top = view.topExponent;
  const edges = edgesOf(view);
  const counts = new Float64Array(top + 2);
  for (let i = 0; i < c.values.length; i++) {
    const k = bucketIndex(c.values[i]!, edges, top, view.unitMicros);
    counts[k] = counts[k]! + c.counts[i]!;
  }
  let first = 0;
  while (first < counts.length && counts[first] === 0) first++;
  let last = counts.length - 1;
  while (last >= first && counts[last] === 0) last--;
  const out: Log2Bucket[] = [];
  for (let k = first; k <= last; k++) {
    out.push({ ...log2BucketBounds(k, view), count: counts[k]! });
  }
  return out;
}

/** V$EVENT_HISTOGRAM_MICRO buckets of waits in µs. */
export function bucketLog2Micros(values: Float64Array): Log2Bucket[] {
  return bucketLog2(values, MICRO_VIEW);
}

/** V$EVENT_HISTOGRAM (ms) buckets of waits in µs; bounds stay in µs (1000·2^k). */
export function bucketLog2Millis(values: Float64Array): Log2Bucket[] {
  return bucketLog2(values, MILLI_VIEW);
}
