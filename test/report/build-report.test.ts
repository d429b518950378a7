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
    // The same statistics as `waitscope compare` prints, p95 and sum included.
    expect(c.rows.map((r) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum']);
    // sum: 55 − 110 = −55, ratio 0.5.
    expect(c.rows.find((r) => r.statistic === 'sum')).toMatchObject({ a: 55, b: 110, difference: -55, ratio: 0.5, relative: -0.5 });
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
    expect(reportSchema.safeParse({ ...json, version: 1 }).success).toBe(false);
    expect(reportSchema.safeParse({ ...json, version: 3 }).success).toBe(false);
    expect(reportSchema.safeParse({ ...json, datasets: [] }).success).toBe(false);
  });
});

describe('buildReport with 12 against 5 waits (issue 12: the page printed p99, p99.9 and a p99 verdict)', () => {
  // A: 100, 200, …, 1200 µs in 3 sessions; B: 150, 250, …, 550 µs in 1 session.
  const a = dataset('a', Array.from({ length: 12 }, (_, i) => 100 * (i + 1)), [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
  const b = dataset('b', [150, 250, 350, 450, 550], [7, 7, 7, 7, 7]);
  const report = buildReport([a, b], { ...OPTIONS, bootstrap: { replicates: 200, seed: 1 } });
  const [da, db] = report.datasets;

  it('stores no quantile a side is too small for, and says why (needs n·(1 − p) ≥ 1)', () => {
    // p90 needs 10, p95 20, p99 100, p99.9 1000 waits: A (12) has only median and p90, B (5) only the median.
    // A's p90 by type 7: h = 1 + 11·0.9 = 10.9 → 0.1·1000 + 0.9·1100 = 1090; median h = 6.5 → 650.
    expect(da!.summary.p90).toBeCloseTo(1090, 9);
    expect([da!.summary.p95, da!.summary.p99, da!.summary.p999]).toEqual([null, null, null]);
    expect([db!.summary.p90, db!.summary.p99]).toEqual([null, null]);
    expect(da!.summary.median).toBe(650);
    expect(da!.notEstimable).toEqual({ p95: 'n/a (needs ≥ 20 waits)', p99: 'n/a (needs ≥ 100 waits)', p999: 'n/a (needs ≥ 1,000 waits)' });
    expect(db!.notEstimable).toEqual({
      p90: 'n/a (needs ≥ 10 waits)',
      p95: 'n/a (needs ≥ 20 waits)',
      p99: 'n/a (needs ≥ 100 waits)',
      p999: 'n/a (needs ≥ 1,000 waits)',
    });
    const json = JSON.parse(JSON.stringify(report));
    expect(json.datasets[1].summary.p99).toBeNull();
    expect(json.datasets[1].notEstimable.p99).toBe('n/a (needs ≥ 100 waits)');
    expect(reportSchema.parse(json)).toEqual(report);
  });

  it('gives no p99 comparison, CI or verdict', () => {
    const c = report.comparisons[0]!;
    expect(c.rows.find((r) => r.statistic === 'p99')).toMatchObject({ a: null, b: null, difference: null, ratio: null, relative: null });
    expect(c.bootstrap?.relative.p99).toBeNull();
    expect(c.bootstrap?.difference.p99).toBeNull();
    expect(c.verdicts.map((v) => v.statistic)).toEqual(['mean', 'median']);
    expect(c.verdicts.some((v) => /p99/.test(v.text))).toBe(false);
  });
});
