/**
 * The N largest waits with their sample indices (Fig 15.16: "the top 10,000 waits from each of
 * the roughly 8,000,000 waits", stats.md §1), in descending order of value; equal values in
 * ascending order of index, so the result is fully determined by the input.
 *
 * Method, O(n + N log N) and at most one copy:
 * 1. the threshold T = N-th largest value: from the integer histogram for integer µs input
 *    (no copy), else by quickselect on one copy;
 * 2. one pass keeps every value > T and the first (lowest-index) values = T until N are kept;
 * 3. only those N are sorted.
 * A bounded heap would be O(n log N) in the worst case (ascending input); this is linear.
 */
import { countAt, tryDenseCounts, type Counts } from './counts';
import { selectInPlace } from './select-in-place';

export interface TopN {
  /** The N largest values, descending. */
  values: Float64Array;
  /** indices[i] = position in the input of values[i]; ties in ascending index order. */
  indices: Uint32Array;
}

export const DEFAULT_TOP_N = 10_000;

/** The smallest default N of Figure 15.16: fewer waits than this cannot shape 60 bins. */
export const MIN_DEFAULT_TOP_N = 100;

/**
 * The default N of Figure 15.16 for datasets of these sizes: 2.5 % of the smallest, between
 * MIN_DEFAULT_TOP_N and DEFAULT_TOP_N, rounded to two significant digits, and never more waits
 * than a dataset has.
 *
 * Why 2.5 %: the book takes the top 10,000, and the issue keeps exactly that wherever a dataset has
 * 400,000 waits or more, i.e. from 2.5 % down. Below that a fixed 10,000 stops being "the tail":
 * of 80,000 waits it is the slowest 12.5 %, mostly the body of the distribution, and 9,500 of them
 * crowd the first bin. The same share of every size keeps the figure about the slowest 2.5 %.
 * The smallest dataset sets it because the figure compares every dataset at one N.
 */
export function defaultTopCount(datasetSizes: readonly number[]): number {
  const sizes = datasetSizes.filter((n) => n > 0);
  if (sizes.length === 0) return 0;
  const smallest = Math.min(...sizes);
  const share = Math.min(DEFAULT_TOP_N, Math.max(MIN_DEFAULT_TOP_N, Number((0.025 * smallest).toPrecision(2))));
  return Math.min(share, smallest);
}

/** The count-th largest value of a non-empty sample, 1 ≤ count ≤ n. */
function nthLargest(values: Float64Array, count: number): number {
  const n = values.length;
  const h = tryDenseCounts(values);
  if (h !== null) return countAt(h, n - count + 1);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(values[i])) throw new RangeError(`top n: NaN at index ${i}`);
  }
  return selectInPlace(values.slice(), n - count);
}

/**
 * The `count` (default 10,000) largest values with their indices; all n values when count ≥ n.
 * The input is not mutated. Throws a RangeError on NaN or a bad count.
 */
export function topN(values: Float64Array, count: number = DEFAULT_TOP_N): TopN {
  if (!(Number.isInteger(count) && count >= 0)) {
    throw new RangeError(`top n: count must be a non-negative integer, got ${count}`);
  }
  const n = values.length;
  if (n > 0xffffffff) throw new RangeError('top n: more samples than Uint32 indices can address');
  const k = Math.min(count, n);
  if (k === 0) return { values: new Float64Array(0), indices: new Uint32Array(0) };
  const threshold = nthLargest(values, k);

  let greater = 0;
  for (let i = 0; i < n; i++) if (values[i]! > threshold) greater++;
  let equalSlots = k - greater;
  const indices = new Uint32Array(k);
  let m = 0;
  for (let i = 0; i < n && m < k; i++) {
    const v = values[i]!;
    if (v > threshold) indices[m++] = i;
    else if (v === threshold && equalSlots > 0) {
      indices[m++] = i;
      equalSlots--;
    }
  }
  indices.sort((a, b) => values[b]! - values[a]! || a - b);
  const out = new Float64Array(k);
  for (let i = 0; i < k; i++) out[i] = values[indices[i]!]!;
  return { values: out, indices };
}

/** The `count` largest values of a sample's counts, descending (topN's values, without indices). */
export function topValuesOfCounts(c: Counts, count: number = DEFAULT_TOP_N): Float64Array {
  if (!(Number.isInteger(count) && count >= 0)) {
    throw new RangeError(`top n: count must be a non-negative integer, got ${count}`);
  }
  const out = new Float64Array(Math.min(count, c.total));
  let at = 0;
  for (let k = c.values.length - 1; k >= 0 && at < out.length; k--) {
    const v = c.values[k]!;
    const end = Math.min(out.length, at + c.counts[k]!);
    out.fill(v, at, end);
    at = end;
  }
  return out;
}
