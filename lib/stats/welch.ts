/**
 * Welch's two-sample t test, as R's `t.test(a, b, var.equal = FALSE)` (stats.md §2.4):
 *
 *   SE = √(s₁²/n₁ + s₂²/n₂) ; t = (m₁ − m₂)/SE
 *   df = (s₁²/n₁ + s₂²/n₂)² / [(s₁²/n₁)²/(n₁ − 1) + (s₂²/n₂)²/(n₂ − 1)]   (Welch–Satterthwaite)
 *   p  = 2·P(T_df > |t|) ; CI = (m₁ − m₂) ± t_{0.975, df}·SE
 *
 * The difference is A − B (first argument minus second), as in R. The test takes moments, not
 * samples, so callers reuse the `Summary` they already have (mean and sd are exact there).
 */
import { studentLogTwoSided, studentQuantile } from './distributions';

/** What Welch needs of each sample: count, mean and sample sd (n − 1 denominator). */
export interface SampleMoments {
  count: number;
  mean: number;
  stddev: number;
}

export interface WelchResult {
  /** (mean A − mean B)/SE. */
  t: number;
  df: number;
  /** Two-sided p; 0 when it underflows, and then `log10p` still holds the size. */
  p: number;
  /** log10 of the two-sided p, finite even when p underflows (stats.md §2.4: ~ −5076). */
  log10p: number;
  /** mean A − mean B. */
  difference: number;
  standardError: number;
  /** Confidence interval for mean A − mean B at `confidence` (default 0.95). */
  ci: [number, number];
  confidence: number;
}

/**
 * Welch's t test of A against B from their moments. null when either count is below 2 or both
 * samples are constant (SE = 0; R stops with "data are essentially constant").
 */
export function welchTest(a: SampleMoments, b: SampleMoments, confidence = 0.95): WelchResult | null {
  if (a.count < 2 || b.count < 2) return null;
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`welchTest: confidence must be in (0, 1), got ${confidence}`);
  }
  const va = (a.stddev * a.stddev) / a.count;
  const vb = (b.stddev * b.stddev) / b.count;
  const se2 = va + vb;
  if (!(se2 > 0)) return null;
  const standardError = Math.sqrt(se2);
  const difference = a.mean - b.mean;
  const t = difference / standardError;
  const df = (se2 * se2) / ((va * va) / (a.count - 1) + (vb * vb) / (b.count - 1));
  const lnP = studentLogTwoSided(t, df);
  const half = studentQuantile(0.5 + confidence / 2, df) * standardError;
  return {
    t,
    df,
    p: Math.exp(lnP),
    log10p: lnP / Math.LN10,
    difference,
    standardError,
    ci: [difference - half, difference + half],
    confidence,
  };
}
