import { describe, expect, it } from 'vitest';
import { shareBins } from '@/components/charts/shared-bins';
import { binLinear } from '@/lib/stats/bins';

describe('shareBins (linear)', () => {
  it('bins by hand: shared edges from the smallest to the largest value of all series, last bin closed', () => {
    // [0, 10] in 5 bins of 2: [0,2) [2,4) [4,6) [6,8) [8,10]. 10 (the max) goes to the last bin,
    // 2 and 4 (edges) to the bins they start.
    const { edges, counts } = shareBins([[10, 2, 0], [4, 3.9, 9.99]], 5);
    expect(edges).toEqual([0, 2, 4, 6, 8, 10]);
    expect(counts).toEqual([
      [1, 1, 0, 0, 1],
      [0, 1, 1, 0, 1],
    ]);
  });

  it('counts every value once, and agrees with lib binLinear on the same edges', () => {
    // Top-N waits shape: integers, descending, many ties; the second series reaches further.
    const a = Array.from({ length: 10_000 }, (_, i) => 1434 + Math.floor(75_740 / (1 + i / 7)));
    const b = Array.from({ length: 10_000 }, (_, i) => 2134 + Math.floor(291_800 / (1 + i / 3)) % 97_001);
    const { edges, counts } = shareBins([a, b], 60);
    expect(edges).toHaveLength(61);
    expect(edges[0]).toBe(Math.min(...a, ...b));
    expect(edges[60]).toBe(Math.max(...a, ...b));
    [a, b].forEach((values, d) => {
      const row = counts[d]!;
      expect(row.reduce((s, c) => s + c, 0)).toBe(values.length);
      const width = (edges[60]! - edges[0]!) / 60;
      const lib = binLinear(Float64Array.from(values), { from: edges[0]!, to: edges[60]!, width });
      // lib's bins are all half-open: the values equal to the maximum are its overflow.
      const expected = lib.bins.map((bin) => bin.count);
      expected[59] = expected[59]! + lib.overflow;
      expect(lib.underflow).toBe(0);
      expect(row).toEqual(expected);
    });
  });

  it('puts each value in the bin whose reported edges hold it, also where division rounds', () => {
    // Multiples of 0.1 land on edges computed as 0.1·i, where (v − from)/width can round either way
    // (0.3/0.1 = 2.9999999999999996); the brute-force count by the reported edges must agree.
    const values = Array.from({ length: 101 }, (_, i) => i * 0.1).concat([0.3, 0.7, 2.3, 5.1]);
    for (const k of [7, 10, 30, 60]) {
      const { edges, counts } = shareBins([values], k);
      const byEdges = edges.slice(0, -1).map((lo, i) =>
        values.filter((v) => lo <= v && (v < edges[i + 1]! || (i === k - 1 && v === edges[k]))).length,
      );
      expect(counts[0]).toEqual(byEdges);
    }
  });

  it('one bin around a single repeated value, and nothing for no values', () => {
    expect(shareBins([[5, 5], [5]], 60)).toEqual({ edges: [4.5, 5.5], counts: [[2], [1]], excluded: [0, 0] });
    expect(shareBins([[], []], 60)).toEqual({ edges: [], counts: [[], []], excluded: [0, 0] });
  });

  it('refuses a bin count that is not a positive integer', () => {
    expect(() => shareBins([[1, 2]], 0)).toThrow(RangeError);
    expect(() => shareBins([[1, 2]], 2.5)).toThrow(RangeError);
  });
});

describe('shareBins (log)', () => {
  it('bins by hand: equal widths in log10 from the smallest to the largest value, 0 µs left out and counted', () => {
    // [1, 10000] in 4 bins of one decade: [1,10) [10,100) [100,1000) [1000,10000]; 10 and 100 start their bins.
    const { edges, counts, excluded } = shareBins([[1, 10, 99, 100, 10_000], [0, 5, 1000, 9999]], 4, 'log');
    expect(edges).toEqual([1, 10, 100, 1000, 10_000]);
    expect(counts).toEqual([
      [1, 2, 1, 1],
      [1, 0, 0, 2],
    ]);
    expect(excluded).toEqual([0, 1]);
  });

  it('puts each value in the bin whose reported edges hold it, also where the logarithm rounds', () => {
    const values = Array.from({ length: 400 }, (_, i) => 3 + i * 7.25).concat([1000, 100, 10]);
    for (const k of [7, 10, 30, 60]) {
      const { edges, counts } = shareBins([values], k, 'log');
      const byEdges = edges.slice(0, -1).map((lo, i) => values.filter((v) => lo <= v && (v < edges[i + 1]! || (i === k - 1 && v === edges[k]))).length);
      expect(counts[0]).toEqual(byEdges);
      expect(counts[0]!.reduce((s, c) => s + c, 0)).toBe(values.length);
    }
  });
});
