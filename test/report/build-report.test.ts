import { describe, expect, it } from 'vitest';
import { buildReport, type ReportDatasetInput } from '../../lib/report/build-report';
import { reportSchema } from '../../lib/report/report-schema';

function dataset(id: string, values: number[], sessions: number[] | null = null): ReportDatasetInput {
  return {
    id,
    label: `label ${id}`,
    source: 'csv',
    values: Float64Array.from(values),
    sessions: sessions && Uint32Array.from(sessions),
    files: [],
  };
}

const OPTIONS = { event: 'log file sync', baseline: 1, generatorVersion: 'test', createdAt: '2026-11-30T00:00:00.000Z', bootstrap: false } as const;

describe('buildReport', () => {
  // A: 1..10 (median 5.5, mean 5.5, p90 = 9.1 by R type 7); B: 2, 4, …, 20 (median 11, mean 11).
  const a = dataset('a', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  const b = dataset('b', [2, 4, 6, 8, 10, 12, 14, 16, 18, 20], [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  const report = buildReport([a, b], OPTIONS);

  it('summarises each dataset with R type-7 quantiles', () => {
    const [sa, sb] = report.datasets.map((d) => d.summary);
    expect(sa).toMatchObject({ count: 10, min: 1, max: 10, median: 5.5, mean: 5.5, sum: 55 });
    expect(sa!.p90).toBeCloseTo(9.1, 12);
    expect(sb).toMatchObject({ count: 10, min: 2, max: 20, median: 11, mean: 11 });
    expect(report.datasets.map((d) => d.sessions)).toEqual([2, 2]);
  });

  it('compares every other dataset with the baseline, A − B and (A − B)/B', () => {
    expect(report.comparisons).toHaveLength(1);
    const c = report.comparisons[0]!;
    expect([c.treatment, c.baseline]).toEqual([0, 1]);
    const median = c.rows.find((r) => r.statistic === 'median')!;
    expect(median).toMatchObject({ a: 5.5, b: 11, difference: -5.5, ratio: 0.5, relative: -0.5 });
    expect(c.rows.map((r) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p99', 'p999', 'max', 'stddev']);
    expect(c.welch?.difference).toBeCloseTo(-5.5, 12);
  });

  it('counts the thresholds asked for besides 500 ms, ascending', () => {
    const r = buildReport([a, b], { ...OPTIONS, thresholds: [5, 15] });
    const counts = r.datasets.map((d) => d.distributions.thresholds.map((t) => [t.threshold, t.count]));
    expect(counts[0]).toEqual([[5, 5], [15, 0], [10_000, 0], [100_000, 0], [500_000, 0]]);
    expect(counts[1]).toEqual([[5, 8], [15, 3], [10_000, 0], [100_000, 0], [500_000, 0]]);
  });

  it('keeps the top waits descending and survives a JSON round trip through the schema', () => {
    expect(report.datasets[1]!.distributions.top.slice(0, 3)).toEqual([20, 18, 16]);
    const parsed = reportSchema.parse(JSON.parse(JSON.stringify(report)));
    expect(parsed).toEqual(report);
  });

  it('rejects a baseline that is not a dataset', () => {
    expect(() => buildReport([a, b], { ...OPTIONS, baseline: 2 })).toThrow(RangeError);
  });

  it('the schema refuses a report of another version or without datasets', () => {
    const json = JSON.parse(JSON.stringify(report));
    expect(reportSchema.safeParse({ ...json, version: 2 }).success).toBe(false);
    expect(reportSchema.safeParse({ ...json, datasets: [] }).success).toBe(false);
  });
});
