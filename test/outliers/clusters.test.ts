// Cluster detection on constructed cases; every expected window is worked out by hand below.
import { describe, expect, it } from 'vitest';
import { defaultGap, detectClusters, noDefaultThresholdNote, quantileOf } from '../../lib/outliers/clusters';

const f64 = (xs: number[]) => Float64Array.from(xs);
const i32 = (xs: number[]) => Int32Array.from(xs);
const brief = (r: ReturnType<typeof detectClusters>) =>
  r.windows.map((w) => ({ domain: w.domain, start: w.start, end: w.end, firstEnd: w.firstEnd, count: w.count, worst: w.worst, worstEla: w.worstEla, members: Array.from(w.members) }));

describe('detectClusters', () => {
  //            index:  0    1    2    3    4     5     6     7     8      9
  const ela = f64([10, 500, 600, 20, 700, 30, 800, 900, 40, 1000]);
  const end = f64([0, 100, 150, 160, 170, 5000, 5010, 5020, 9000, 20000]);
  const dom = i32([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

  it('joins consecutive outliers whose end times are at most G apart; keeps windows of ≥ k', () => {
    // Threshold 100 → outliers 1 (end 100), 2 (150), 4 (170), 6 (5010), 7 (5020), 9 (20000).
    // G = 50: 100→150 (50, joins), 150→170 (20, joins), 170→5010 (breaks), 5010→5020 (joins), 5020→20000 (breaks).
    // Window A = {1, 2, 4}: start = min(100−500, 150−600, 170−700) = −530, end 170, worst 4 (700).
    // Window B = {6, 7}: start = min(5010−800, 5020−900) = 4120, end 5020, worst 7 (900). {9} alone is too small.
    const r = detectClusters(ela, end, dom, { threshold: 100, gap: 50, minCount: 2 });
    expect(r.outliers).toBe(6);
    expect(brief(r)).toEqual([
      { domain: 0, start: -530, end: 170, firstEnd: 100, count: 3, worst: 4, worstEla: 700, members: [1, 2, 4] },
      { domain: 0, start: 4120, end: 5020, firstEnd: 5010, count: 2, worst: 7, worstEla: 900, members: [6, 7] },
    ]);
    // k = 3 keeps only A; G = 49 breaks 100→150, so A becomes {2, 4} and B stays.
    expect(brief(detectClusters(ela, end, dom, { threshold: 100, gap: 50, minCount: 3 })).map((w) => w.members)).toEqual([[1, 2, 4]]);
    expect(brief(detectClusters(ela, end, dom, { threshold: 100, gap: 49, minCount: 2 })).map((w) => w.members)).toEqual([[2, 4], [6, 7]]);
  });

  it('uses strictly greater-than: a wait equal to the threshold is not an outlier', () => {
    expect(detectClusters(f64([5, 5, 5]), f64([1, 2, 3]), i32([0, 0, 0]), { threshold: 5, gap: 10, minCount: 1 }).outliers).toBe(0);
  });

  it('never joins outliers of different time domains, and skips waits without a time', () => {
    // Ends 100 (d0), 110 (d2), 120 (d0), 130 (d2), 125 (no time). G = 15: within a domain the gaps are 20 → nothing.
    const e = f64([1000, 1000, 1000, 1000, 1000]);
    const t = f64([100, 110, 120, 130, NaN]);
    const d = i32([0, 2, 0, 2, -1]);
    expect(detectClusters(e, t, d, { threshold: 1, gap: 15, minCount: 2 }).windows).toEqual([]);
    // G = 20: one window per domain, ordered by domain.
    const r = detectClusters(e, t, d, { threshold: 1, gap: 20, minCount: 2 });
    expect(r.outliers).toBe(4);
    expect(brief(r).map((w) => [w.domain, w.members])).toEqual([
      [0, [0, 2]],
      [2, [1, 3]],
    ]);
  });

  it('breaks ties in the worst wait by the lower sample index, and in end time by index', () => {
    // Ends 50, 50, 40 → order 2 (40), 0 (50), 1 (50); gaps 10 and 0 ≤ G = 10; start = 40 − 9 = 31.
    const r = detectClusters(f64([9, 9, 9]), f64([50, 50, 40]), i32([0, 0, 0]), { threshold: 1, gap: 10, minCount: 3 });
    expect(brief(r)).toEqual([{ domain: 0, start: 31, end: 50, firstEnd: 40, count: 3, worst: 0, worstEla: 9, members: [2, 0, 1] }]);
  });

  it('defaults the threshold to the type-7 p99.9 of all waits', () => {
    // 1995 waits of 1 µs and five of 5001…5005: x(1998) = 5003, x(1999) = 5004, index = 1 + 1999·0.999 = 1998.001,
    // so p99.9 = 0.999·5003 + 0.001·5004 = 5003.001: only 5004 and 5005 are above it.
    const n = 2000;
    const e = new Float64Array(n).fill(1);
    [5001, 5002, 5003, 5004, 5005].forEach((v, k) => (e[k * 400] = v));
    const t = Float64Array.from({ length: n }, (_, i) => i * 1000);
    const r = detectClusters(e, t, new Int32Array(n), { minCount: 1, gap: 1 });
    expect(r.threshold).toBeCloseTo(5003.001, 9);
    expect(quantileOf(e, 0.999)).toBe(r.threshold);
    expect(r.outliers).toBe(2);
    expect(brief(r).map((w) => w.members)).toEqual([[1200], [1600]]);
  });

  it('has no default threshold below the 1,000 waits a p99.9 needs: no outliers, no windows, a note why', () => {
    // 999 waits of 1…999 µs, 1 ms apart: n·(1 − 0.999) = 0.999 < 1, so the "p99.9" would be
    // 998.002, between the two longest waits (the maximum in disguise). With 1,000 waits of
    // 1…1000 µs, index = 1 + 999·0.999 = 999.001, so p99.9 = 999.001 and only the 1000 µs wait is above it.
    const waits = (n: number) => Float64Array.from({ length: n }, (_, i) => i + 1);
    const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i * 1000);
    const small = detectClusters(waits(999), times(999), new Int32Array(999), { minCount: 1, gap: 1 });
    expect(small).toEqual({ threshold: null, thresholdNote: 'Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 999)', minCount: 1, outliers: null, windows: [] });
    expect(noDefaultThresholdNote(12)).toBe('Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 12)');
    expect(noDefaultThresholdNote(0)).toBe('Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 0)');
    const enough = detectClusters(waits(1000), times(1000), new Int32Array(1000), { minCount: 1, gap: 1 });
    expect(enough.threshold).toBeCloseTo(999.001, 9);
    expect(enough.thresholdNote).toBeNull();
    expect(enough.outliers).toBe(1);
    expect(brief(enough).map((w) => w.members)).toEqual([[999]]);
    expect(noDefaultThresholdNote(1000)).toBeNull();
  });

  it('a given threshold clusters a dataset of any size', () => {
    // 12 waits, ends 10 µs apart; above 5 µs: the waits of 6, 7 and 8 µs (ends 50, 60, 70), joined with G = 10.
    const e = f64([1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 1]);
    const t = Float64Array.from({ length: 12 }, (_, i) => i * 10);
    const r = detectClusters(e, t, new Int32Array(12), { threshold: 5, gap: 10 });
    expect([r.threshold, r.thresholdNote, r.outliers]).toEqual([5, null, 3]);
    expect(brief(r).map((w) => w.members)).toEqual([[5, 6, 7]]);
  });

  it('defaults G per domain to clamp(T / (100·m), 1 ms, 1 s) and k to 3', () => {
    expect(defaultGap(1e9, 100)).toBe(100_000);
    expect(defaultGap(1e6, 1000)).toBe(1_000); // 10 µs, raised to 1 ms
    expect(defaultGap(1e12, 10)).toBe(1_000_000); // 1e9 µs, lowered to 1 s
    // Span T = 1e8 µs (waits at 0 and 1e8), m = 4 outliers → G = 1e8 / 400 = 250,000 µs.
    // Outliers end at 5e7, 5e7+20,000, 5e7+40,000 (gaps 20,000: one window) and 9e7 (alone).
    const e = f64([1, 900, 900, 900, 900, 1]);
    const t = f64([0, 5e7, 5e7 + 20_000, 5e7 + 40_000, 9e7, 1e8]);
    const r = detectClusters(e, t, i32([0, 0, 0, 0, 0, 0]), { threshold: 100 });
    expect(r.minCount).toBe(3);
    expect(r.windows.map((w) => [w.gap, w.count, Array.from(w.members)])).toEqual([[250_000, 3, [1, 2, 3]]]);
  });

  it('rejects k < 1', () => {
    expect(() => detectClusters(f64([1]), f64([1]), i32([0]), { minCount: 0 })).toThrow(RangeError);
  });
});
