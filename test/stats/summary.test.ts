import { describe, expect, it } from 'vitest';
import { QUANTILES, summarize, summarizeSorted } from '@/lib/stats/summary';
import { expectRelClose } from './expect-close';
import { lcgFloats, lcgInts } from './lcg';

// Expected values come from hand arithmetic (shown) or from numpy / test/stats/rtype7.py
// (a Python transcription of R's type-7 formula, docs/stats.md §2.1). Commands run from the repo
// root with P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg, rtype7;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('QUANTILES', () => {
  it('names the reported probabilities (brief: median, p90, p95, p99, p999 = .999)', () => {
    expect(QUANTILES.map((q) => [q.key, q.p])).toEqual([
      ['median', 0.5],
      ['p90', 0.9],
      ['p95', 0.95],
      ['p99', 0.99],
      ['p999', 0.999],
    ]);
  });
});

describe('summarize', () => {
  it('summarizes a small unsorted vector with ties, without mutating it', () => {
    // x = [7,1,3,3,10,2,3,8]; sorted [1,2,3,3,3,7,8,10]; n = 8; by hand:
    //   sum = 37, mean = 37/8 = 4.625, min 1, max 10
    //   Σx² = 49+1+9+9+100+4+9+64 = 245; Σ(x−m)² = 245 − 37²/8 = 73.875; sd = √(73.875/7)
    //   median: index 4.5, x4 = x5 = 3 → 3
    // Digits: python3 -c "$P"'x=np.array([7,1,3,3,10,2,3,8],dtype=float); ps=[0.5,0.9,0.95,0.99,0.999];
    //   print(x.sum(), x.mean(), np.std(x,ddof=1), np.quantile(x,ps).tolist(), [rtype7.q7(list(x),p) for p in ps])'
    //   → 37.0 4.625 3.2486260832190936 [3.0, 8.6, 9.299999999999999, 9.86, 9.986] (rtype7 identical)
    const input = f64([7, 1, 3, 3, 10, 2, 3, 8]);
    const before = Array.from(input);
    expect(summarize(input)).toEqual({
      count: 8,
      sum: 37,
      min: 1,
      max: 10,
      mean: 4.625,
      stddev: 3.2486260832190936,
      median: 3,
      p90: 8.6,
      p95: 9.299999999999999,
      p99: 9.86,
      p999: 9.986,
    });
    expect(Array.from(input)).toEqual(before);
  });

  it('does not mutate non-integer input either (the copy-and-sort path)', () => {
    const input = f64([2.5, -1, 0.25, 9, 3.75]);
    const before = Array.from(input);
    // Median by hand: sorted [-1, .25, 2.5, 3.75, 9], index 3 → 2.5. Mean: 14.5/5 = 2.9.
    const s = summarize(input);
    expect(s.median).toBe(2.5);
    expect(s.mean).toBe(2.9);
    expect(Array.from(input)).toEqual(before);
  });

  it('gives count 0, sum 0 and nulls for an empty sample', () => {
    // By definition: the empty sum is 0; every other statistic is undefined (null).
    expect(summarize(new Float64Array(0))).toEqual({
      count: 0,
      sum: 0,
      min: null,
      max: null,
      mean: null,
      stddev: null,
      median: null,
      p90: null,
      p95: null,
      p99: null,
      p999: null,
    });
  });

  it('n = 1: every statistic is the value, stddev is null', () => {
    // By hand: one value; sd with n − 1 = 0 is undefined (R: NA; numpy ddof=1: nan).
    expect(summarize(f64([42]))).toEqual({
      count: 1, sum: 42, min: 42, max: 42, mean: 42, stddev: null,
      median: 42, p90: 42, p95: 42, p99: 42, p999: 42,
    });
  });

  it('n = 2', () => {
    // x = [5, 1]: mean 3; sd = √((2² + 2²)/1) = √8; median: index 1.5 → .5·1 + .5·5 = 3.
    // python3 -c "$P"'x=np.array([5,1],dtype=float); ps=[0.5,0.9,0.95,0.99,0.999];
    //   print(x.mean(), np.std(x,ddof=1), [rtype7.q7(list(x),p) for p in ps])'
    //   → 3.0 2.8284271247461903 [3.0, 4.6, 4.8, 4.96, 4.996] (np.quantile identical)
    expect(summarize(f64([5, 1]))).toEqual({
      count: 2, sum: 6, min: 1, max: 5, mean: 3, stddev: 2.8284271247461903,
      median: 3, p90: 4.6, p95: 4.8, p99: 4.96, p999: 4.996,
    });
  });

  it('keeps the sum of large integers exact', () => {
    // 2^52 + (2^51 + 1) + (2^50 + 3) + 7 = 7881299347898379 < 2^53 (python3 -c 'print(2**52+2**51+1+2**50+3+7)').
    const s = summarize(f64([2 ** 52, 2 ** 51 + 1, 2 ** 50 + 3, 7]));
    expect(BigInt(s.sum)).toBe(2n ** 52n + 2n ** 51n + 1n + 2n ** 50n + 3n + 7n);
    expect(s.sum).toBe(7881299347898379);
  });

  it('compensates where plain left-to-right summation would lose digits', () => {
    // python3 -c 'import math; print(math.fsum([-1e16, 1, 1e16]), sum([-1e16, 1, 1e16]))' → 1.0 0.0
    expect(summarize(f64([1e16, -1e16, 1])).sum).toBe(1);
    // python3 -c 'import math; print(int(math.fsum([1, 1e16, 1e16+2])), 1+1e16+(1e16+2))'
    //   → 20000000000000004 2e+16
    expect(summarize(f64([1e16 + 2, 1, 1e16])).sum).toBe(20000000000000004);
  });

  it('matches numpy on 100,000 integer waits (histogram path)', () => {
    // python3 -c "$P"'x=np.array(lcg.ints(100000,99)); print(len(x), int(x.astype(np.int64).sum()), x.min(), x.max(),
    //   x.mean(), np.std(x,ddof=1), np.quantile(x,[0.5,0.9,0.95,0.99,0.999]).tolist())'
    //   → 100000 195669488 400.0 244700.0 1956.69488 9379.955611112158
    //     [1430.0, 2247.0, 2353.0, 2434.0, 187100.80000000307]
    // python3 -c "$P"'x=lcg.ints(100000,99); print([rtype7.q7(x,p) for p in [0.5,0.9,0.95,0.99,0.999]])' → identical list
    const input = lcgInts(100_000, 99);
    const before = input.slice();
    const s = summarize(input);
    // Element-wise, not toEqual: deep-equal on 100k typed-array entries is needlessly slow.
    expect([s.count, s.sum, s.min, s.max]).toEqual([100_000, 195669488, 400, 244700]);
    expectRelClose(s.mean, 1956.69488, 1e-12);
    expectRelClose(s.stddev, 9379.955611112158, 1e-12);
    expect([s.median, s.p90, s.p95, s.p99, s.p999]).toEqual([1430, 2247, 2353, 2434, 187100.80000000307]);
    expect(input.every((v, i) => v === before[i])).toBe(true);
  });

  it('matches numpy on 100,000 non-integer values (sort path)', () => {
    // python3 -c "$P"'import math; x=np.array(lcg.floats(100000,2024)); print(math.fsum(x), x.mean(), np.std(x,ddof=1))'
    //   → 49978930.86120114 499.7893086120114 288.45255183269677
    // Quantiles (R digits): python3 -c "$P"'x=lcg.floats(100000,2024); print([rtype7.q7(x,p) for p in [0.5,0.9,0.95,0.99,0.999]])'
    //   → [498.9668787457049, 899.4850705843419, 949.2735360981895, 989.758455059491, 999.0602672558744]
    const s = summarize(lcgFloats(100_000, 2024));
    expect(s.count).toBe(100_000);
    expectRelClose(s.sum, 49978930.86120114, 1e-13);
    expectRelClose(s.mean, 499.7893086120114, 1e-13);
    expectRelClose(s.stddev, 288.45255183269677, 1e-12);
    expect([s.median, s.p90, s.p95, s.p99, s.p999]).toEqual([
      498.9668787457049, 899.4850705843419, 949.2735360981895, 989.758455059491, 999.0602672558744,
    ]);
  });

  it('throws a RangeError when the sample contains NaN', () => {
    expect(() => summarize(f64([1, Number.NaN, 3]))).toThrow(RangeError);
    expect(() => summarize(f64([Number.NaN]))).toThrow(RangeError);
  });
});

describe('summarizeSorted', () => {
  it('equals summarize of the same sample', () => {
    // Same vector and expected values as the small-vector case above.
    expect(summarizeSorted(f64([1, 2, 3, 3, 3, 7, 8, 10]))).toEqual(summarize(f64([7, 1, 3, 3, 10, 2, 3, 8])));
    expect(summarizeSorted(f64([1, 2, 3, 3, 3, 7, 8, 10])).p95).toBe(9.299999999999999);
  });

  it('rejects unsorted input instead of returning wrong quantiles', () => {
    expect(() => summarizeSorted(f64([1, 3, 2]))).toThrow(/not sorted/);
    expect(() => summarizeSorted(f64([1, 2, Number.NaN]))).toThrow(RangeError);
  });
});
