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
import { countsOf, forEachPooledValue, type Counts } from './counts';
import { normalLogTwoSided } from './distributions';

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
export function mannWhitneyCounts(a: Counts, b: Counts): MannWhitneyResult | null {
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
  return mannWhitneyCounts(countsOf(a), countsOf(b));
}
