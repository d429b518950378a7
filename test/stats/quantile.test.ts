import { describe, expect, it } from 'vitest';
import { quantileSorted, quantilesSorted, quantileType7 } from '@/lib/stats/quantile';
import { expectRelClose } from './expect-close';
import { lcgFloats } from './lcg';

// Expected values are computed outside the code under test, three ways:
// - by hand, with the arithmetic in the comment;
// - with numpy (np.quantile's default method='linear' is R type 7, up to its lerp rounding);
// - with test/stats/rtype7.py, a Python transcription of R's type-7 formula (docs/stats.md §2.1),
//   for R's exact digits. Commands run from the repo root; P is the prefix
//   P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg, rtype7;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('quantileSorted (R type 7)', () => {
  it('handles ties, p = 0 and p = 1 on a small vector', () => {
    // x = [1,2,2,2,3,7,7,10], n = 8, index = 1 + 7p (1-based):
    //   p=0    → index 1                → x1 = 1
    //   p=0.25 → index 2.75, x2 = x3 = 2 → 2 (no interpolation: x[hi] == x[lo])
    //   p=0.5  → index 4.5, x4 = 2, x5 = 3, h = .5 → .5·2 + .5·3 = 2.5
    //   p=0.9  → index 7.3, x7 = 7, x8 = 10, h ≈ .3 → ≈ 7.9; exact digits from
    //            python3 -c "$P"'print(rtype7.q7([1,2,2,2,3,7,7,10], 0.9))'  → 7.8999999999999995
    //            (np.quantile gives the same 7.8999999999999995)
    //   p=1    → index 8                → x8 = 10
    const x = f64([1, 2, 2, 2, 3, 7, 7, 10]);
    expect(quantileSorted(x, 0)).toBe(1);
    expect(quantileSorted(x, 0.25)).toBe(2);
    expect(quantileSorted(x, 0.5)).toBe(2.5);
    expect(quantileSorted(x, 0.9)).toBe(7.8999999999999995);
    expect(quantileSorted(x, 1)).toBe(10);
  });

  it("uses R's weighted form (1-h)·x[lo] + h·x[hi], not numpy's or d3's lerp", () => {
    // x = [0.1, 0.4, 0.4], p = 0.2: index = 1 + 2·0.2 = 1.4, h = 1.4 − 1 = 0.3999999999999999.
    //   python3 -c "$P"'print(rtype7.q7([0.1,0.4,0.4], 0.2))'           → 0.21999999999999997
    //   python3 -c "$P"'print(float(np.quantile([0.1,0.4,0.4], 0.2)))'  → 0.22000000000000003
    //   d3-style 0.1 + h·(0.4 − 0.1) in python                          → 0.22
    const q = quantileSorted(f64([0.1, 0.4, 0.4]), 0.2);
    expect(q).toBe(0.21999999999999997);
    expect(q).not.toBe(0.22000000000000003);
  });

  it('returns x[lo] untouched when x[hi] == x[lo] at the interpolation point', () => {
    // x = [1.7, 1.7, 2.5], p = 0.2: index 1.4, x1 = x2 = 1.7, so R returns x1 = 1.7 exactly.
    // The weighted form would not: python3 -c 'h=1.4-1; print((1-h)*1.7 + h*1.7)' → 1.6999999999999997
    expect(quantileSorted(f64([1.7, 1.7, 2.5]), 0.2)).toBe(1.7);
  });

  it('n = 1 gives the single value for every p', () => {
    // index = 1 + 0·p = 1 for all p → x1 (by hand).
    const x = f64([42.5]);
    for (const p of [0, 0.3, 0.5, 0.999, 1]) expect(quantileSorted(x, p)).toBe(42.5);
  });

  it('n = 2 interpolates between the two values', () => {
    // x = [3, 8]: index = 1 + p. p=0 → 3; p=1 → 8; p=.5 → .5·3 + .5·8 = 5.5;
    // p=.3 → h = 0.30000000000000004, (1−h)·3 + h·8 = 2.0999999999999996 + 2.4000000000000004 = 4.5
    //   python3 -c "$P"'print([rtype7.q7([3.0,8.0],p) for p in (0,0.3,0.5,1)])' → [3.0, 4.5, 5.5, 8.0]
    //   (np.quantile([3.0,8.0],[0,0.3,0.5,1]) gives the same)
    const x = f64([3, 8]);
    expect(quantilesSorted(x, [0, 0.3, 0.5, 1])).toEqual([3, 4.5, 5.5, 8]);
  });

  it('matches R and numpy on n = 23 non-integer values', () => {
    // python3 -c "$P"'x=sorted(lcg.floats(23,7)); ps=[0,0.1,0.25,0.5,0.75,0.9,0.99,1]; print([rtype7.q7(x,p) for p in ps])'
    // np.quantile(np.array(x), ps) printed the identical list.
    const x = lcgFloats(23, 7).sort();
    const ps = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1];
    expect(quantilesSorted(x, ps)).toEqual([
      49.341175239533186, 73.41547943651676, 361.72453477047384, 531.2507867347449,
      815.97792415414, 924.2838202510029, 981.4879677956924, 983.9370010886341,
    ]);
  });

  it('matches R exactly and numpy to 1e-9 on 100,000 values', () => {
    const ps = [0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1];
    // python3 -c "$P"'x=lcg.floats(100000,2024); ps=[...as above...]; print([rtype7.q7(x,p) for p in ps])'
    const r = [
      0.026233959943056107, 1.0531364146154372, 10.009363589342684, 99.59858409129083,
      250.2038748934865, 498.9668787457049, 749.704149144236, 899.4850705843419,
      949.2735360981895, 989.758455059491, 999.0602672558744, 999.9958788976073,
    ];
    // python3 -c "$P"'x=lcg.floats(100000,2024); ps=[...]; print(np.quantile(np.array(x),ps).tolist())'
    // (differs from R in the last digit at p = .001 and p = .99: numpy's lerp rounds differently)
    const numpy = [
      0.026233959943056107, 1.0531364146154374, 10.009363589342684, 99.59858409129083,
      250.2038748934865, 498.9668787457049, 749.704149144236, 899.4850705843419,
      949.2735360981895, 989.7584550594911, 999.0602672558744, 999.9958788976073,
    ];
    const x = lcgFloats(100_000, 2024).sort();
    const got = quantilesSorted(x, ps);
    expect(got).toEqual(r);
    got.forEach((q, i) => expectRelClose(q, numpy[i]!, 1e-9));
  });

  it('throws a RangeError for p outside [0, 1], NaN p, or empty input', () => {
    const x = f64([1, 2, 3]);
    expect(() => quantileSorted(x, -0.01)).toThrow(RangeError);
    expect(() => quantileSorted(x, 1.01)).toThrow(RangeError);
    expect(() => quantileSorted(x, Number.NaN)).toThrow(RangeError);
    expect(() => quantileSorted(new Float64Array(0), 0.5)).toThrow(RangeError);
    expect(() => quantilesSorted(x, [0.5, 2])).toThrow(RangeError);
    expect(() => quantileType7(0, 0.5, () => 0)).toThrow(/empty/);
  });

  it('reads order statistics only at ranks lo and hi (the shared core)', () => {
    // x = [10, 20, 30, 40, 50], p = .6: index = 1 + 4·.6 = 3.4 → ranks 3 and 4 only (by hand);
    // value (1−.4)·30 + .4·40 ≈ 34, exact digits: python3 -c "$P"'print(rtype7.q7([10,20,30,40,50],0.6))' → 34.0
    const seen: number[] = [];
    const xs = [10, 20, 30, 40, 50];
    const q = quantileType7(5, 0.6, (r) => (seen.push(r), xs[r - 1]!));
    expect(seen).toEqual([3, 4]);
    expect(q).toBe(34);
  });
});
