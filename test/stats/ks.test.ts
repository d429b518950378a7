import { describe, expect, it } from 'vitest';
import { kolmogorovLogSurvival, ksTest } from '@/lib/stats/ks';
import { expectRelClose } from './expect-close';
import { lcgFloats, lcgInts } from './lcg';

// Expected values: D from scipy 1.17 `stats.ks_2samp(a, b, method='asymp').statistic`;
// p from `scipy.special.kolmogorov(λ)` with λ = √(n1n2/(n1+n2))·D, which is R's asymptotic
// 1 − K(λ) (stats.md §2.6). scipy's own ks_2samp asymptotic p is NOT compared: it uses the
// one-sample `kstwo` law at n = round(n1n2/N) (e.g. 0.9651 vs 0.9872 in the first case).

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('kolmogorovLogSurvival', () => {
  it('matches log(scipy.special.kolmogorov(λ)) on both series (λ < 1 and λ ≥ 1)', () => {
    const cases: [number, number][] = [
      [0.3, -9.305844633751613e-6],
      [0.5, -0.03672078716235486],
      [0.9, -0.9346311235094965],
      [1.0, -1.3093345359942996],
      [1.5, -3.8068541904000806],
      [3.0, -17.306852819440056],
    ];
    for (const [lambda, want] of cases) expectRelClose(kolmogorovLogSurvival(lambda), want, 1e-10);
    expect(kolmogorovLogSurvival(0)).toBe(0);
  });
});

describe('ksTest', () => {
  it('matches scipy on small vectors with ties (n = 15 and 21)', () => {
    // D 0.15238095238095228 (= 48/315), λ 0.4507489358552086, kolmogorov(λ) 0.9871747139523515
    const a = f64([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]);
    const b = f64([2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6]);
    const r = ksTest(a, b)!;
    expectRelClose(r.d, 0.15238095238095228, 1e-14);
    expectRelClose(r.lambda, 0.4507489358552086, 1e-13);
    expectRelClose(r.p, 0.9871747139523515, 1e-10);
    // By hand (sorted a: 1 1 2 3 3 4 5 5 5 6 7 8 9 9 9; b: 0 1 1 2 2 2 2 3 3 4 4 5 5 5 6 7 8 8 8 8 9):
    // the widest gap is at v = 8, A 12/15 vs B 20/21: 0.8 − 0.952… = −48/315, A's ECDF below B's.
    expect(r.signedD).toBeCloseTo(-48 / 315, 14);
  });

  it('matches scipy on 100k LCG waits per side and on non-integer data', () => {
    // ints(100000, 11) vs ints(100000, 12) + 3: D 0.0038200000000000456, λ 0.8541779674049298,
    //   p 0.45899424174720654
    const r = ksTest(lcgInts(100_000, 11), lcgInts(100_000, 12).map((v) => v + 3))!;
    expectRelClose(r.d, 0.00382, 1e-12);
    expectRelClose(r.lambda, 0.8541779674049298, 1e-12);
    expectRelClose(r.p, 0.45899424174720654, 1e-9);
    // floats(3000, 21) vs floats(2500, 22) + 20: D 0.02966666666666673, λ 1.0955142697160638,
    //   p 0.18124564177905897
    const f = ksTest(lcgFloats(3000, 21), lcgFloats(2500, 22).map((v) => v + 20))!;
    expectRelClose(f.d, 0.02966666666666673, 1e-12);
    expectRelClose(f.lambda, 1.0955142697160638, 1e-12);
    expectRelClose(f.p, 0.18124564177905897, 1e-9);
  });

  it('keeps log10 p finite for huge λ, at log10 2 − 2λ²/ln 10', () => {
    // ints(1e6, 31) vs ints(1e6, 32) + 200: D 0.09706800000000004, λ 68.63744103621583,
    // log10 2 − 2λ²/ln 10 = -4091.7069712149887 (the other series terms are < e^{-28000})
    const r = ksTest(lcgInts(1_000_000, 31), lcgInts(1_000_000, 32).map((v) => v + 200))!;
    expect(r.p).toBe(0);
    expectRelClose(r.d, 0.097068, 1e-12);
    expectRelClose(r.lambda, 68.63744103621583, 1e-12);
    expectRelClose(r.log10p, -4091.7069712149887, 1e-12);
  });

  it('returns null for an empty sample, and D = 0, p = 1 for identical samples', () => {
    expect(ksTest(f64([]), f64([1]))).toBeNull();
    const r = ksTest(f64([1, 2, 2]), f64([2, 1, 2]))!;
    expect(r.d).toBe(0);
    expect(r.p).toBe(1);
  });
});
