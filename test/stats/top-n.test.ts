import { describe, expect, it } from 'vitest';
import { defaultTopCount, topN } from '@/lib/stats/top-n';
import { lcgFloats, lcgInts } from './lcg';

// Expected values: by hand, or with numpy's lexsort (an independent full sort by value
// descending, then index ascending). Commands run from the repo root with
// P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('topN', () => {
  it('orders by value descending and breaks ties by lower index, by hand', () => {
    // x = [5, 9, 5, 1, 9, 7, 5]: 9 at 1 and 4, 7 at 5, then 5 at 0, 2, 6 of which N=4 keeps index 0.
    const x = f64([5, 9, 5, 1, 9, 7, 5]);
    const r = topN(x, 4);
    expect(Array.from(r.values)).toEqual([9, 9, 7, 5]);
    expect(Array.from(r.indices)).toEqual([1, 4, 5, 0]);
    expect(Array.from(x)).toEqual([5, 9, 5, 1, 9, 7, 5]); // input untouched
  });

  it('returns all values when N > n, and nothing for N = 0', () => {
    // Same x, fully sorted by hand: 9(1) 9(4) 7(5) 5(0) 5(2) 5(6) 1(3).
    const x = f64([5, 9, 5, 1, 9, 7, 5]);
    const r = topN(x, 10);
    expect(Array.from(r.values)).toEqual([9, 9, 7, 5, 5, 5, 1]);
    expect(Array.from(r.indices)).toEqual([1, 4, 5, 0, 2, 6, 3]);
    expect(topN(x, 0).values).toHaveLength(0);
    expect(topN(new Float64Array(0)).indices).toHaveLength(0);
  });

  it('takes the same tie rule on the non-integer (quickselect) path', () => {
    // x + 0.5 has the same order, so the by-hand answer above shifts by 0.5.
    const r = topN(f64([5.5, 9.5, 5.5, 1.5, 9.5, 7.5, 5.5]), 5);
    expect(Array.from(r.values)).toEqual([9.5, 9.5, 7.5, 5.5, 5.5]);
    expect(Array.from(r.indices)).toEqual([1, 4, 5, 0, 2]);
  });

  it('matches numpy lexsort on 100,000 integer waits with many ties (N = 1000)', () => {
    // python3 -c "$P"'x=np.array(lcg.ints(100000,11)); o=np.lexsort((np.arange(len(x)),-x))[:1000];
    //   print(x[o[:5]].tolist(), o[:5].tolist(), x[o[-1]], o[-1], int(o.sum()), float(x[o].sum()))'
    const r = topN(lcgInts(100000, 11), 1000);
    expect(Array.from(r.values.subarray(0, 5))).toEqual([244000, 243700, 243600, 243300, 242100]);
    expect(Array.from(r.indices.subarray(0, 5))).toEqual([43606, 3196, 37970, 54561, 15910]);
    expect(r.values[999]).toBe(2435);
    expect(r.indices[999]).toBe(83479);
    expect(r.indices.reduce((s, i) => s + i, 0)).toBe(48790114);
    expect(r.values.reduce((s, v) => s + v, 0)).toBe(56435236);
  });

  it('matches numpy lexsort on 50,000 non-integer values (N = 500)', () => {
    // python3 -c "$P"'f=np.array(lcg.floats(50000,13)); o=np.lexsort((np.arange(len(f)),-f))[:500];
    //   print(f[o[:3]].tolist(), o[:3].tolist(), f[o[-1]], o[-1], int(o.sum()))'
    const r = topN(lcgFloats(50000, 13), 500);
    expect(Array.from(r.values.subarray(0, 3))).toEqual([
      999.996081693098, 999.995200894773, 999.988880706951,
    ]);
    expect(Array.from(r.indices.subarray(0, 3))).toEqual([42589, 5828, 11917]);
    expect(r.values[499]).toBe(989.1324671916664);
    expect(r.indices[499]).toBe(47558);
    expect(r.indices.reduce((s, i) => s + i, 0)).toBe(12961843);
  });

  it('rejects NaN and a bad N', () => {
    expect(() => topN(f64([1.5, Number.NaN]), 1)).toThrow(RangeError);
    expect(() => topN(f64([1]), -1)).toThrow(RangeError);
    expect(() => topN(f64([1]), 1.5)).toThrow(RangeError);
  });
});

describe('defaultTopCount (Figure 15.16\'s N)', () => {
  it('is 2.5 % of the smallest dataset, two significant digits, between 100 and the book\'s 10,000', () => {
    // By hand: 2.5 % of 4,000,000 = 100,000 → 10,000; of 400,000 = 10,000 exactly; of 80,000 = 2,000;
    // of 123,456 = 3,086.4 → 3,100; of 1,000 = 25 → 100; never more than a dataset has: 50 of 50.
    expect(defaultTopCount([4_000_000, 4_000_000])).toBe(10_000);
    expect(defaultTopCount([400_000, 4_000_000])).toBe(10_000);
    expect(defaultTopCount([80_000, 80_000])).toBe(2_000);
    expect(defaultTopCount([4_000_000, 123_456])).toBe(3_100);
    expect(defaultTopCount([1_000])).toBe(100);
    expect(defaultTopCount([50, 1_000_000])).toBe(50);
    expect(defaultTopCount([0, 80_000])).toBe(2_000);
    expect(defaultTopCount([])).toBe(0);
  });
});
