import { describe, expect, it } from 'vitest';
import { mannWhitneyTest } from '@/lib/stats/mann-whitney';
import { countsOf, forEachPooledValue } from '@/lib/stats/counts';
import { expectRelClose } from './expect-close';
import { lcgFloats, lcgInts } from './lcg';

// Expected values: scipy 1.17 `stats.mannwhitneyu(a, b, alternative='two-sided',
// method='asymptotic', use_continuity=True)` for U (= R's W for a) and p, and an independent
// transcription of R's wilcox.test formula (stats.md §2.5) for z, Σ(t³ − t) and log10 p:
//   rk = stats.rankdata(concat(x, y)); W = rk[:n1].sum() − n1(n1+1)/2
//   ties = Σ(t³ − t) over np.unique counts; σ = √(n1n2/12·((N+1) − ties/(N(N−1))))
//   z = (W − n1n2/2 − sign·0.5)/σ; log10 p = (ln 2 + norm.logsf(|z|))/ln 10
// scipy's p equals 10^log10p of that formula in every case below: its tie correction is R's.

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('mannWhitneyTest', () => {
  it('matches scipy and R on small vectors with ties (n = 15 and 21)', () => {
    // scipy: U 182.0, p 0.43795102452547396; formula: z 0.7756578649019514, ties 666,
    // log10p -0.3585744533488142, W/(n1n2) = 182/315 = 0.5777777777777777
    const a = f64([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]);
    const b = f64([2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6]);
    const r = mannWhitneyTest(a, b)!;
    expect(r.w).toBe(182);
    expect(r.tieSum).toBe(666);
    expectRelClose(r.z, 0.7756578649019514, 1e-13);
    expectRelClose(r.p, 0.43795102452547396, 1e-12);
    expectRelClose(r.log10p, -0.3585744533488142, 1e-12);
    expectRelClose(r.effect, 0.5777777777777777, 1e-15);
  });

  it('swapping A and B gives W′ = n1n2 − W and −z (the same p)', () => {
    // Hand: n1n2 = 315, so W′ = 315 − 182 = 133.
    const a = f64([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]);
    const b = f64([2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6]);
    const r = mannWhitneyTest(b, a)!;
    expect(r.w).toBe(133);
    expectRelClose(r.z, -0.7756578649019514, 1e-13);
    expectRelClose(r.p, 0.43795102452547396, 1e-12);
  });

  it('matches on 100k LCG waits per side (integer histogram path)', () => {
    // A = lcg.ints(100000, 11), B = lcg.ints(100000, 12) + 3: scipy U 5004000185.0,
    // p 0.7566733370998026; formula z 0.3098522220136525, ties 1943533044
    const a = lcgInts(100_000, 11);
    const b = lcgInts(100_000, 12).map((v) => v + 3);
    const r = mannWhitneyTest(a, b)!;
    expect(r.w).toBe(5004000185);
    expect(r.tieSum).toBe(1943533044);
    expectRelClose(r.z, 0.3098522220136525, 1e-11);
    expectRelClose(r.p, 0.7566733370998026, 1e-11);
    expectRelClose(r.effect, 0.5004000185, 1e-15);
  });

  it('matches on non-integer data (the sort path), unequal n', () => {
    // F1 = lcg.floats(3000, 21), F2 = lcg.floats(2500, 22) + 20: scipy U 3706728.0,
    // p 0.46053018911276034; formula z -0.7379740983173538, no ties
    const a = lcgFloats(3000, 21);
    const b = lcgFloats(2500, 22).map((v) => v + 20);
    const r = mannWhitneyTest(a, b)!;
    expect(r.w).toBe(3706728);
    expect(r.tieSum).toBe(0);
    expectRelClose(r.z, -0.7379740983173538, 1e-12);
    expectRelClose(r.p, 0.46053018911276034, 1e-11);
  });

  it('keeps log10 p finite when p underflows (1M vs 1M, shifted by 200)', () => {
    // H1 = lcg.ints(1e6, 31), H2 = lcg.ints(1e6, 32) + 200; formula: W 408514176065.5,
    // z -224.09355589297175, log10p -10907.131661575875 (scipy's p underflows to 0)
    const a = lcgInts(1_000_000, 31);
    const b = lcgInts(1_000_000, 32).map((v) => v + 200);
    const r = mannWhitneyTest(a, b)!;
    expect(r.p).toBe(0);
    expect(r.w).toBe(408514176065.5);
    expectRelClose(r.z, -224.09355589297175, 1e-11);
    expectRelClose(r.log10p, -10907.131661575875, 1e-11);
  });

  it('returns null for an empty sample or when every value is the same', () => {
    expect(mannWhitneyTest(f64([]), f64([1, 2]))).toBeNull();
    expect(mannWhitneyTest(f64([4, 4]), f64([4, 4, 4]))).toBeNull();
  });
});

describe('countsOf and forEachPooledValue', () => {
  it('count integer and non-integer samples alike, and walk the union in order', () => {
    // Hand: [2.5, 1, 2.5] → values [1, 2.5], counts [1, 2]; [3, 1, 3] → [1, 3], [1, 2]
    const a = countsOf(f64([2.5, 1, 2.5]));
    const b = countsOf(f64([3, 1, 3]));
    expect(Array.from(a.values)).toEqual([1, 2.5]);
    expect(Array.from(a.counts)).toEqual([1, 2]);
    expect(Array.from(b.values)).toEqual([1, 3]);
    const seen: [number, number][] = [];
    forEachPooledValue(a, b, (ca, cb) => seen.push([ca, cb]));
    expect(seen).toEqual([[1, 1], [2, 0], [0, 2]]);
  });

  it('rejects NaN', () => {
    expect(() => countsOf(f64([1, NaN]))).toThrow(RangeError);
  });
});
