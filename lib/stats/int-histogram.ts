/**
 * Exact integer histogram: distinct value → count, the canonical store of stats.md §3.
 *
 * `ela` is integer µs, so this is lossless: it answers type-7 quantiles, mean and sd exactly as
 * the sorted sample would, in O(#distinct) memory (≈ 7k–20k values for 4 M waits, stats.md §3).
 * Plain data (typed arrays, no class) so it can cross a worker boundary by transfer.
 */
import { quantileType7 } from './quantile';

export interface IntHistogram {
  /** Distinct sample values, strictly ascending; non-negative safe integers. */
  readonly values: Float64Array;
  /** counts[k] = how many samples equal values[k] (always ≥ 1). */
  readonly counts: Float64Array;
  /** cumulative[k] = counts[0] + … + counts[k]: Cₖ of stats.md §2.1. */
  readonly cumulative: Float64Array;
  /** Number of samples (0 for an empty histogram). */
  readonly total: number;
}

/**
 * Widest value range counted in a dense table rather than by sorting. A Uint32 table of
 * 2n cells costs 8n bytes, the same as the Float64 copy the sort path would make, so the dense
 * path never uses more memory than sorting; the 2^16 floor keeps small samples on it too.
 */
export function denseRangeLimit(n: number): number {
  return Math.max(1 << 16, 2 * n);
}

const isNonNegativeSafeInteger = (v: number): boolean =>
  v >= 0 && v <= Number.MAX_SAFE_INTEGER && Math.floor(v) === v;

/** Index of the first value that is not a non-negative safe integer, or -1; also min and max. */
function scan(values: Float64Array): { bad: number; min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!isNonNegativeSafeInteger(v)) return { bad: i, min, max };
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { bad: -1, min, max };
}

/**
 * Builds from parallel arrays of distinct ascending values and counts (cumulative computed): also
 * for counts made elsewhere (per parsed range, lib/stats/range-histograms.ts; or by the parser
 * itself, lib/trace/ela-tally.ts).
 */
export function fromCounts(values: Float64Array, counts: Float64Array): IntHistogram {
  const cumulative = new Float64Array(counts.length);
  let running = 0;
  for (let k = 0; k < counts.length; k++) {
    running += counts[k]!;
    cumulative[k] = running;
  }
  return { values, counts, cumulative, total: running };
}

/** Counting pass into a table indexed by v − min: O(n + range), no sort, no copy of the input. */
function buildDense(values: Float64Array, min: number, max: number): IntHistogram {
  const table = new Uint32Array(max - min + 1);
  for (let i = 0; i < values.length; i++) {
    const cell = values[i]! - min;
    table[cell] = table[cell]! + 1;
  }
  let distinct = 0;
  for (let j = 0; j < table.length; j++) if (table[j] !== 0) distinct++;
  const vs = new Float64Array(distinct);
  const cs = new Float64Array(distinct);
  let k = 0;
  for (let j = 0; j < table.length; j++) {
    const c = table[j]!;
    if (c !== 0) {
      vs[k] = j + min;
      cs[k] = c;
      k++;
    }
  }
  return fromCounts(vs, cs);
}

/**
 * Run-length encodes an ascending-sorted array of non-negative safe integers (also the fallback
 * when the range is too wide to count). Throws a RangeError on a descent or a non-integer.
 */
export function intHistogramFromSorted(sorted: Float64Array): IntHistogram {
  const vs: number[] = [];
  const cs: number[] = [];
  let i = 0;
  while (i < sorted.length) {
    const v = sorted[i]!;
    if (!isNonNegativeSafeInteger(v) || (i > 0 && !(v > sorted[i - 1]!))) {
      throw new RangeError(`int histogram: index ${i} is unsorted or not a non-negative integer`);
    }
    let j = i + 1;
    while (j < sorted.length && sorted[j] === v) j++;
    vs.push(v);
    cs.push(j - i);
    i = j;
  }
  return fromCounts(Float64Array.from(vs), Float64Array.from(cs));
}

/**
 * The histogram, or null when it is not the right tool: some value is not a non-negative safe
 * integer (fractional, negative, NaN, ±∞), or the range exceeds `denseRangeLimit`. Never sorts.
 */
export function tryBuildIntHistogram(values: Float64Array): IntHistogram | null {
  const { bad, min, max } = scan(values);
  if (bad >= 0) return null;
  if (values.length === 0) return fromCounts(new Float64Array(0), new Float64Array(0));
  if (max - min + 1 > denseRangeLimit(values.length)) return null;
  return buildDense(values, min, max);
}

/**
 * The histogram of any sample of non-negative safe integers: counted densely when the range is
 * small, else by sorting a copy. Throws a RangeError naming the first offending value otherwise.
 */
export function buildIntHistogram(values: Float64Array): IntHistogram {
  const { bad, min, max } = scan(values);
  if (bad >= 0) {
    throw new RangeError(
      `int histogram: value ${values[bad]} at index ${bad} is not a non-negative safe integer`,
    );
  }
  if (values.length === 0) return fromCounts(new Float64Array(0), new Float64Array(0));
  if (max - min + 1 <= denseRangeLimit(values.length)) return buildDense(values, min, max);
  return intHistogramFromSorted(values.slice().sort());
}

/** x₍ᵣ₎: the value at the first k with Cₖ ≥ r (stats.md §2.1, histogram form), by binary search. */
export function intHistogramAt(h: IntHistogram, rank: number): number {
  if (!(Number.isInteger(rank) && rank >= 1 && rank <= h.total)) {
    throw new RangeError(`int histogram: rank ${rank} outside 1..${h.total}`);
  }
  let lo = 0;
  let hi = h.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (h.cumulative[mid]! >= rank) hi = mid;
    else lo = mid + 1;
  }
  return h.values[lo]!;
}

/** Type-7 quantile; identical to `quantileSorted` on the sorted sample (same code path). */
export function intHistogramQuantile(h: IntHistogram, p: number): number {
  return quantileType7(h.total, p, (rank) => intHistogramAt(h, rank));
}

/** `intHistogramQuantile` for several probabilities, in the order given. */
export function intHistogramQuantiles(h: IntHistogram, ps: readonly number[]): number[] {
  return ps.map((p) => intHistogramQuantile(h, p));
}
