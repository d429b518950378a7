/**
 * A sample as its distinct values and how many times each occurs: the one shape of counts in
 * waitscope (stats.md §3, "Canonical store"). The parser's tally, the per-range histograms, the
 * summary, the quantiles, the tests and the bootstrap all read and write this shape.
 *
 * Lossless: every statistic waitscope reports is a function of the distinct values and their
 * counts, and for integer µs waits there are few of them (≈ 7k–20k values for 4 M waits).
 * Plain data (typed arrays, no class) so it can cross a worker boundary by transfer.
 */
import { DenseCounter } from './dense-counter';
import { quantileType7 } from './quantile';

export interface Counts {
  /** Distinct sample values, strictly ascending, NaN-free. */
  readonly values: Float64Array;
  /** counts[k] = how many samples equal values[k] (always ≥ 1). */
  readonly counts: Float64Array;
  /** cumulative[k] = counts[0] + … + counts[k]: Cₖ of stats.md §2.1. */
  readonly cumulative: Float64Array;
  /** Number of samples (0 when empty). */
  readonly total: number;
}

/** Counts from parallel arrays of distinct ascending values and their counts (cumulative computed). */
export function countsFrom(values: Float64Array, counts: Float64Array): Counts {
  const cumulative = new Float64Array(counts.length);
  let running = 0;
  for (let k = 0; k < counts.length; k++) {
    running += counts[k]!;
    cumulative[k] = running;
  }
  return { values, counts, cumulative, total: running };
}

export const emptyCounts = (): Counts => countsFrom(new Float64Array(0), new Float64Array(0));

/**
 * Widest value range counted in a dense table rather than by sorting. A Uint32 table of
 * 2n cells costs 8n bytes, the same as the Float64 copy the sort path would make, so the dense
 * path never uses more memory than sorting; the 2^16 floor keeps small samples on it too.
 * (A sample's sessions, lib/stats/sample.ts, are counted on a table of up to 1 M cells on purpose.)
 */
export function denseRangeLimit(n: number): number {
  return Math.max(1 << 16, 2 * n);
}

/** A whole number of 0 or more that a double holds exactly. */
export const isNonNegativeSafeInteger = (v: number): boolean => v >= 0 && v <= Number.MAX_SAFE_INTEGER && Math.floor(v) === v;

/** min and max of a non-empty sample of non-negative safe integers; null for any other sample (empty, a fraction, a negative, NaN, ±∞). */
export function wholeRange(values: Float64Array): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!isNonNegativeSafeInteger(v)) return null;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return values.length > 0 ? { min, max } : null;
}

/**
 * min and max of a non-empty sample of non-negative safe integers whose range fits
 * `denseRangeLimit`: a sample a dense table counts. null for any other sample (empty, a fraction,
 * a negative, NaN, ±∞, or too wide a range).
 */
export function denseRange(values: Float64Array): { min: number; max: number } | null {
  const range = wholeRange(values);
  return range !== null && range.max - range.min + 1 <= denseRangeLimit(values.length) ? range : null;
}

/**
 * The counts of a sample `denseRange` accepts, by one counting pass (no sort, no copy of the
 * input); empty counts for an empty sample; null for any other sample.
 */
export function tryDenseCounts(values: Float64Array): Counts | null {
  if (values.length === 0) return emptyCounts();
  const range = denseRange(values);
  if (range === null) return null;
  const cells = range.max - range.min + 1;
  const counter = new DenseCounter({ offset: range.min, cells, limit: cells });
  counter.addAll(values, 0, values.length);
  const { values: vs, counts: cs } = counter.take();
  return countsFrom(vs, cs);
}

/**
 * Run-length encodes an ascending-sorted sample. Throws a RangeError on a descent or NaN: a
 * caller that passed unsorted data has a bug that would otherwise give plausible wrong quantiles.
 */
export function countsOfSorted(sorted: Float64Array): Counts {
  if (sorted.length > 0 && Number.isNaN(sorted[sorted.length - 1])) throw new RangeError('stats: NaN in sample');
  const values = new Float64Array(sorted.length);
  const counts = new Float64Array(sorted.length);
  let k = -1;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    if (k >= 0 && values[k] === v) counts[k] = counts[k]! + 1;
    else {
      if (k >= 0 && !(v > values[k]!)) throw new RangeError(`stats: sample is not sorted ascending (or has NaN) at index ${i}`);
      k++;
      values[k] = v;
      counts[k] = 1;
    }
  }
  return countsFrom(values.slice(0, k + 1), counts.slice(0, k + 1));
}

/**
 * The counts of any sample in any order: counted densely when it applies (integer µs), else from
 * one sorted copy. The input is never mutated. Throws a RangeError on NaN.
 */
export function countsOf(values: Float64Array): Counts {
  return tryDenseCounts(values) ?? countsOfSorted(values.slice().sort());
}

/** x₍ᵣ₎: the value at the first k with Cₖ ≥ r (stats.md §2.1, histogram form), by binary search. */
export function countAt(c: Counts, rank: number): number {
  if (!(Number.isInteger(rank) && rank >= 1 && rank <= c.total)) {
    throw new RangeError(`counts: rank ${rank} outside 1..${c.total}`);
  }
  let lo = 0;
  let hi = c.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (c.cumulative[mid]! >= rank) hi = mid;
    else lo = mid + 1;
  }
  return c.values[lo]!;
}

/** Type-7 quantile; identical to `quantileSorted` on the sorted sample (same code path). */
export function countsQuantile(c: Counts, p: number): number {
  return quantileType7(c.total, p, (rank) => countAt(c, rank));
}

/** `countsQuantile` for several probabilities, in the order given. */
export function countsQuantiles(c: Counts, ps: readonly number[]): number[] {
  return ps.map((p) => countsQuantile(c, p));
}

/**
 * Walks the union of two counts' distinct values in ascending order, calling
 * `visit(countA, countB)` once per distinct value (one count may be 0).
 */
export function forEachPooledValue(
  a: Pick<Counts, 'values' | 'counts'>,
  b: Pick<Counts, 'values' | 'counts'>,
  visit: (countA: number, countB: number, value: number) => void,
): void {
  const va = a.values;
  const vb = b.values;
  let i = 0;
  let j = 0;
  while (i < va.length || j < vb.length) {
    // Ends tested by index, not an Infinity sentinel: a value may itself be +∞.
    if (j >= vb.length || (i < va.length && va[i]! < vb[j]!)) visit(a.counts[i]!, 0, va[i++]!);
    else if (i >= va.length || vb[j]! < va[i]!) visit(0, b.counts[j]!, vb[j++]!);
    else visit(a.counts[i]!, b.counts[j++]!, va[i++]!);
  }
}

/**
 * Two counts as one (counts of equal values add); cumulative not computed. The walk of
 * forEachPooledValue, written out: through its callback, which many callers share, each value
 * cost a call V8 could not inline, and joining a 1 GiB profile's ranges spent ~25 ms here, on the
 * calling thread after both threads had finished (CPU profile, 2026-12-02).
 */
function mergeTwo(a: Pick<Counts, 'values' | 'counts'>, b: Pick<Counts, 'values' | 'counts'>): Pick<Counts, 'values' | 'counts'> {
  const va = a.values;
  const vb = b.values;
  const ca = a.counts;
  const cb = b.counts;
  const values = new Float64Array(va.length + vb.length);
  const counts = new Float64Array(values.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < va.length && j < vb.length) {
    const x = va[i]!;
    const y = vb[j]!;
    if (x < y) {
      values[k] = x;
      counts[k++] = ca[i++]!;
    } else if (y < x) {
      values[k] = y;
      counts[k++] = cb[j++]!;
    } else {
      values[k] = x;
      counts[k++] = ca[i++]! + cb[j++]!;
    }
  }
  // The rest of one side (ends tested by index, not an Infinity sentinel: a value may itself be +∞),
  // copied whole: as loops they ran only after the loop above had been compiled on the stack (OSR)
  // without feedback for them, and every merge of a `stats` join threw that code away (9 deopts
  // "insufficient type feedback" in one run of the 1 GiB trace, 2026-12-03).
  values.set(va.subarray(i), k);
  counts.set(ca.subarray(i), k);
  k += va.length - i;
  values.set(vb.subarray(j), k);
  counts.set(cb.subarray(j), k);
  k += vb.length - j;
  return { values: values.subarray(0, k), counts: counts.subarray(0, k) };
}

/**
 * The counts of the union of disjoint samples, from theirs: the same distinct values, counts and
 * cumulative counts as counting all the samples at once (so every statistic is the same to the
 * last bit). Pairwise merges in a balanced tree: O(distinct values × log parts). Parts need only
 * values and counts (a parser range's tally has no cumulative counts).
 */
export function mergeCounts(parts: readonly Pick<Counts, 'values' | 'counts'>[]): Counts {
  if (parts.length === 1) {
    const only = parts[0]!;
    return countsFrom(only.values.slice(), only.counts.slice());
  }
  let level = parts.slice();
  if (level.length === 0) return emptyCounts();
  while (level.length > 1) {
    const next: Pick<Counts, 'values' | 'counts'>[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i]!;
      const b = level[i + 1];
      next.push(b ? mergeTwo(a, b) : a);
    }
    level = next;
  }
  const { values, counts } = level[0]!;
  return countsFrom(values.slice(), counts.slice());
}
