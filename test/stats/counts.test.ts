import { describe, expect, it } from 'vitest';
import {
  countsOf,
  denseRangeLimit,
  countAt,
  countsOfSorted,
  countsQuantile,
  countsQuantiles,
  forEachPooledValue,
  mergeCounts,
  tryDenseCounts,
} from '@/lib/stats/counts';
import { quantileSorted } from '@/lib/stats/quantile';
import { summarize, summarizeCounts, summarizeSorted } from '@/lib/stats/summary';
import { lcgInts } from './lcg';

// Expected values come from hand arithmetic (shown) or from numpy / test/stats/rtype7.py
// (a Python transcription of R's type-7 formula, docs/stats.md §2.1). Commands run from the repo
// root with P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg, rtype7;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('countsOf', () => {
  it('counts distinct values with cumulative counts', () => {
    // x = [5,3,5,0,9,5,3] by hand: 0×1, 3×2, 5×3, 9×1 → C = [1, 3, 6, 7], total 7.
    const input = f64([5, 3, 5, 0, 9, 5, 3]);
    const h = countsOf(input);
    expect(Array.from(h.values)).toEqual([0, 3, 5, 9]);
    expect(Array.from(h.counts)).toEqual([1, 2, 3, 1]);
    expect(Array.from(h.cumulative)).toEqual([1, 3, 6, 7]);
    expect(h.total).toBe(7);
    expect(Array.from(input)).toEqual([5, 3, 5, 0, 9, 5, 3]);
  });

  it('falls back to sorting when the range is too wide for a dense table', () => {
    // By hand: [2^40, 5, 0, 5] → 0×1, 5×2, 2^40×1; range 2^40 + 1 > denseRangeLimit(4) = 65536.
    const input = f64([2 ** 40, 5, 0, 5]);
    expect(tryDenseCounts(input)).toBeNull();
    const h = countsOf(input);
    expect(Array.from(h.values)).toEqual([0, 5, 2 ** 40]);
    expect(Array.from(h.cumulative)).toEqual([1, 3, 4]);
    expect(Array.from(input)).toEqual([2 ** 40, 5, 0, 5]);
    expect(denseRangeLimit(4)).toBe(65536);
  });

  it('counts what is not a non-negative safe integer from a sorted copy, and rejects NaN', () => {
    for (const other of [1.5, -1, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(tryDenseCounts(f64([1, other, 2]))).toBeNull();
      // By hand: {1, 2, other} each once, ascending.
      const c = countsOf(f64([1, other, 2]));
      expect(Array.from(c.values)).toEqual([1, 2, other].sort((x, y) => x - y));
      expect(Array.from(c.cumulative)).toEqual([1, 2, 3]);
    }
    expect(tryDenseCounts(f64([1, Number.NaN, 2]))).toBeNull();
    expect(() => countsOf(f64([1, Number.NaN, 2]))).toThrow(/NaN/);
  });

  it('builds an empty histogram from an empty sample', () => {
    const h = countsOf(new Float64Array(0));
    expect(h.total).toBe(0);
    expect(h.values.length).toBe(0);
    expect(() => countsQuantile(h, 0.5)).toThrow(RangeError);
    expect(summarizeCounts(h).count).toBe(0);
    expect(summarizeCounts(h).median).toBeNull();
  });
});

describe('countsOfSorted', () => {
  it('run-length encodes a sorted sample and rejects an unsorted one', () => {
    // By hand: [1,1,4,4,4] → 1×2, 4×3.
    const h = countsOfSorted(f64([1, 1, 4, 4, 4]));
    expect(Array.from(h.values)).toEqual([1, 4]);
    expect(Array.from(h.counts)).toEqual([2, 3]);
    expect(() => countsOfSorted(f64([1, 4, 2]))).toThrow(RangeError);
    expect(() => countsOfSorted(f64([1, Number.NaN]))).toThrow(RangeError);
  });
});

describe('countAt / countsQuantile', () => {
  const h = countsOf(f64([5, 3, 5, 0, 9, 5, 3]));

  it('returns x(r) = the value at the first k with C_k ≥ r', () => {
    // Sorted sample by hand: [0, 3, 3, 5, 5, 5, 9].
    expect([1, 2, 3, 4, 5, 6, 7].map((r) => countAt(h, r))).toEqual([0, 3, 3, 5, 5, 5, 9]);
    expect(() => countAt(h, 0)).toThrow(RangeError);
    expect(() => countAt(h, 8)).toThrow(RangeError);
    expect(() => countAt(h, 1.5)).toThrow(RangeError);
  });

  it('computes type-7 quantiles, including ties and p = 0, 1', () => {
    // n = 7, index = 1 + 6p over [0,3,3,5,5,5,9]:
    //   p=0 → x1 = 0; p=.25 → 2.5, x2 = x3 = 3 → 3; p=.5 → 4 → x4 = 5; p=1 → x7 = 9
    //   p=.1 → 1.6: (1−h)·0 + h·3, h ≈ .6 → ≈ 1.8; p=.9 → 6.4: (1−h)·5 + h·9, h ≈ .4 → ≈ 6.6
    // python3 -c "$P"'x=[5,3,5,0,9,5,3]; ps=[0,0.1,0.25,0.5,0.9,1]; print([rtype7.q7(x,p) for p in ps])'
    //   → [0, 1.8000000000000003, 3, 5, 6.600000000000001, 9] (np.quantile identical)
    expect(countsQuantiles(h, [0, 0.1, 0.25, 0.5, 0.9, 1])).toEqual([
      0, 1.8000000000000003, 3, 5, 6.600000000000001, 9,
    ]);
    expect(() => countsQuantile(h, 1.5)).toThrow(RangeError);
    expect(() => countsQuantile(h, -0.5)).toThrow(RangeError);
  });

  it('n = 1 and n = 2', () => {
    // n = 1: every p → the value. n = 2, x = [3, 8]: p=.3 → 4.5, p=.5 → 5.5 (worked in quantile.test.ts;
    // python3 -c "$P"'print([rtype7.q7([3.0,8.0],p) for p in (0,0.3,0.5,1)])' → [3.0, 4.5, 5.5, 8.0]).
    const one = countsOf(f64([7]));
    expect(countsQuantiles(one, [0, 0.5, 1])).toEqual([7, 7, 7]);
    const two = countsOf(f64([8, 3]));
    expect(countsQuantiles(two, [0, 0.3, 0.5, 1])).toEqual([3, 4.5, 5.5, 8]);
  });
});

describe('histogram and sorted paths agree exactly', () => {
  // 100,000 integer waits with heavy ties (2,401 distinct values) and a tail.
  // python3 -c "$P"'x=np.array(lcg.ints(100000,99)); print(len(np.unique(x)), np.quantile(x,[0.5,0.99,0.999]).tolist())'
  //   → 2401 [1430.0, 2434.0, 187100.80000000307]
  const input = lcgInts(100_000, 99);
  const sorted = input.slice().sort();
  const h = countsOf(input);

  it('has the distinct count numpy finds, and its quantiles', () => {
    expect(h.values.length).toBe(2401);
    expect(countsQuantiles(h, [0.5, 0.99, 0.999])).toEqual([1430, 2434, 187100.80000000307]);
  });

  it('gives bit-identical quantiles for p = 0, 0.001, …, 1', () => {
    // The sorted-array path is the reference here; both sides are checked against numpy above.
    const mismatches: number[] = [];
    for (let k = 0; k <= 1000; k++) {
      const p = k / 1000;
      if (!Object.is(countsQuantile(h, p), quantileSorted(sorted, p))) mismatches.push(p);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives an identical Summary (sum, mean, stddev included)', () => {
    const viaSorted = summarizeSorted(sorted);
    expect(summarizeCounts(h)).toEqual(viaSorted);
    expect(summarize(input)).toEqual(viaSorted);
    // Small sample with ties, both paths (values by hand in summary.test.ts).
    const small = f64([7, 1, 3, 3, 10, 2, 3, 8]);
    expect(summarizeCounts(countsOf(small))).toEqual(
      summarizeSorted(f64([1, 2, 3, 3, 3, 7, 8, 10])),
    );
  });

  it('agrees on the sort-fallback histogram too', () => {
    // Wide range forces countsOf to sort; by hand: sorted [0, 1, 1, 2^40], median
    // index 2.5 → x2 = x3 = 1 → 1.
    const wide = f64([1, 2 ** 40, 0, 1]);
    const s = summarizeCounts(countsOf(wide));
    expect(s).toEqual(summarizeSorted(wide.slice().sort()));
    expect(s.median).toBe(1);
  });
});

describe('forEachPooledValue and mergeCounts', () => {
  it('walk the union of two counts in order, +∞ included (no sentinel stands in for an end)', () => {
    // By hand: {1, ∞} and {1, 2, 2}: 1 in both, 2 only in B (twice), ∞ only in A.
    const a = countsOf(f64([Infinity, 1]));
    const b = countsOf(f64([2, 1, 2]));
    const seen: number[][] = [];
    forEachPooledValue(a, b, (ca, cb, v) => seen.push([ca, cb, v]));
    expect(seen).toEqual([[1, 1, 1], [0, 2, 2], [1, 0, Infinity]]);
    const merged = mergeCounts([a, b]);
    expect([Array.from(merged.values), Array.from(merged.counts), Array.from(merged.cumulative)]).toEqual([[1, 2, Infinity], [2, 2, 1], [2, 4, 5]]);
    expect(merged).toEqual(countsOf(f64([Infinity, 1, 2, 1, 2])));
  });

  it('merge counts whose values interleave, end on either side, or are absent on one', () => {
    // By hand: {3, 3, 8} and {1, 5, 5, 9, 12}, then the same the other way round, then with none.
    const a = countsOf(f64([3, 8, 3]));
    const b = countsOf(f64([12, 5, 1, 9, 5]));
    const both = { values: [1, 3, 5, 8, 9, 12], counts: [1, 2, 2, 1, 1, 1], cumulative: [1, 3, 5, 6, 7, 8] };
    for (const merged of [mergeCounts([a, b]), mergeCounts([b, a]), mergeCounts([a, countsOf(f64([])), b])]) {
      expect({ values: Array.from(merged.values), counts: Array.from(merged.counts), cumulative: Array.from(merged.cumulative) }).toEqual(both);
    }
    expect(Array.from(mergeCounts([countsOf(f64([])), a]).counts)).toEqual([2, 1]);
  });
});
