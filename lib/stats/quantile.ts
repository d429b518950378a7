/**
 * Sample quantiles, R's default definition (Hyndman & Fan type 7), reproduced bit for bit.
 *
 * Source: R `stats:::quantile.default`, type-7 branch (src/library/stats/R/quantile.R, R 4.x),
 * as quoted in docs/stats.md §2.1:
 *
 *   index <- 1 + max(n - 1, 0) * probs ; lo <- floor(index) ; hi <- ceiling(index)
 *   qs <- x[lo] ; i <- which(index > lo & x[hi] != qs) ; h <- (index - lo)[i]
 *   qs[i] <- (1 - h) * qs[i] + h * x[hi[i]]
 *
 * Two details matter for matching R's digits, not just its value:
 * - the weighted form `(1 - h) * a + h * b` rounds differently from `a + h * (b - a)` (d3) and
 *   from numpy's `_lerp` (which switches to `b - (b - a) * (1 - h)` for h ≥ 0.5);
 * - when `x[hi] == x[lo]` R returns `x[lo]` untouched; the weighted form would not always give
 *   it back exactly (e.g. a = 1.7, h ≈ 0.4 gives 1.6999999999999997).
 *
 * Older R (e.g. the 2012-era source) tested `h == 0` instead of `x[hi] != x[lo]`; for finite
 * data the two agree except in the last bit when x[hi] == x[lo], where we follow current R.
 *
 * One deliberate difference: recent R tolerates p a few ε outside [0, 1] and clamps it (not
 * re-verified here); we throw a RangeError, since every caller passes exact constants.
 */

/** The r-th smallest sample value, for a 1-based rank 1 ≤ r ≤ n (x₍ᵣ₎ in stats.md §2.1). */
export type OrderStatistic = (rank: number) => number;

/** Throws a RangeError unless 0 ≤ p ≤ 1 (NaN is rejected too). */
export function assertProbability(p: number): void {
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`quantile: p must be in [0, 1], got ${p}`);
  }
}

/**
 * Type-7 quantile of n values, given any way to fetch order statistics. Sorted arrays and
 * integer histograms both go through this one function, so they cannot disagree (stats.md §3).
 */
export function quantileType7(n: number, p: number, at: OrderStatistic): number {
  if (!(n >= 1)) throw new RangeError('quantile: empty input');
  assertProbability(p);
  const index = 1 + (n - 1) * p;
  const lo = Math.floor(index);
  const q = at(lo);
  if (index > lo) {
    const xHi = at(Math.ceil(index));
    if (xHi !== q) {
      const h = index - lo;
      return (1 - h) * q + h * xHi;
    }
  }
  return q;
}

/**
 * Type-7 quantile of an ascending-sorted array (NaN-free). Sortedness is the caller's promise
 * and is not checked here: this is O(1) and is called in loops.
 */
export function quantileSorted(sorted: Float64Array, p: number): number {
  return quantileType7(sorted.length, p, (rank) => sorted[rank - 1]!);
}

/** `quantileSorted` for several probabilities, in the order given. */
export function quantilesSorted(sorted: Float64Array, ps: readonly number[]): number[] {
  return ps.map((p) => quantileSorted(sorted, p));
}
