/**
 * Two-sample Kolmogorov–Smirnov test with the asymptotic p-value (stats.md §2.6):
 *
 *   D = max over distinct v of |C_A(v)/n₁ − C_B(v)/n₂| ;  λ = √(n₁n₂/(n₁ + n₂))·D
 *   p = 1 − K(λ) = 2 Σ_{j≥1} (−1)^{j−1} e^{−2j²λ²}                       (λ ≥ 1)
 *   K(λ) = (√(2π)/λ) Σ_{j≥1} e^{−(2j−1)²π²/(8λ²)}                        (λ < 1)
 *
 * This is R's large-sample `ks.test` (C_pKS2 / `pkolmogorov_two_limit`, which we evaluate to
 * full precision instead of R's tol = 1e-6) and scipy's `scipy.special.kolmogorov(λ)`. It is not
 * scipy's `ks_2samp(method='asymp')`, which uses the one-sample `kstwo` law at n = round(n₁n₂/N).
 * With ties (integer µs) the asymptotic p is conservative (stats.md §2.6).
 *
 * D is computed exactly: |C_A·n₂ − C_B·n₁| is an integer below 2^53 for n up to ~9.4e7 each.
 */
import { countsOf, forEachPooledValue, type Counts } from './counts';

export interface KsResult {
  /** The largest vertical distance between the two empirical CDFs. */
  d: number;
  /** √(n₁n₂/(n₁ + n₂))·D. */
  lambda: number;
  /** Asymptotic two-sided p (0 if it underflows). */
  p: number;
  /** log10 p, finite for any λ (≈ log10 2 − 2λ²/ln 10 for large λ). */
  log10p: number;
  /**
   * Signed difference at the maximum, C_A/n₁ − C_B/n₂: negative when A's ECDF is below B's there,
   * i.e. A is stochastically larger around that value.
   */
  signedD: number;
}

/** ln(1 − K(λ)), the natural log of the asymptotic KS p-value. */
export function kolmogorovLogSurvival(lambda: number): number {
  if (!(lambda >= 0)) throw new RangeError(`kolmogorov: λ must be ≥ 0, got ${lambda}`);
  if (lambda < 1) {
    if (lambda < 0.05) return 0; // K(0.05) ≈ e^{-493}: p = 1 to double precision.
    const z = -(Math.PI * Math.PI) / (8 * lambda * lambda);
    let s = 0;
    for (let k = 1; k < 40; k += 2) s += Math.exp(k * k * z);
    const cdf = (Math.sqrt(2 * Math.PI) / lambda) * s;
    return Math.log1p(-cdf);
  }
  // p = 2e^{−2λ²}·(1 + Σ_{j≥2} (−1)^{j−1} e^{−2(j²−1)λ²}); the bracket is in (0.99, 1] for λ ≥ 1.
  const l2 = lambda * lambda;
  let rest = 0;
  for (let j = 2; j < 40; j++) {
    const term = Math.exp(-2 * (j * j - 1) * l2);
    rest += j % 2 === 0 ? -term : term;
    if (term < 1e-18) break;
  }
  return Math.LN2 - 2 * l2 + Math.log1p(rest);
}

/** The test on value counts; null when either sample is empty. */
export function ksCounts(a: Counts, b: Counts): KsResult | null {
  const n1 = a.total;
  const n2 = b.total;
  if (n1 === 0 || n2 === 0) return null;
  let ca = 0;
  let cb = 0;
  let best = 0;
  let bestSigned = 0;
  forEachPooledValue(a, b, (countA, countB) => {
    ca += countA;
    cb += countB;
    const diff = ca * n2 - cb * n1;
    if (Math.abs(diff) > best) {
      best = Math.abs(diff);
      bestSigned = diff;
    }
  });
  const d = best / (n1 * n2);
  const lambda = Math.sqrt((n1 * n2) / (n1 + n2)) * d;
  const lnP = kolmogorovLogSurvival(lambda);
  return { d, lambda, p: Math.exp(lnP), log10p: lnP / Math.LN10, signedD: bestSigned / (n1 * n2) };
}

/** KS test of two raw samples. */
export function ksTest(a: Float64Array, b: Float64Array): KsResult | null {
  return ksCounts(countsOf(a), countsOf(b));
}
