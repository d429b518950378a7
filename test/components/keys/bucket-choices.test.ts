// The keyboard list of Figure 15.15's buckets (allWaitsBuckets, components/charts/figure-selection.ts),
// worked by hand: V$EVENT_HISTOGRAM_MICRO puts t in [2^⌊log2 t⌋, 2^(⌊log2 t⌋+1)); log10 bin i is
// [10^(i/20), 10^((i+1)/20)) (stats.md §4), so 3 µs is in bin 9 (log10 3 · 20 = 9.54).
import { describe, expect, it } from 'vitest';
import { allWaitsBuckets, allWaitsSelection } from '@/components/charts/figure-selection';
import { justBelow } from '@/components/charts/range-selection';
import { buildReport } from '@/lib/report/build-report';

const input = (id: string, values: number[]) => ({ id, label: id, source: 'csv' as const, values: Float64Array.from(values), sessions: null, files: [] });
const report = buildReport([input('a', [1, 1, 3, 700]), input('b', [3, 5, 5000])], { event: 'e', baseline: 0, generatorVersion: 't', createdAt: 'now', bootstrap: false });

describe('allWaitsBuckets', () => {
  it('log2: every bucket holding a wait, ascending, with each dataset’s count', () => {
    const choices = allWaitsBuckets(report, 'log2');
    expect(choices.map((c) => [c.lo, c.hi, c.counts])).toEqual([
      [1, 2, [2, 0]],
      [2, 4, [1, 1]],
      [4, 8, [0, 1]],
      [512, 1024, [1, 0]],
      [4096, 8192, [0, 1]],
    ]);
    // A bucket only b has is selected through b: the same selection as a click on it.
    const s = allWaitsSelection(report, 'log2', choices[2]!.datasetIndex, choices[2]!.binIndex)!;
    expect([s.lo, s.hi]).toEqual([4, justBelow(8)]);
  });

  it('log10: the bin of 3 µs is one bucket of both datasets, though each numbers its bins from its own smallest wait', () => {
    const choices = allWaitsBuckets(report, 'log10');
    expect(choices.map((c) => c.counts)).toEqual([[2, 0], [1, 1], [0, 1], [1, 0], [0, 1]]);
    expect(choices.map((c) => c.lo)).toEqual([0, 9, 13, 56, 73].map((i) => 10 ** (i / 20)));
    for (const c of choices) {
      const s = allWaitsSelection(report, 'log10', c.datasetIndex, c.binIndex)!;
      expect(s.lo).toBe(c.lo);
      expect(s.hi).toBe(justBelow(c.hi));
    }
  });
});
