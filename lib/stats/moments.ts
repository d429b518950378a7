/**
 * Sum, mean and variance, accumulated over *runs* (a value v repeated c times).
 *
 * Why runs: an ascending-sorted array and an integer histogram (stats.md §3 "Canonical store")
 * present the same runs in the same order, so feeding both through this one accumulator makes
 * their results identical to the last bit, not merely close.
 *
 * Accuracy (stats.md §2.2):
 * - Sums use Neumaier's compensated summation. Integer µs sums below 2^53 are exact (every
 *   partial sum is representable, so the compensation stays 0); for other data the error is
 *   O(ε) independent of n instead of O(n·ε).
 * - Variance uses the corrected two-pass algorithm (Chan, Golub & LeVeque 1983, "Algorithms for
 *   computing the sample variance", eq. 1.7): S = Σc(v−m)² − (Σc(v−m))²/n, divided by n − 1
 *   (R's `sd`, numpy `ddof=1`). It avoids the cancellation of the one-pass Σx² − (Σx)²/n.
 */

/** Calls `visit(value, count)` once per run, in ascending order of value. */
export type RunSource = (visit: (value: number, count: number) => void) => void;

export interface Moments {
  count: number;
  /** Exact for integer data whose total is below 2^53. */
  sum: number;
  /** null when count is 0. */
  mean: number | null;
  /** Sample variance with the n − 1 denominator; null when count < 2. */
  variance: number | null;
}

/** Neumaier's variant of Kahan summation (Neumaier 1974): also correct when |x| > |sum|. */
class CompensatedSum {
  private s = 0;
  private c = 0;

  add(x: number): void {
    const t = this.s + x;
    this.c += Math.abs(this.s) >= Math.abs(x) ? this.s - t + x : x - t + this.s;
    this.s = t;
  }

  /** With an infinite partial sum the compensation is NaN; the plain sum is then the answer. */
  value(): number {
    return Number.isFinite(this.s) ? this.s + this.c : this.s;
  }
}

/** Moments of `count` samples presented as runs by `forEachRun` (called twice: two passes). */
export function momentsOfRuns(count: number, forEachRun: RunSource): Moments {
  const total = new CompensatedSum();
  forEachRun((v, c) => total.add(v * c));
  const sum = total.value();
  if (count === 0) return { count, sum, mean: null, variance: null };
  const mean = sum / count;
  if (count < 2) return { count, sum, mean, variance: null };

  const dev = new CompensatedSum();
  const sq = new CompensatedSum();
  forEachRun((v, c) => {
    const d = v - mean;
    dev.add(d * c);
    sq.add(d * d * c);
  });
  const d = dev.value();
  // Cauchy–Schwarz makes this non-negative in exact arithmetic; clamp the rounding.
  const ss = Math.max(0, sq.value() - (d * d) / count);
  return { count, sum, mean, variance: ss / (count - 1) };
}

/**
 * Runs of an ascending-sorted array. It also checks the order as it goes (free: adjacent values
 * are compared anyway) and throws a RangeError on a descent or NaN, because a caller that
 * passed unsorted data has a bug that would otherwise yield plausible-looking wrong quantiles.
 */
export function runsOfSorted(sorted: Float64Array): RunSource {
  const n = sorted.length;
  if (n > 0 && Number.isNaN(sorted[0])) throw new RangeError('stats: NaN in sample');
  return (visit) => {
    let i = 0;
    while (i < n) {
      const v = sorted[i]!;
      let j = i + 1;
      while (j < n && sorted[j] === v) j++;
      if (j < n && !(sorted[j]! > v)) {
        throw new RangeError(`stats: sample is not sorted ascending (or has NaN) at index ${j}`);
      }
      visit(v, j - i);
      i = j;
    }
  };
}

/** Runs of a histogram given as parallel arrays of ascending distinct values and their counts. */
export function runsOfCounts(values: Float64Array, counts: Float64Array): RunSource {
  return (visit) => {
    for (let k = 0; k < values.length; k++) visit(values[k]!, counts[k]!);
  };
}

/** Convenience: moments of an ascending-sorted array. */
export function momentsOfSorted(sorted: Float64Array): Moments {
  return momentsOfRuns(sorted.length, runsOfSorted(sorted));
}
