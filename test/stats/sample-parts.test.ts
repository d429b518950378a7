// A sample given in parts (a scan's blocks of 65,536 waits) is counted as one column
// (lib/stats/sample.ts sampleOfParts): the same counts, per session and in all, as counting the
// parts joined, whatever each part's own range. Expected counts come from a plain Map here.
import { describe, expect, it, vi } from 'vitest';
import { DenseCounter } from '../../lib/stats/dense-counter';
import { sampleOf, sampleOfParts, type SamplePart } from '../../lib/stats/sample';

/** Each session's counts (sessions in order of first value), and all counts, by a Map: the reference. */
function byHand(parts: readonly SamplePart[]) {
  const sessions = new Map<number, Map<number, number>>();
  const all = new Map<number, number>();
  for (const p of parts) {
    p.values.forEach((v, i) => {
      const id = p.ids[i]!;
      if (!sessions.has(id)) sessions.set(id, new Map());
      const s = sessions.get(id)!;
      s.set(v, (s.get(v) ?? 0) + 1);
      all.set(v, (all.get(v) ?? 0) + 1);
    });
  }
  const sorted = (m: Map<number, number>) => {
    const values = [...m.keys()].sort((a, b) => a - b);
    const counts = values.map((v) => m.get(v)!);
    let running = 0;
    return { values, counts, cumulative: counts.map((c) => (running += c)), total: running };
  };
  return { counts: sorted(all), sessions: [...sessions.values()].map(sorted) };
}

const plainCounts = (c: ReturnType<typeof sampleOf>['counts']) => ({ values: [...c.values], counts: [...c.counts], cumulative: [...c.cumulative], total: c.total });
const plain = (s: ReturnType<typeof sampleOf>) => ({ counts: plainCounts(s.counts), sessions: s.sessions!.map(plainCounts) });

const part = (values: number[], ids: number[]): SamplePart => ({ values: Float64Array.from(values), ids: Uint32Array.from(ids) });

describe('a sample given in parts', () => {
  it("is counted as one column: a part whose own range is too wide for it alone, a session's run across parts, a session that comes back", () => {
    // The first part alone spans 5..300,000: 299,996 cells for 4 values, more than 2 a value; the
    // parts are counted together all the same, on one table.
    const wide = part([300_000, 5, 7, 5], [1, 1, 1, 2]);
    const many = part(Array.from({ length: 150_000 }, (_, i) => 100 + (i % 997)), Array.from({ length: 150_000 }, (_, i) => (i < 100_000 ? 2 : 3)));
    const back = part([5, 300_000, 9], [1, 1, 3]);
    const parts = [wide, many, back];
    const got = sampleOfParts(parts);
    expect(plain(got)).toEqual(byHand(parts));
    expect(got.sessions).toHaveLength(3);
    expect(got.counts.total).toBe(4 + 150_000 + 3);
  });

  it('counts fractions, and whole values too far apart for one table, on the grid of distinct values across parts too', () => {
    const parts = [part([0.5, 2.25, 0.5], [7, 7, 8]), part([2.25, 1e9 + 0.5], [8, 7])];
    expect(plain(sampleOfParts(parts))).toEqual(byHand(parts));
    const far = [part([1, 5_000_000, 1], [1, 1, 2]), part([5_000_000, 7], [2, 1])];
    expect(plain(sampleOfParts(far))).toEqual(byHand(far));
  });

  it('gives what sampleOf gives for the parts joined, and nothing for no values', () => {
    const parts = [part([10, 20, 10], [0, 0, 1]), part([], []), part([20, 30], [1, 0])];
    const joined = sampleOf(Float64Array.from([10, 20, 10, 20, 30]), Uint32Array.from([0, 0, 1, 1, 0]));
    expect(plain(sampleOfParts(parts))).toEqual(plain(joined));
    expect(plain(sampleOfParts([]))).toEqual({ counts: { values: [], counts: [], cumulative: [], total: 0 }, sessions: [] });
  });

  it('counts every run of every session on one table: sessions taking turns wait by wait, in 4,000 runs', () => {
    const values = Array.from({ length: 4000 }, (_, i) => (i % 2 === 0 ? 300_000 : 5 + (i % 7)));
    const parts = [part(values.slice(0, 2500), values.slice(0, 2500).map((_, i) => i % 2)), part(values.slice(2500), values.slice(2500).map((_, i) => (2500 + i) % 2))];
    const released = vi.spyOn(DenseCounter.prototype, 'release');
    try {
      expect(plain(sampleOfParts(parts))).toEqual(byHand(parts));
      expect(released).toHaveBeenCalledTimes(1);
    } finally {
      released.mockRestore();
    }
  });
});
