import { describe, expect, it } from 'vitest';
import { topWaitsSelection } from '@/components/charts/figure-selection';
import { formatShare, tooltipAt, topWaitsBinAt, topWaitsCaption, topWaitsOption, topWaitsView } from '@/components/charts/top-waits-option';
import type { WaitscopeReport } from '@/lib/report/report-schema';

/** A report with what Figure 15.16 reads: each dataset's size and its top waits, descending. */
function report(datasets: { count: number; top: number[] }[]): WaitscopeReport {
  return {
    event: 'log file sync',
    datasets: datasets.map((d, i) => ({ id: `d${i}`, label: `d${i}`, summary: { count: d.count }, distributions: { top: d.top } })),
  } as unknown as WaitscopeReport;
}
const descending = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i)).sort((a, b) => b - a);

describe('topWaitsView: N', () => {
  it('defaults to 10,000 for the book\'s 2 × 4,000,000 waits, and says it is 0.25 % of each', () => {
    const r = report([0, 1].map(() => ({ count: 4_000_000, top: descending(10_000, (i) => 1000 + i) })));
    const view = topWaitsView(r);
    expect(view.count).toBe(10_000);
    expect(topWaitsCaption(r, view)).toBe('top 10,000 waits of each dataset (0.25 % of 4,000,000)');
  });

  it('defaults to 2.5 % of 80,000 waits, and takes the first N of the report\'s descending top', () => {
    const top = descending(10_000, (i) => 500 + i);
    const r = report([{ count: 80_000, top }, { count: 100_000, top }]);
    const view = topWaitsView(r);
    expect(view.count).toBe(2_000);
    expect(view.tops[0]).toEqual(top.slice(0, 2_000));
    expect(view.bins.counts[0]!.reduce((s, c) => s + c, 0)).toBe(2_000);
    expect(topWaitsCaption(r, view)).toBe('top 2,000 waits of each dataset (2.5 % of 80,000; 2 % of 100,000)');
  });

  it('takes a chosen N, at most the 10,000 the report keeps, and says when a dataset has fewer', () => {
    const r = report([{ count: 300, top: descending(300, (i) => i + 1) }, { count: 4_000_000, top: descending(10_000, (i) => i + 1) }]);
    expect(topWaitsView(r, { count: 500, axis: 'linear' }).tops.map((t) => t.length)).toEqual([300, 500]);
    expect(topWaitsCaption(r, topWaitsView(r, { count: 500, axis: 'linear' }))).toBe('top 500 waits of each dataset (100 % of 300: all of its waits; 0.013 % of 4,000,000)');
    expect(topWaitsView(r, { count: 50_000, axis: 'linear' }).count).toBe(10_000);
    expect(formatShare(1, 8)).toBe('13 %');
  });
});

describe('topWaitsOption: the axis', () => {
  const r = report([{ count: 100, top: descending(100, (i) => 10 ** (1 + (3 * i) / 99)) }]);
  it('puts a log view on a log x axis with log-spaced bins, and a linear one on a value axis', () => {
    const log = topWaitsOption(r, 'us', topWaitsView(r, { count: null, axis: 'log' })) as unknown as { xAxis: { type: string; name: string } };
    expect(log.xAxis.type).toBe('log');
    expect(log.xAxis.name).toMatch(/log scale/);
    const { edges } = topWaitsView(r, { count: null, axis: 'log' }).bins;
    expect(edges[0]).toBeCloseTo(10, 9);
    expect(edges[60]).toBeCloseTo(10_000, 9);
    expect(edges[20]).toBeCloseTo(100, 9);
    expect((topWaitsOption(r, 'us', topWaitsView(r)) as unknown as { xAxis: { type: string } }).xAxis.type).toBe('value');
  });
});

describe('Figure 15.16: tooltip and click describe the same bar', () => {
  // 100 waits 1000, 1100, …, 10900 µs: 60 bins of 165 µs from 1000.
  const r = report([{ count: 100, top: descending(100, (i) => 1000 + 100 * i) }]);
  const view = topWaitsView(r, { count: null, axis: 'linear' });
  type Option = { tooltip: { trigger: string }; series: { id: string; tooltip?: { show: boolean }; data: [number, number][] }[] };
  const option = topWaitsOption(r, 'us', view) as unknown as Option;

  /** echarts' axis tooltip: the x of the involved series' data point nearest to x (ties to the one at or below x). */
  function snapped(x: number): number {
    const involved = option.series.filter((s) => s.tooltip?.show !== false).flatMap((s) => s.data.map(([px]) => px));
    let best = involved[0]!;
    for (const p of involved) if (Math.abs(x - p) < Math.abs(x - best) || (Math.abs(x - p) === Math.abs(x - best) && p <= x)) best = p;
    return best;
  }

  it('anywhere in a bar, the point the tooltip snaps to is in that bar, the bar a click picks', () => {
    expect(option.tooltip.trigger).toBe('axis');
    for (let b = 0; b < 60; b++) {
      const lo = view.bins.edges[b]!;
      for (const f of [0, 0.1, 0.49, 0.5, 0.51, 0.75, 0.99]) {
        const x = lo + f * 165;
        expect(topWaitsBinAt(view, x), `x ${x}`).toBe(b);
        expect(topWaitsBinAt(view, snapped(x)), `tooltip at x ${x}`).toBe(b);
        expect(tooltipAt(snapped(x), ['d0'], view, 'us')).toContain(`data-bin="${b}"`);
      }
    }
  });

  it('the bar 9,250–9,415 µs: tooltip text, and a click on it selects 9,300 and 9,400 µs', () => {
    // Edges 1000 + 165·i: bin 50 is [9250, 9415).
    const x = 9250 + 0.75 * 165;
    expect(tooltipAt(snapped(x), ['d0'], view, 'us')).toContain('9,250–9,415 µs');
    const s = topWaitsSelection(view, 0, topWaitsBinAt(view, x))!;
    expect(s.lo).toBe(9250);
    expect(s.hi).toBeLessThan(9415);
    expect(r.datasets[0]!.distributions.top.filter((v) => v >= s.lo && v <= s.hi)).toEqual([9400, 9300]);
  });
});
