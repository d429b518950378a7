import { describe, expect, it } from 'vitest';
import { buildReport, type ReportDatasetInput } from '../../lib/report/build-report';
import { joinLocalDatasets } from '../../lib/report/compare-with-shared';
import { reportSchema } from '../../lib/report/report-schema';

const input = (id: string, values: number[]): ReportDatasetInput => ({ id, label: id, source: 'csv', values: Float64Array.from(values), sessions: null, files: [] });
const options = { event: 'log file sync', baseline: 0, generatorVersion: 't', createdAt: '2026-11-30T00:00:00Z', bootstrap: false } as const;

describe('joinLocalDatasets', () => {
  const shared = buildReport([input('s1', [10, 20, 30, 40]), input('s2', [15, 25, 35, 45])], options);
  const local = buildReport([input('mine', [12, 22, 32, 42])], options);
  const joined = joinLocalDatasets(shared, local);

  it('appends the local dataset and compares it with each shared one from the summaries', () => {
    expect(joined.datasets.map((d) => d.id)).toEqual(['s1', 's2', 'mine']);
    const added = joined.comparisons.filter((c) => c.treatment === 2);
    expect(added.map((c) => c.baseline)).toEqual([0, 1]);
    // mean(mine) = 27, mean(s1) = 25: A − B = 2, relative 0.08.
    const mean = added[0]!.rows.find((r) => r.statistic === 'mean')!;
    expect(mean).toMatchObject({ a: 27, b: 25, difference: 2 });
    expect(mean.relative).toBeCloseTo(0.08, 12);
    expect(added[0]!.bootstrap).toBeNull();
    expect(added[0]!.resampling.description).toMatch(/not samples/);
  });

  it("gives the same Welch test as the samples would (it needs only mean, sd and n)", () => {
    const full = buildReport([input('mine', [12, 22, 32, 42]), input('s1', [10, 20, 30, 40])], { ...options, baseline: 1 });
    const fromSamples = full.comparisons[0]!.welch!;
    const fromSummaries = joinLocalDatasets(shared, local).comparisons.find((c) => c.treatment === 2 && c.baseline === 0)!.welch!;
    expect(fromSummaries.t).toBeCloseTo(fromSamples.t, 12);
    expect(fromSummaries.df).toBeCloseTo(fromSamples.df, 9);
    expect(reportSchema.safeParse(JSON.parse(JSON.stringify(joined))).success).toBe(true);
  });
});
