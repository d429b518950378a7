import { describe, expect, it } from 'vitest';
import { DenseCounter } from '@/lib/stats/dense-counter';
import { sampleOf, sampleOfSessions, withoutSessions } from '@/lib/stats/sample';

const f64 = (xs: number[]) => Float64Array.from(xs);
const plain = (c: { values: Float64Array; counts: Float64Array; cumulative: Float64Array; total: number }) => ({
  values: Array.from(c.values),
  counts: Array.from(c.counts),
  cumulative: Array.from(c.cumulative),
  total: c.total,
});

describe('sampleOf', () => {
  it('counts all values and each session, sessions in order of first appearance', () => {
    // By hand: waits 5 3 5 7 3 1 of sessions 9 9 2 2 9 4 → all {1:1, 3:2, 5:2, 7:1};
    // session 9 (first seen) {3:2, 5:1}, then session 2 {5:1, 7:1}, then session 4 {1:1}.
    const s = sampleOf(f64([5, 3, 5, 7, 3, 1]), Uint32Array.of(9, 9, 2, 2, 9, 4));
    expect(plain(s.counts)).toEqual({ values: [1, 3, 5, 7], counts: [1, 2, 2, 1], cumulative: [1, 3, 5, 6], total: 6 });
    expect(s.sessions?.map(plain)).toEqual([
      { values: [3, 5], counts: [2, 1], cumulative: [2, 3], total: 3 },
      { values: [5, 7], counts: [1, 1], cumulative: [1, 2], total: 2 },
      { values: [1], counts: [1], cumulative: [1], total: 1 },
    ]);
    expect(withoutSessions(s)).toEqual({ counts: s.counts, sessions: null });
  });

  it('counts sessions of fractional values too (grid found by binary search)', () => {
    // By hand: 0.5 2.25 0.5 of sessions 1 2 1 → session 1 {0.5:2}, session 2 {2.25:1}.
    const s = sampleOf(f64([0.5, 2.25, 0.5]), Uint32Array.of(1, 2, 1));
    expect(s.sessions?.map((c) => [Array.from(c.values), Array.from(c.counts)])).toEqual([[[0.5], [2]], [[2.25], [1]]]);
  });

  it('has no sessions when none are given, and rejects columns of different lengths', () => {
    expect(sampleOf(f64([1, 2])).sessions).toBeNull();
    expect(() => sampleOf(f64([1, 2]), Uint32Array.of(1))).toThrow(RangeError);
  });
});

describe('DenseCounter', () => {
  it('counts whole values from its offset, grows to its limit, and refuses the rest', () => {
    const c = new DenseCounter({ offset: 10, cells: 64, limit: 1000 });
    for (const v of [12, 10, 12, 500, 10]) expect(c.add(v)).toBe(true);
    expect(c.add(9)).toBe(false); // below the offset
    expect(c.add(12.5)).toBe(false); // not whole
    expect(c.add(10 + 1024)).toBe(false); // beyond the limit (rounded up to 1024 cells)
    expect(c.add(7000, 3)).toBe(false);
    const { values, counts } = c.take();
    expect(Array.from(values)).toEqual([10, 12, 500]);
    expect(Array.from(counts)).toEqual([2, 2, 1]);
  });

  it('leaves its table empty for the next counter', () => {
    const first = new DenseCounter();
    first.add(3);
    first.add(70_000); // grown past the first table
    first.take();
    const second = new DenseCounter({ limit: 1 << 22 });
    second.add(5);
    expect(Array.from(second.take().values)).toEqual([5]);
  });
});

describe('sampleOfSessions', () => {
  it('is the sample of the same waits counted per session elsewhere (the parser)', () => {
    // The waits of the first test, counted per session by hand: its sample, to the last field.
    const bySession = [
      sampleOf(f64([5, 3, 3])).counts,
      sampleOf(f64([5, 7])).counts,
      sampleOf(f64([1])).counts,
    ];
    expect(sampleOfSessions(bySession)).toEqual(sampleOf(f64([5, 3, 5, 7, 3, 1]), Uint32Array.of(9, 9, 2, 2, 9, 4)));
  });
});
