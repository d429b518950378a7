import { describe, expect, it } from 'vitest';
import { summarize } from '@/lib/stats/summary';
import { welchTest } from '@/lib/stats/welch';
import { expectRelClose } from './expect-close';
import { lcgInts } from './lcg';

// Expected values: scipy 1.17 `scipy.stats.ttest_ind(a, b, equal_var=False)` (statistic, df,
// pvalue, confidence_interval(0.95)), run from the repo root with
// P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg; from scipy import stats;'

const f64 = (xs: number[]) => Float64Array.from(xs);

/** Moments of a sample through the project's own summary (exact sums, two-pass sd). */
function moments(x: Float64Array) {
  const s = summarize(x);
  return { count: s.count, mean: s.mean!, stddev: s.stddev! };
}

describe('welchTest', () => {
  it('matches scipy on small vectors with ties (n = 15 and 21)', () => {
    // a, b as below; ttest_ind(a, b, equal_var=False) →
    //   t 0.7442544099599894, df 29.925525602028745, p 0.4625271505349295,
    //   CI (-1.229342921333854, 2.638866730857664); mean(a) − mean(b) = 0.7047619047619049
    const a = f64([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]);
    const b = f64([2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6]);
    const r = welchTest(moments(a), moments(b))!;
    expectRelClose(r.t, 0.7442544099599894, 1e-12);
    expectRelClose(r.df, 29.925525602028745, 1e-12);
    expectRelClose(r.p, 0.4625271505349295, 1e-11);
    expectRelClose(r.log10p, Math.log10(0.4625271505349295), 1e-11);
    expectRelClose(r.difference, 0.7047619047619049, 1e-14);
    expectRelClose(r.ci[0], -1.229342921333854, 1e-11);
    expectRelClose(r.ci[1], 2.638866730857664, 1e-11);
    expect(r.confidence).toBe(0.95);
  });

  it('matches scipy on 100k LCG waits per side (df ≈ 2e5, exact t tail)', () => {
    // A = lcg.ints(100000, 11), B = lcg.ints(100000, 12) + 3 →
    //   t 0.3732737340716553, df 199832.09678252917, p 0.7089451191580373,
    //   CI (-66.97149014080725, 98.48175014080726)
    const a = lcgInts(100_000, 11);
    const b = lcgInts(100_000, 12).map((v) => v + 3);
    const r = welchTest(moments(a), moments(b))!;
    expectRelClose(r.t, 0.3732737340716553, 1e-10);
    expectRelClose(r.df, 199832.09678252917, 1e-10);
    expectRelClose(r.p, 0.7089451191580373, 1e-10);
    expectRelClose(r.ci[0], -66.97149014080725, 1e-10);
    expectRelClose(r.ci[1], 98.48175014080726, 1e-10);
  });

  it('keeps log10 p finite when p underflows (stats.md §2.4: ~1e-5076 for 2 × 4 M waits)', () => {
    // Moments near stats.md §5 (n = 4e6; means 723.4 / 877.82, sd 500 / 1957). By hand in numpy:
    //   t = -152.9014130382957, df = 4519996.931902395; R's pt for df > 4e5:
    //   z = |t|(1 − 1/(4df))/√(1 + t²/(2df)), log10 p = (ln 2 + norm.logsf(z))/ln 10
    //   = -5065.8372798576565; CI = Δ ± t.ppf(.975, df)·SE = (-156.39943049396516, -152.440569506035)
    const r = welchTest({ count: 4e6, mean: 723.4, stddev: 500 }, { count: 4e6, mean: 877.82, stddev: 1957 })!;
    expect(r.p).toBe(0);
    expectRelClose(r.t, -152.9014130382957, 1e-12);
    expectRelClose(r.df, 4519996.931902395, 1e-12);
    expectRelClose(r.log10p, -5065.8372798576565, 1e-12);
    expectRelClose(r.ci[0], -156.39943049396516, 1e-12);
    expectRelClose(r.ci[1], -152.440569506035, 1e-12);
  });

  it('returns null when a test is undefined (n < 2, or both samples constant)', () => {
    expect(welchTest({ count: 1, mean: 3, stddev: 0 }, { count: 5, mean: 1, stddev: 1 })).toBeNull();
    expect(welchTest({ count: 3, mean: 3, stddev: 0 }, { count: 5, mean: 1, stddev: 0 })).toBeNull();
  });
});
