import { describe, expect, it } from 'vitest';
import { percentileSpectrum, spectrumGrid } from '@/lib/stats/spectrum';
import { expectRelClose } from './expect-close';
import { lcgInts } from './lcg';

// Expected values: by hand, or with test/stats/rtype7.py (R's type-7 formula transcribed to
// Python, docs/stats.md §2.1). The grid 1/(1−p) = 10^(i/10) is computed by Python's ** and JS's
// ** separately, which may differ in the last bit, hence relative tolerances of 1e-12.
// P='import sys; sys.path.insert(0, "test/stats"); import lcg, rtype7;'

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('spectrumGrid', () => {
  it('is log-spaced in 1/(1−p) and ends at n', () => {
    // n = 5, 10 per decade: 10^(i/10) ≤ 5 for i ≤ 6 (10^0.7 ≈ 5.012 > 5), then 5 itself: 8 points.
    const g = spectrumGrid(5, 10);
    expect(g).toHaveLength(8);
    expect(g[0]).toBe(1);
    expect(g[7]).toBe(5);
    // n = 1000: 10^(i/10) for i = 0..30, and 10^3 = 1000 = n exactly, so nothing is appended.
    expect(spectrumGrid(1000, 10)).toHaveLength(31);
    expect(spectrumGrid(1000, 10)[30]).toBe(1000);
    expect(spectrumGrid(0, 10)).toEqual([]);
  });
});

describe('percentileSpectrum', () => {
  it('n = 5 by hand: p = 1 − 1/t, last point p = 1 − 1/n', () => {
    // x = 10..50 step 10, type 7: index = 1 + 4p. p = 0 → 10. Last t = 5: p = 0.8, index 4.2,
    // h ≈ 0.2 → 0.8·40 + 0.2·50 = 42 (python3 -c "$P"'print(rtype7.q7([10,20,30,40,50],0.8))' → 42.0).
    // t = 10^0.1: p = 0.2056717652757185 → 18.22687061102874 (rtype7 as above).
    const s = percentileSpectrum(f64([50, 10, 40, 20, 30]));
    expect(s).toHaveLength(8);
    expect(s[0]).toEqual({ p: 0, inverseTail: 1, value: 10 });
    expectRelClose(s[1]!.p, 0.2056717652757185, 1e-12);
    expectRelClose(s[1]!.value, 18.22687061102874, 1e-12);
    expect(s[7]!.inverseTail).toBe(5);
    expectRelClose(s[7]!.p, 0.8, 1e-15);
    expectRelClose(s[7]!.value, 42, 1e-12);
  });

  it('matches R type 7 on 1..1000 (integer path) and 1.5..1000.5 (sorted path)', () => {
    // python3 -c "$P"'xs=list(range(1,1001)); print([rtype7.q7(xs, 1-1/10**(i/10)) for i in range(31)])'
    // first five and last five shown; p90 (i = 10): index 1 + 999·0.9 = 900.1 → 900.1 by hand.
    const head = [1, 206.4660935104428, 369.67361286428695, 499.3139536063549, 602.2909366170562];
    const tail = [997.490625454922, 998.0067329473461, 998.4166917007313, 998.7423335136176, 999.001];
    const ints = new Float64Array(1000).map((_, i) => 1000 - i); // descending: order must not matter
    for (const [shift, x] of [[0, ints], [0.5, ints.map((v) => v + 0.5)]] as const) {
      const s = percentileSpectrum(x);
      expect(s).toHaveLength(31);
      head.forEach((v, i) => expectRelClose(s[i]!.value, v + shift, 1e-12));
      tail.forEach((v, i) => expectRelClose(s[26 + i]!.value, v + shift, 1e-12));
      expectRelClose(s[10]!.value, 900.1 + shift, 1e-12);
      expect(s[30]!.p).toBe(0.999);
    }
  });

  it('matches R type 7 on 20,000 LCG waits with a heavy tail', () => {
    // python3 -c "$P"'y=lcg.ints(20000,17); ps=[1-1/10**(i/10) for i in range(44)]+[1-1/20000];
    //   print([rtype7.q7(y,p) for p in ps])'   (10^4.3 ≈ 19952.6 ≤ 20000 < 10^4.4: 44 + 1 points)
    const r = [
      400.0, 830.2296337490943, 1156.0, 1431.0, 1642.0, 1808.0, 1945.0, 2049.0, 2135.0, 2201.0,
      2258.0, 2300.0, 2331.0, 2359.0, 2378.0, 2395.0, 2408.0, 2417.0, 2424.037210439703, 2431.0,
      2436.0, 2441.0, 2443.0, 2446.0, 48438.25469610056, 85233.36998172053, 118900.13153560758,
      150874.14813329233, 169946.6978791439, 192064.55013790546, 199904.10000000085,
      210879.96074362454, 216397.04583031777, 220395.35130293807, 225564.49519323395,
      231254.25008708955, 237077.68729325035, 239014.51234443992, 240245.55815659367,
      240837.59254826693, 241200.2500000028, 242228.5574084355, 243045.37101693422,
      243694.1891286744, 243700.04499999885,
    ];
    const s = percentileSpectrum(lcgInts(20000, 17));
    expect(s).toHaveLength(45);
    // Rounding of p near the interpolation weights can move the last digits; 1e-9 relative.
    r.forEach((v, i) => expectRelClose(s[i]!.value, v, 1e-9));
    expect(s[44]!.inverseTail).toBe(20000);
  });

  it('handles empty and single-value samples, and a bad option', () => {
    expect(percentileSpectrum(new Float64Array(0))).toEqual([]);
    // n = 1: only 1/(1−p) = 1, p = 0 → the value itself.
    expect(percentileSpectrum(f64([7]))).toEqual([{ p: 0, inverseTail: 1, value: 7 }]);
    expect(() => percentileSpectrum(f64([1, 2]), { pointsPerDecade: 0 })).toThrow(RangeError);
    expect(() => percentileSpectrum(f64([1.5, Number.NaN]))).toThrow(RangeError);
  });
});
