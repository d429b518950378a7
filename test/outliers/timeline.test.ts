// Timeline downsampling: bounded, deterministic, and never drops a wait above p99.
import { describe, expect, it } from 'vitest';
import { quantileOf } from '../../lib/outliers/clusters';
import { downsampleTimeline } from '../../lib/outliers/timeline';

/** A seeded LCG, so the case is the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('downsampleTimeline', () => {
  it('keeps every wait above p99 and at most 2 others per bucket and domain, sorted by time', () => {
    const n = 200_000;
    const rnd = lcg(7);
    const ela = Float64Array.from({ length: n }, () => Math.round(300 + 600 * rnd() + (rnd() < 0.02 ? 50_000 * rnd() : 0)));
    const micros = Float64Array.from({ length: n }, (_, i) => i * 1000 + Math.floor(rnd() * 500));
    const domain = Int32Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 2 : i % 97 === 0 ? -1 : 0));
    const buckets = 300;
    const r = downsampleTimeline(ela, micros, domain, { buckets, sample: 0 });
    const p99 = quantileOf(ela, 0.99);
    expect(r.keepAbove).toBe(p99);
    const kept = new Set(r.index);
    let above = 0;
    for (let i = 0; i < n; i++) {
      if (domain[i] === -1) continue;
      if ((ela[i] as number) > p99) {
        above++;
        expect(kept.has(i), `wait ${i} (${ela[i]} µs) above p99 was dropped`).toBe(true);
      }
    }
    expect(r.index.length).toBeLessThanOrEqual(above + 2 * buckets * 2); // two domains
    expect(r.index.length).toBeGreaterThan(above);
    expect(r.unplaced).toBe(Array.from(domain).filter((d) => d === -1).length);
    for (let k = 1; k < r.index.length; k++) {
      const before = [r.domain[k - 1] as number, r.micros[k - 1] as number];
      const now = [r.domain[k] as number, r.micros[k] as number];
      expect(before[0]! < now[0]! || (before[0] === now[0] && before[1]! <= now[1]!)).toBe(true);
    }
    r.index.forEach((i, k) => expect([r.ela[k], r.micros[k], r.domain[k]]).toEqual([ela[i], micros[i], domain[i]]));
    // Deterministic.
    expect(Array.from(downsampleTimeline(ela, micros, domain, { buckets, sample: 0 }).index)).toEqual(Array.from(r.index));
  });

  it('keeps the shortest and the longest wait of each bucket (first among equals)', () => {
    // Domain 0 spans 0…90 µs; 3 buckets of 30 µs: [0,30) [30,60) [60,90]. keepAbove 1000 keeps none by rule 1.
    const ela = Float64Array.from([5, 1, 9, 9, 4, 4, 7, 2, 2, 8]);
    const micros = Float64Array.from([0, 10, 20, 25, 30, 40, 50, 60, 70, 90]);
    const r = downsampleTimeline(ela, micros, new Int32Array(10), { buckets: 3, keepAbove: 1000, sample: 0 });
    // Bucket 1: min 1 (index 1), max 9 (index 2, first of the two 9s). Bucket 2: min 4 (index 4), max 7 (6).
    // Bucket 3: min 2 (index 7), max 8 (index 9).
    expect(Array.from(r.index)).toEqual([1, 2, 4, 6, 7, 9]);
  });

  it('also keeps every k-th wait at or below p99, so the body of the distribution shows', () => {
    // 10 waits, none above keepAbove; sample 4 of 10: stride ceil(10/4) = 3 keeps sample indexes 0, 3, 6, 9,
    // and one bucket (buckets: 1) adds its shortest (index 1, 1 µs) and longest (index 2, first 9 µs).
    const ela = Float64Array.from([5, 1, 9, 9, 4, 4, 7, 2, 2, 8]);
    const micros = Float64Array.from([0, 10, 20, 25, 30, 40, 50, 60, 70, 90]);
    const r = downsampleTimeline(ela, micros, new Int32Array(10), { buckets: 1, keepAbove: 1000, sample: 4 });
    expect(Array.from(r.index)).toEqual([0, 1, 2, 3, 6, 9]);
    // 4 of the 10 were sampled away: the points below keepAbove are a sample.
    expect(r.complete).toBe(false);
  });

  it('says when nothing was sampled away (a small dataset): then no point is a sample', () => {
    // Same 10 waits, sample 20 ≥ 10: stride 1 keeps all of them.
    const ela = Float64Array.from([5, 1, 9, 9, 4, 4, 7, 2, 2, 8]);
    const micros = Float64Array.from([0, 10, 20, 25, 30, 40, 50, 60, 70, 90]);
    const r = downsampleTimeline(ela, micros, new Int32Array(10), { buckets: 1, keepAbove: 1000, sample: 20 });
    expect(r.index).toHaveLength(10);
    expect(r.complete).toBe(true);
  });

  it('rejects a bucket count that is not a whole number ≥ 1', () => {
    expect(() => downsampleTimeline(new Float64Array(1), new Float64Array(1), new Int32Array(1), { buckets: 0 })).toThrow(RangeError);
  });
});
