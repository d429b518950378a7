import { describe, expect, it } from 'vitest';
import { countAboveThresholds, EXADATA_OUTLIER_MICROS } from '@/lib/stats/thresholds';
import { lcgInts } from './lcg';

// Expected values: by hand (arithmetic in the comments) or with numpy, P as in quantile.test.ts:
// P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('countAboveThresholds', () => {
  it('counts strictly above 500 ms by default, with a rate per million', () => {
    // [0, 500000, 500001, 1e6, 10]: > 500000 are 500001 and 1e6 → 2; 2/5 · 1e6 = 400,000.
    expect(EXADATA_OUTLIER_MICROS).toBe(500_000);
    expect(countAboveThresholds(f64([0, 500_000, 500_001, 1e6, 10]))).toEqual([
      { threshold: 500_000, count: 2, ratePerMillion: 400_000 },
    ]);
  });

  it('adds user thresholds, sorted and de-duplicated', () => {
    // Thresholds {10, 1000, 500000}: > 10 → 500000, 500001, 1e6 (10 itself is not > 10) → 3;
    // > 1000 → 3; > 500000 → 2. Rates: 3/5·1e6 = 600,000; 2/5·1e6 = 400,000.
    expect(countAboveThresholds(f64([0, 500_000, 500_001, 1e6, 10]), [1000, 500_000, 10])).toEqual([
      { threshold: 10, count: 3, ratePerMillion: 600_000 },
      { threshold: 1000, count: 3, ratePerMillion: 600_000 },
      { threshold: 500_000, count: 2, ratePerMillion: 400_000 },
    ]);
  });

  it('matches numpy on 100,000 LCG waits', () => {
    // python3 -c "$P"'x=np.array(lcg.ints(100000,4)); print([int((x>t).sum()) for t in (2000,10000,100000,200000,500000)])'
    // → [22017, 398, 261, 84, 0]  (x.max() is 244,600 µs)
    const r = countAboveThresholds(lcgInts(100000, 4), [200_000, 2000, 100_000, 10_000]);
    expect(r.map((t) => [t.threshold, t.count])).toEqual([
      [2000, 22017],
      [10_000, 398],
      [100_000, 261],
      [200_000, 84],
      [500_000, 0],
    ]);
    expect(r[0]!.ratePerMillion).toBe(220_170); // 1e6 · 22017 / 100000, exact in doubles
  });

  it('gives a null rate for an empty sample and throws on NaN', () => {
    expect(countAboveThresholds(new Float64Array(0))).toEqual([
      { threshold: 500_000, count: 0, ratePerMillion: null },
    ]);
    expect(() => countAboveThresholds(f64([Number.NaN]))).toThrow(RangeError);
    expect(() => countAboveThresholds(f64([1]), [Number.NaN])).toThrow(RangeError);
  });
});
