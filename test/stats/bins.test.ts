import { describe, expect, it } from 'vitest';
import { binLinear, binLog10 } from '@/lib/stats/bins';
import { lcgFloats, lcgInts } from './lcg';

// Expected values: by hand (arithmetic in the comments) or with numpy's np.histogram, whose bins
// are also [lo, hi) (except its last, closed bin, which the commands keep empty). Commands run
// from the repo root with P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('binLog10', () => {
  it('decade bins by hand, with [lo, hi) edges and non-positive waits counted aside', () => {
    // perDecade 1: [1,10) ← 1, 5, 9.99; [10,100) ← 10, 99; [100,1000) ← 100; [1000,10000) ← 1000.
    // 0 has no log: nonPositive 1, positive 7. density = count·1/7, percent = 100·count/7.
    const r = binLog10(f64([0, 1, 5, 9.99, 10, 99, 100, 1000]), { perDecade: 1 });
    expect(r.positive).toBe(7);
    expect(r.nonPositive).toBe(1);
    expect(r.bins.map((b) => [b.lo, b.hi, b.count])).toEqual([
      [1, 10, 3],
      [10, 100, 2],
      [100, 1000, 1],
      [1000, 10000, 1],
    ]);
    expect(r.bins[0]!.densityPerDecade).toBe(3 / 7);
    expect(r.bins[0]!.percent).toBe(300 / 7);
  });

  it('a value exactly on an edge goes to the bin it starts; one ulp below, to the bin before', () => {
    // Edge 13 of 20 per decade is defined as 10 ** (13/20) (≈ 4.4668 µs).
    const edge = 10 ** (13 / 20);
    const below = edge - 2 ** -50; // the ulp at 4.47 is 2^-50 (4 ≤ x < 8 → 2^(2−52))
    const r = binLog10(f64([edge, below]));
    expect(r.bins).toHaveLength(2);
    expect(r.bins[0]!.hi).toBe(edge);
    expect(r.bins[0]!.count).toBe(1);
    expect(r.bins[1]!.lo).toBe(edge);
    expect(r.bins[1]!.count).toBe(1);
  });

  it('integer path matches np.histogram at 20 per decade, empty bins kept', () => {
    // python3 -c "$P"'x=np.array(lcg.ints(20000,5)); i=np.arange(np.floor(20*np.log10(x.min())),
    //   np.floor(20*np.log10(x.max()))+2); c,_=np.histogram(x,10**(i/20)); nz=np.nonzero(c)[0];
    //   print(int(i[nz[0]]), int(i[nz[-1]]), c[nz[0]:nz[-1]+1].tolist())'
    // → first bin 52, last 107, counts below (16 full, 24 empty, 16 tail)
    const counts = [
      443, 515, 601, 662, 743, 845, 928, 1046, 1185, 1354, 1529, 1695, 1956, 2039, 2355, 2025,
      ...new Array<number>(24).fill(0),
      5, 2, 1, 2, 1, 3, 6, 2, 2, 5, 8, 3, 11, 8, 10, 10,
    ];
    const r = binLog10(lcgInts(20000, 5));
    expect(r.bins.map((b) => b.count)).toEqual(counts);
    expect(r.bins[0]!.lo).toBe(10 ** (52 / 20));
    expect(r.bins[r.bins.length - 1]!.hi).toBe(10 ** (108 / 20));
    // 20 bins per decade: density = count·20/n, e.g. 443·20/20000 = 0.443.
    expect(r.bins[0]!.densityPerDecade).toBeCloseTo(0.443, 15);
  });

  it('non-integer path matches np.histogram on 5,000 LCG floats in [0, 1000)', () => {
    // python3 -c "$P"'x=np.array(lcg.floats(5000,21)); i=np.arange(np.floor(20*np.log10(x.min())),
    //   np.floor(20*np.log10(x.max()))+2); c,_=np.histogram(x,10**(i/20)); nz=np.nonzero(c)[0];
    //   print(int(i[nz[0]]), int(i[nz[-1]]), c[nz[0]:nz[-1]+1].tolist())'   → first bin −17, last 59
    const counts = [
      1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 0, 1, 1, 1, 2, 2, 2, 0, 0, 2, 2, 1, 1, 4, 5,
      3, 8, 3, 6, 5, 6, 7, 9, 9, 12, 16, 9, 16, 15, 9, 14, 14, 26, 23, 13, 35, 36, 49, 51, 61, 70,
      66, 61, 100, 91, 91, 118, 140, 146, 176, 179, 193, 240, 290, 315, 368, 407, 444, 477, 543,
    ];
    const r = binLog10(lcgFloats(5000, 21));
    expect(r.bins.map((b) => b.count)).toEqual(counts);
    expect(r.bins[0]!.lo).toBe(10 ** (-17 / 20));
    expect(r.positive).toBe(5000);
  });

  it('validates its options and input', () => {
    expect(binLog10(f64([0, 0])).bins).toEqual([]);
    expect(() => binLog10(f64([1]), { perDecade: 0 })).toThrow(RangeError);
    expect(() => binLog10(f64([1.5, Number.NaN]))).toThrow(RangeError);
  });
});

describe('binLinear', () => {
  it('counts [lo, hi) bins with underflow and overflow, by hand', () => {
    // width 1 on [0, 3): −1 → underflow; 0, 0.5 → [0,1); 1 → [1,2); 2.5, 2.9999 → [2,3);
    // 3 and 10 → overflow (to is excluded).
    const r = binLinear(f64([-1, 0, 0.5, 1, 2.5, 2.9999, 3, 10]), { width: 1, from: 0, to: 3 });
    expect(r).toEqual({
      bins: [
        { lo: 0, hi: 1, count: 2 },
        { lo: 1, hi: 2, count: 1 },
        { lo: 2, hi: 3, count: 2 },
      ],
      underflow: 1,
      overflow: 2,
    });
  });

  it('stops a last, narrower bin at `to` when the width does not divide the range', () => {
    // width 2 on [0, 5): [0,2) [2,4) [4,5); 4.5 → last bin, 5 → overflow.
    const r = binLinear(f64([4.5, 5, 1]), { width: 2, from: 0, to: 5 });
    expect(r.bins.map((b) => [b.lo, b.hi, b.count])).toEqual([
      [0, 2, 1],
      [2, 4, 0],
      [4, 5, 1],
    ]);
    expect(r.overflow).toBe(1);
  });

  it('does not create a sliver bin when (to − from)/width rounds up', () => {
    // python3 -c 'print(0.9/0.03, 30*0.03, 29*0.03)' → 30.000000000000004 0.8999999999999999 0.87
    // ceil gives 31 bins, the 31st [0.8999999999999999, 0.9) is merged: 30 bins, last [0.87, 0.9).
    const r = binLinear(f64([0.8999999999999999]), { width: 0.03, from: 0, to: 0.9 });
    expect(r.bins).toHaveLength(30);
    expect(r.bins[29]).toEqual({ lo: 0.87, hi: 0.9, count: 1 });
  });

  it('matches np.histogram on 5,000 LCG waits', () => {
    // python3 -c "$P"'x=np.array(lcg.ints(5000,9)); c,_=np.histogram(x,np.arange(400,2501,100));
    //   print(c.tolist(), (x<400).sum(), (x>=2500).sum())'  (max of the body is 2447 < 2500)
    const r = binLinear(lcgInts(5000, 9), { width: 100, from: 400, to: 2500 });
    expect(r.bins.map((b) => b.count)).toEqual([
      247, 258, 254, 236, 247, 240, 254, 246, 218, 276, 239, 223, 255, 247, 243, 247, 256, 245, 231,
      219, 101,
    ]);
    expect(r.underflow).toBe(0);
    expect(r.overflow).toBe(18);
  });

  it('rejects bad ranges, widths and NaN', () => {
    expect(() => binLinear(f64([1]), { width: 0, from: 0, to: 1 })).toThrow(RangeError);
    expect(() => binLinear(f64([1]), { width: 1, from: 2, to: 1 })).toThrow(RangeError);
    expect(() => binLinear(f64([1]), { width: 1e-9, from: 0, to: 1 })).toThrow(RangeError);
    expect(() => binLinear(f64([Number.NaN]), { width: 1, from: 0, to: 1 })).toThrow(RangeError);
  });
});
