import { describe, expect, it } from 'vitest';
import { allWaitsNoKde, allWaitsOption, allWaitsView, decadesPerBin, histogramBins } from '@/components/charts/all-waits-option';
import { stepOutline } from '@/components/charts/step-outline';
import { buildReport } from '@/lib/report/build-report';
import type { DatasetReport, WaitscopeReport } from '@/lib/report/report-schema';
import { sqlNetWaits } from '../../stats/kde-sql-net-waits';

// A dataset with just the fields the figure reads; the rest of the report is not drawn here.
function dataset(partial: { log2: DatasetReport['distributions']['log2Micros']; max: number; log10?: { lo: number; hi: number; percent: number }[] }) {
  return {
    summary: { max: partial.max },
    distributions: {
      log2Micros: partial.log2,
      log10Bins: { perDecade: 20, bins: (partial.log10 ?? []).map((b) => ({ ...b, count: 0, densityPerDecade: 0 })) },
    },
  } as unknown as DatasetReport;
}

describe('histogramBins in log2 mode', () => {
  it('draws "< 1 µs" from 0.5 µs, the open top bucket up to the max, and % of all waits', () => {
    const d = dataset({
      max: 6e9,
      log2: [
        { lowerBound: 0, upperBound: 1, count: 1 },
        { lowerBound: 1, upperBound: 2, count: 2 },
        { lowerBound: 2 ** 32, upperBound: null, count: 1 },
      ],
    });
    expect(histogramBins(d, 'log2')).toEqual([
      { lo: 0.5, hi: 1, y: 25 },
      { lo: 1, hi: 2, y: 50 },
      { lo: 2 ** 32, hi: 6e9, y: 25 },
    ]);
  });
});

describe('KDE scale', () => {
  it('turns density per decade into % per bin: 1/perDecade decades, or one octave', () => {
    const report = { datasets: [dataset({ max: 1, log2: [] })] } as unknown as WaitscopeReport;
    expect(decadesPerBin(report, 'log10')).toBe(1 / 20);
    expect(decadesPerBin(report, 'log2')).toBeCloseTo(0.30103, 5);
  });
});

describe('allWaitsView', () => {
  it('sets the axis to whole decades around the bins of at least 0.02% and counts what lies outside', () => {
    const bins = [
      { lo: 1, hi: 1.12, percent: 0.001 },
      { lo: 300, hi: 330, percent: 60 },
      { lo: 2000, hi: 2200, percent: 39.989 },
      { lo: 90_000, hi: 100_000, percent: 0.01 },
    ];
    const report = { datasets: [dataset({ max: 1e5, log2: [], log10: bins })] } as unknown as WaitscopeReport;
    const view = allWaitsView(report, 'log10');
    expect(view.range).toEqual({ min: 100, max: 10_000 });
    expect(view.outsidePercent[0]).toBeCloseTo(0.011, 9);
  });
});

describe('stepOutline', () => {
  it('outlines contiguous bins and drops to zero across a gap', () => {
    expect(stepOutline([{ lo: 1, hi: 2, y: 5 }, { lo: 2, hi: 4, y: 3 }, { lo: 8, hi: 16, y: 1 }])).toEqual([
      [1, 0], [1, 5], [2, 5], [2, 3], [4, 3], [4, 0], [8, 0], [8, 1], [16, 1], [16, 0],
    ]);
    expect(stepOutline([])).toEqual([]);
  });
});

describe('the KDE line of Figure 15.15 on the histogram scale (issue 12 §2)', () => {
  type Series = { id: string; data: [number, number][] };
  const reportOf = (...datasets: Float64Array[]) =>
    buildReport(
      datasets.map((values, i) => ({ id: `d${i}`, label: `d${i}`, source: 'csv' as const, values, sessions: null, files: [] })),
      { event: 'SQL*Net message to client', baseline: 0, bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00Z' },
    );
  const sqlNet = reportOf(sqlNetWaits());

  it.each(['log10', 'log2'] as const)('on SQL*Net-like spikes, %s: at most 100 %, near the tallest bar, and integrating to 100 % per bin', (mode) => {
    const option = allWaitsOption(sqlNet, 'us', mode, allWaitsView(sqlNet, mode)) as unknown as { series: Series[] };
    const kde = option.series.find((s) => s.id === 'kde-0')!.data;
    const peak = Math.max(...kde.map(([, y]) => y));
    const tallestBar = Math.max(...histogramBins(sqlNet.datasets[0]!, mode).map((b) => b.y));
    expect(peak).toBeLessThanOrEqual(100);
    expect(peak).toBeGreaterThan(0.9 * tallestBar);
    // ∫ line d(log10 x) / bin width = the whole dataset, in % (rounding: ±0.5 %).
    let area = 0;
    for (let k = 1; k < kde.length; k++) area += ((Math.log10(kde[k]![0]) - Math.log10(kde[k - 1]![0])) * (kde[k]![1] + kde[k - 1]![1])) / 2;
    expect(area / decadesPerBin(sqlNet, mode)).toBeGreaterThan(99.5);
    expect(area / decadesPerBin(sqlNet, mode)).toBeLessThan(100.5);
  });

  it('draws no KDE for a dataset of fewer than 30 waits, and says which dataset that is', () => {
    const values = (n: number) => Float64Array.from({ length: n }, (_, i) => 100 + 37 * i);
    const report = reportOf(values(29), values(30));
    const ids = (allWaitsOption(report, 'us', 'log10', allWaitsView(report, 'log10')) as unknown as { series: Series[] }).series.map((s) => s.id);
    expect(ids).toEqual(['histogram-0', 'kde-1', 'histogram-1']);
    expect(allWaitsNoKde(report)).toEqual([0]);
  });
});
