/**
 * Wilcoxon rank-sum / Mann–Whitney U test, as R's `wilcox.test(a, b, correct = TRUE)` with the
 * normal approximation (stats.md §2.5, from R's source):
 *
 *   W  = Σ midranks of A in c(A, B) − n₁(n₁ + 1)/2 ;  μ = n₁n₂/2
 *   σ² = (n₁n₂/12)·[(N + 1) − Σ(t³ − t)/(N(N − 1))]     (t = sizes of tie groups)
 *   z  = (W − μ − sign(W − μ)·0.5)/σ ;  p = 2·min(Φ(z), 1 − Φ(z))
 *
 * R switches to the exact distribution when both n < 50 and there are no ties; waits are integer
 * µs with many ties and n in the millions, so this module always uses the approximation (for
 * small tie-free samples its p differs from R's exact one; the brief asks for the asymptotic).
 *
 * Ranks come from value counts, not from a sort of the pooled sample: midrank(v) = C_before(v) +
 * (c(v) + 1)/2, so the test costs O(n + K) on integer data (K distinct values).
 * Everything stays in doubles: W ≈ 1e13 and Σt³ ≈ 1e15 for 2 × 4 M waits, below 2^53.
 */
import { tryBuildIntHistogram } from './int-histogram';
import { normalLogTwoSided } from './distributions';

/**
 * A sample as its distinct values (strictly ascending) and their counts. `IntHistogram` is one;
 * `valueCountsOf` builds one from any NaN-free sample. Shared with the KS test and the bootstrap.
 */
export interface ValueCounts {
  readonly values: Float64Array;
  readonly counts: Float64Array;
  readonly total: number;
}

/** Run-length encodes an ascending-sorted, NaN-free sample (sortedness is the caller's promise). */
export function valueCountsOfSorted(sorted: Float64Array): ValueCounts {
  if (sorted.length > 0 && Number.isNaN(sorted[sorted.length - 1])) {
    throw new RangeError('stats: NaN in sample');
  }
  const values = new Float64Array(sorted.length);
  const counts = new Float64Array(sorted.length);
  let k = -1;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    if (k >= 0 && values[k] === v) counts[k] = counts[k]! + 1;
    else {
      k++;
      values[k] = v;
      counts[k] = 1;
    }
  }
  return { values: values.slice(0, k + 1), counts: counts.slice(0, k + 1), total: sorted.length };
}

/** Value counts of any sample: the integer histogram when it applies (no sort), else a sorted copy. */
export function valueCountsOf(x: Float64Array): ValueCounts {
  return tryBuildIntHistogram(x) ?? valueCountsOfSorted(x.slice().sort());
}

/**
 * Walks the union of the two samples' distinct values in ascending order, calling
 * `visit(countA, countB)` once per distinct value (one count may be 0).
 */
export function forEachPooledValue(
  a: ValueCounts,
  b: ValueCounts,
  visit: (countA: number, countB: number) => void,
): void {
  const va = a.values;
  const vb = b.values;
  let i = 0;
  let j = 0;
  while (i < va.length || j < vb.length) {
    const x = i < va.length ? va[i]! : Infinity;
    const y = j < vb.length ? vb[j]! : Infinity;
    if (x < y) visit(a.counts[i++]!, 0);
    else if (y < x) visit(0, b.counts[j++]!);
    else visit(a.counts[i++]!, b.counts[j++]!);
  }
}

export interface MannWhitneyResult {
  /** R's W statistic for A: U of the first sample. */
  w: number;
  /** Continuity-corrected z; positive when A tends to be larger. */
  z: number;
  /** Two-sided p (0 if it underflows; see log10p). */
  p: number;
  /** log10 of the two-sided p, finite when p underflows. */
  log10p: number;
  /** W/(n₁n₂) = P(A > B) + ½P(A = B): 0.5 means neither tends to be larger. */
  effect: number;
  /** Σ(t³ − t) over tie groups (0 when all values are distinct). */
  tieSum: number;
}

/** The test on value counts; null when a sample is empty or all pooled values are equal (σ = 0). */
export function mannWhitneyCounts(a: ValueCounts, b: ValueCounts): MannWhitneyResult | null {
  const n1 = a.total;
  const n2 = b.total;
  if (n1 === 0 || n2 === 0) return null;
  const bigN = n1 + n2;
  let before = 0;
  let rankSumA = 0;
  let tieSum = 0;
  forEachPooledValue(a, b, (ca, cb) => {
    const t = ca + cb;
    rankSumA += ca * (before + (t + 1) / 2);
    tieSum += t * t * t - t;
    before += t;
  });
  const w = rankSumA - (n1 * (n1 + 1)) / 2;
  const mu = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (bigN + 1 - tieSum / (bigN * (bigN - 1)));
  if (!(variance > 0)) return null;
  const centred = w - mu;
  const z = (centred - Math.sign(centred) * 0.5) / Math.sqrt(variance);
  const lnP = normalLogTwoSided(z);
  return { w, z, p: Math.exp(lnP), log10p: lnP / Math.LN10, effect: w / (n1 * n2), tieSum };
}

/** Mann–Whitney test of two raw samples (A first, as `wilcox.test(a, b)`). */
export function mannWhitneyTest(a: Float64Array, b: Float64Array): MannWhitneyResult | null {
  return mannWhitneyCounts(valueCountsOf(a), valueCountsOf(b));
}
