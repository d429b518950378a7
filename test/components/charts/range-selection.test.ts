import { describe, expect, it } from 'vitest';
import { binAt, halfOpenRange, justBelow, pickBin, type HitBin } from '@/components/charts/range-selection';

describe('justBelow', () => {
  it('is one ulp below: 2^-53 under 1, 2^-43 under 1024, 2^-52 under 2', () => {
    expect(justBelow(1)).toBe(1 - 2 ** -53);
    expect(justBelow(1024)).toBe(1024 - 2 ** -43);
    expect(justBelow(2)).toBe(2 - 2 ** -52);
    expect(justBelow(1)).toBeLessThan(1);
  });

  it('steps below zero and through negatives, and keeps the ends of the line', () => {
    expect(justBelow(0)).toBe(-Number.MIN_VALUE);
    expect(justBelow(-1)).toBe(-1 - 2 ** -52);
    expect(justBelow(Infinity)).toBe(Number.MAX_VALUE);
    expect(justBelow(-Infinity)).toBe(-Infinity);
    expect(justBelow(NaN)).toBeNaN();
  });

  it('leaves no double between itself and x', () => {
    for (const x of [0.3, 10 ** 0.05, 1778.2794100389228, 2 ** 32, 6130.85]) {
      const below = justBelow(x);
      expect(below).toBeLessThan(x);
      expect((below + x) / 2 === below || (below + x) / 2 === x).toBe(true);
    }
  });
});

describe('halfOpenRange', () => {
  it('selects exactly the values of [a, b) with an inclusive test', () => {
    const a = 10 ** (65 / 20);
    const b = 10 ** (66 / 20);
    const { lo, hi } = halfOpenRange(a, b);
    const probes = [a - 1e-9, a, a + 1e-9, (a + b) / 2, justBelow(b), b, b + 1e-9, 1778, 1779, 1995, 1996];
    for (const v of probes) expect(lo <= v && v <= hi).toBe(a <= v && v < b);
  });
});

const bins = (...rows: [number, number, number][]): HitBin[] => rows.map(([lo, hi, y]) => ({ lo, hi, y }));

describe('binAt', () => {
  const own = bins([1, 2, 5], [2, 4, 3], [8, 16, 1]);
  it('puts an edge in the bin it starts, and a gap in none', () => {
    expect(binAt(own, 1)).toBe(0);
    expect(binAt(own, 2)).toBe(1);
    expect(binAt(own, 3.999)).toBe(1);
    expect(binAt(own, 4)).toBe(-1);
    expect(binAt(own, 16)).toBe(-1);
    expect(binAt(own, 0.5)).toBe(-1);
    expect(binAt([], 1)).toBe(-1);
  });
});

describe('pickBin', () => {
  // Two overlaid histograms: dataset 0 is the lower one in [10, 20), dataset 1 in [20, 30).
  const a = bins([10, 20, 4], [20, 30, 9], [30, 40, 0.001]);
  const b = bins([10, 20, 7], [20, 30, 2], [30, 40, 0.002]);

  it('inside both outlines picks the lower (innermost) one', () => {
    expect(pickBin([a, b], 15, 1, 0)).toEqual({ datasetIndex: 0, binIndex: 0 });
    expect(pickBin([a, b], 25, 1, 0)).toEqual({ datasetIndex: 1, binIndex: 1 });
  });

  it('between the two tops picks the taller, and within the tolerance the lower', () => {
    expect(pickBin([a, b], 15, 5, 0)).toEqual({ datasetIndex: 1, binIndex: 0 });
    expect(pickBin([a, b], 15, 4.5, 1)).toEqual({ datasetIndex: 0, binIndex: 0 });
  });

  it('above every bar picks the tallest in the column, so thin tail bars can be hit', () => {
    expect(pickBin([a, b], 35, 5, 0)).toEqual({ datasetIndex: 1, binIndex: 2 });
    expect(pickBin([a, b], 15, 100, 0)).toEqual({ datasetIndex: 1, binIndex: 0 });
  });

  it('skips datasets hidden in the legend, empty bins and gaps', () => {
    expect(pickBin([a, b], 15, 1, 0, [false, true])).toEqual({ datasetIndex: 1, binIndex: 0 });
    expect(pickBin([a, b], 15, 1, 0, [false, false])).toBeNull();
    expect(pickBin([bins([1, 2, 0]), bins([1, 2, 3])], 1.5, 0.1, 0)).toEqual({ datasetIndex: 1, binIndex: 0 });
    expect(pickBin([a, b], 45, 1, 0)).toBeNull();
    expect(pickBin([bins([1, 2, 0])], 1.5, 0, 0)).toBeNull();
  });
});
