import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openReport } from '../../lib/share/seal-report';
import { migrateReport, REPORT_MIGRATIONS, type ReportMigrations } from '../../lib/report/report-migrations';
import { REPORT_VERSION, reportSchema } from '../../lib/report/report-schema';
import { buildReport } from '../../lib/report/build-report';
import { sampleReport } from '../share/sample-report';

describe('migrateReport', () => {
  it('has a migration for every version before the current one', () => {
    for (let v = 1; v < REPORT_VERSION; v++) expect(REPORT_MIGRATIONS[v], `migration from ${v}`).toBeTypeOf('function');
    expect(Object.keys(REPORT_MIGRATIONS).map(Number).every((v) => v >= 1 && v < REPORT_VERSION)).toBe(true);
  });

  it('hands a current report back unchanged', () => {
    const report = sampleReport();
    expect(migrateReport(report)).toEqual({ ok: true, value: report });
  });

  it('chains registered migrations up to the target version', () => {
    // A fake version 0 that called the event `eventName` and had no unit, then the real 1 → 2.
    const { event, unit: _unit, ...rest } = sampleReport();
    const v0 = { ...rest, version: 0, eventName: event };
    const migrations: ReportMigrations = {
      ...REPORT_MIGRATIONS,
      0: ({ eventName, ...r }) => ({ ...r, version: 1, event: eventName, unit: 'us' }),
    };
    const migrated = migrateReport(v0, migrations, 2);
    expect(migrated.ok).toBe(true);
    if (migrated.ok) expect(reportSchema.parse(migrated.value)).toEqual(sampleReport());
  });

  it('runs several steps in order', () => {
    const seen: number[] = [];
    const step = (from: number) => (r: Record<string, unknown>) => (seen.push(from), { ...r, version: from + 1 });
    const migrated = migrateReport({ version: 0 }, { 0: step(0), 1: step(1), 2: step(2) }, 3);
    expect(migrated).toEqual({ ok: true, value: { version: 3 } });
    expect(seen).toEqual([0, 1, 2]);
  });

  it('refuses a version newer than it knows, with a clear message', () => {
    const migrated = migrateReport({ ...sampleReport(), version: REPORT_VERSION + 1 });
    expect(migrated).toMatchObject({ ok: false, code: 'newer-version' });
    if (!migrated.ok) expect(migrated.message).toMatch(`version ${REPORT_VERSION + 1}, made by a newer waitscope`);
  });

  it('refuses an old version that has no migration', () => {
    expect(migrateReport({ version: 0 })).toMatchObject({ ok: false, code: 'no-migration' });
  });

  it('leaves anything without an integer version for the schema to reject', () => {
    for (const json of [null, 'x', [1], { version: '1' }, { version: 1.5 }, {}]) {
      expect(migrateReport(json)).toEqual({ ok: true, value: json });
    }
  });

  it('treats a migration that forgets to bump the version as a bug', () => {
    expect(() => migrateReport({ version: 0 }, { 0: (r) => r }, 1)).toThrow(/returned version 0/);
  });
});

describe('migration 1 → 2 (issue 12 §3)', () => {
  // A version-1 report of 12 waits (100..1200 µs, 3 sessions) against 5 (150..550 µs, 1 session), as
  // version 1 stored it: p99 and p99.9 of both sides, 9 comparison rows, a p99 verdict, a Welch p on the
  // mean's line and a Mann–Whitney "distribution" verdict. Built from a current report by putting back
  // what version 1 had; the numbers are type 7 by hand (A: p99 h = 1 + 11·0.99 = 11.89 → 0.11·1100 +
  // 0.89·1200 = 1189; B: p99 h = 4.96 → 0.04·450 + 0.96·550 = 546).
  const current = buildReport(
    [
      { id: 'a', label: 'A', source: 'csv', values: Float64Array.from({ length: 12 }, (_, i) => 100 * (i + 1)), sessions: null, files: [] },
      { id: 'b', label: 'B', source: 'csv', values: Float64Array.of(150, 250, 350, 450, 550), sessions: null, files: [] },
    ],
    { event: 'log file sync', baseline: 1, generatorVersion: 'test', createdAt: '2026-11-30T00:00:00.000Z', bootstrap: { replicates: 200, seed: 1 } },
  );
  const v1 = JSON.parse(JSON.stringify(current));
  v1.version = 1;
  for (const d of v1.datasets) delete d.notEstimable;
  Object.assign(v1.datasets[0].summary, { p90: 1090, p95: 1145, p99: 1189, p999: 1198.9 });
  Object.assign(v1.datasets[1].summary, { p90: 510, p95: 530, p99: 546, p999: 549.6 });
  const c1 = v1.comparisons[0];
  c1.rows = ['count', 'min', 'median', 'mean', 'p90', 'p99', 'p999', 'max', 'stddev'].map((statistic) => {
    const a = v1.datasets[0].summary[statistic];
    const b = v1.datasets[1].summary[statistic];
    return { statistic, a, b, difference: a - b, ratio: a / b, relative: (a - b) / b };
  });
  c1.bootstrap.relative.p99 = { lower: 0.049, upper: 32.859 };
  c1.bootstrap.difference.p99 = { lower: 27, upper: 1050 };
  c1.verdicts = [
    { statistic: 'mean', direction: 'higher', ciSource: 'bootstrap-poisson', text: 'mean 85.7% higher [95% CI 20.1–1339.8%], p = 0.004 (Welch)' },
    { statistic: 'median', direction: 'higher', ciSource: 'bootstrap-poisson', text: 'median 85.7% higher [95% CI 1.0–300.0%]' },
    { statistic: 'p99', direction: 'higher', ciSource: 'bootstrap-poisson', text: 'p99 117.8% higher [95% CI 4.9–3285.9%]' },
    { statistic: 'distribution', direction: 'higher', ciSource: null, text: 'A tends to be higher: … (Mann–Whitney)' },
  ];

  // As version 1 shared it: A's clusters above its "p99.9" of 12 waits (type 7 between its two longest waits).
  const cluster = { start: '2026-11-30T00:00:01.000000+00:00', end: '2026-11-30T00:00:02.000000+00:00', count: 3, worstEla: 1200, worstFile: 'a.trc', worstLine: 40, events: [], switches: [] };
  const section = (threshold: number) => ({ threshold, top: [], timeline: { kind: 'none', t: [], ela: [], keepAbove: 0 }, clusters: [cluster] });
  v1.datasets[0].outliers = section(1198.9);

  const migrated = migrateReport(v1);
  const report = migrated.ok ? reportSchema.parse(migrated.value) : null;

  it('opens under the current schema', () => {
    expect(migrated.ok).toBe(true);
    expect(report?.version).toBe(REPORT_VERSION);
  });

  it('drops every statistic a side is too small for and says why', () => {
    expect(report!.datasets[0]!.summary).toMatchObject({ p90: 1090, p95: null, p99: null, p999: null });
    expect(report!.datasets[1]!.summary).toMatchObject({ p90: null, p95: null, p99: null, p999: null, median: 350 });
    expect(report!.datasets[1]!.notEstimable.p99).toBe('n/a (needs ≥ 100 waits)');
    const c = report!.comparisons[0]!;
    expect(c.rows.map((r) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum']);
    expect(c.rows.find((r) => r.statistic === 'p99')).toMatchObject({ a: null, b: null, difference: null });
    // sum: 7800 − 1750 = 6050.
    expect(c.rows.find((r) => r.statistic === 'sum')).toMatchObject({ a: 7800, b: 1750, difference: 6050 });
    expect(c.bootstrap?.relative.p99).toBeNull();
  });

  it('drops the "p99.9" threshold and the clusters of a shared outlier section below 1,000 waits, and keeps them at 1,000', () => {
    expect(report!.datasets[0]!.outliers).toMatchObject({ threshold: null, clusters: [] });
    expect(report!.datasets[0]!.outliers?.timeline.kind).toBe('none');
    expect(report!.datasets[1]!.outliers).toBeUndefined();
    // 1,000 waits: n·(1 − 0.999) = 1, enough for a p99.9, so version 1's section passes unchanged.
    const big = JSON.parse(JSON.stringify(v1));
    Object.assign(big.datasets[0].summary, { count: 1000 });
    big.datasets[0].outliers = section(1198.9);
    const kept = migrateReport(big);
    expect(kept.ok && reportSchema.parse(kept.value).datasets[0]!.outliers).toEqual(section(1198.9));
  });

  it('rewrites the verdicts: no p99, no Welch p, no Mann–Whitney headline', () => {
    const v = report!.comparisons[0]!.verdicts;
    expect(v.map((x) => x.statistic)).toEqual(['mean', 'median']);
    for (const x of v) {
      expect(x.text).not.toMatch(/Welch|Mann|p = /);
      // B has 5 waits: too few for any CI, so no claim of significance either.
      expect(x.text).toContain('no claim of significance (a CI needs at least 10 waits on each side)');
    }
  });
});

describe('a committed version-1 shared report (test/fixtures/report-v1-shared.md) opens under today\'s schema', () => {
  // Written by the page of commit d01dbcb, the last with report version 1, from synthetic traces:
  // "flash on" has 300 waits (2 sessions × 150), "flash off" 1,000 (2 × 500). Every expected value
  // below is read off that file (the input) or worked out by hand from it, never from the migration.
  const FIXTURES = new URL('../fixtures/', import.meta.url);
  const text = readFileSync(new URL('report-v1-shared.json', FIXTURES), 'utf8');
  const v1 = JSON.parse(text);
  /** The link's #k= key of report-v1-shared.sealed. */
  const REPORT_V1_KEY = '5pUD3EsV94MMlODXE9calA';

  const migrated = migrateReport(JSON.parse(text));
  const parsed = migrated.ok ? reportSchema.safeParse(migrated.value) : null;
  const report = parsed?.success ? parsed.data : null;
  const [on, off] = [report?.datasets[0], report?.datasets[1]];
  const comparison = report?.comparisons[0];

  it('is a version-1 report as the old page shared it: two synthetic datasets, no host names', () => {
    expect(v1.version).toBe(1);
    expect(v1.generator).toEqual({ name: 'waitscope', version: '0.1.0' });
    expect(v1.datasets.map((d: { label: string; summary: { count: number } }) => [d.label, d.summary.count])).toEqual([
      ['flash on', 300],
      ['flash off', 1000],
    ]);
    // Version 1 had no notEstimable and rows without p95 and sum.
    expect(v1.datasets[0].notEstimable).toBeUndefined();
    expect(v1.comparisons[0].rows.map((r: { statistic: string }) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p99', 'p999', 'max', 'stddev']);
    // The synthetic traces' header names (lib/synth/commit-loop.ts) did not travel.
    expect(text).not.toMatch(/exa01db01|SPOT1|"host"|"instance"/);
  });

  it('migrates and validates against the zod schema', () => {
    expect(migrated.ok).toBe(true);
    expect(parsed?.success, parsed?.success === false ? parsed.error.message : '').toBe(true);
    expect(report?.version).toBe(REPORT_VERSION);
    expect(report?.createdAt).toBe(v1.createdAt);
    expect(report?.event).toBe('log file sync');
  });

  it('opens from the sealed container of the old link, exactly as from its JSON', async () => {
    const container = new Uint8Array(readFileSync(new URL('report-v1-shared.sealed', FIXTURES)));
    const opened = await openReport(container, REPORT_V1_KEY);
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.report).toEqual(report);
  });

  it('keeps every statistic of the 1,000-wait side and drops only the p99.9 of the 300-wait side', () => {
    // 300 waits: n·(1 − 0.999) = 0.3 < 1, so no p99.9; n·(1 − 0.99) = 3 ≥ 1 keeps the p99.
    expect(on?.summary).toEqual({ ...v1.datasets[0].summary, p999: null });
    expect(on?.summary.p99).toBe(1755.7199999999957);
    expect(on?.notEstimable).toEqual({ p999: 'n/a (needs ≥ 1,000 waits)' });
    expect(off?.summary).toEqual(v1.datasets[1].summary);
    expect(off?.summary.p999).toBe(70306.71499999476);
    expect(off?.notEstimable).toEqual({});
    // The distributions do not depend on the sample-size rule: carried over as stored.
    expect(on?.distributions).toEqual(v1.datasets[0].distributions);
    expect(off?.files).toEqual(v1.datasets[1].files);
  });

  it('drops the 300-wait side\'s "p99.9" cluster threshold, keeps its top waits and timeline, and keeps the 1,000-wait side\'s section', () => {
    const { threshold: oldThreshold, ...rest } = v1.datasets[0].outliers;
    expect(oldThreshold).toBe(54232.33200000157); // what version 1 used: between the two longest of 300 waits
    expect(on?.outliers).toEqual({ ...rest, threshold: null, clusters: [] });
    expect(on?.outliers?.top[0]).toMatchObject({ ela: 75740, file: 'flash-on/flash-on_ora_20000.trc', line: 530 });
    expect(on?.outliers?.timeline.t).toHaveLength(300);
    expect(off?.outliers).toEqual(v1.datasets[1].outliers);
    expect(off?.outliers?.threshold).toBe(70306.71499999476);
  });

  it('rebuilds the comparison rows with p95 and sum, and no p99.9 difference', () => {
    const rows = Object.fromEntries((comparison?.rows ?? []).map(({ statistic, ...r }) => [statistic, r]));
    expect(Object.keys(rows)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum']);
    // Version 1's rows of statistics both sides support are unchanged.
    for (const old of v1.comparisons[0].rows) {
      const { statistic, ...values } = old;
      if (statistic !== 'p999') expect(rows[statistic], statistic).toEqual(values);
    }
    expect(rows.p999).toEqual({ a: null, b: 70306.71499999476, difference: null, ratio: null, relative: null });
    // p95 from the two summaries: 1402.6 − 1561 = −158.4; 1402.6 / 1561 = 0.898527.
    expect(rows.p95).toMatchObject({ a: 1402.6000000000004, b: 1561 });
    expect(rows.p95!.difference).toBeCloseTo(-158.4, 9);
    expect(rows.p95!.ratio).toBeCloseTo(0.898527, 6);
    expect(rows.p95!.relative).toBeCloseTo(-0.101473, 6);
    // sum: 297,545 − 1,107,428 = −809,883; 297,545 / 1,107,428 = 0.268681.
    expect(rows.sum).toMatchObject({ a: 297_545, b: 1_107_428, difference: -809_883 });
    expect(rows.sum!.ratio).toBeCloseTo(0.268681, 6);
    expect(rows.sum!.relative).toBeCloseTo(-0.731319, 6);
  });

  it('keeps the tests, the bootstrap (300 waits support the median, p99 and mean CIs) and the warnings', () => {
    const old = v1.comparisons[0];
    expect(comparison).toMatchObject({ treatment: 0, baseline: 1, welch: old.welch, mannWhitney: old.mannWhitney, ks: old.ks, resampling: old.resampling, warnings: old.warnings });
    expect(comparison?.bootstrap).toEqual(old.bootstrap);
  });

  it('rewrites the verdicts from the stored numbers: one method per line, no Welch p, no Mann–Whitney headline', () => {
    // Relative changes from version 1's rows, CIs from its cluster bootstrap over 2 + 2 sessions:
    // mean −10.44% [−46.37%, +45.99%] (CI spans 0), median +7.13% [+2.43%, +12.42%], p99 −41.06% [−53.18%, −20.57%].
    const method = 'cluster bootstrap over 2 + 2 sessions';
    expect(comparison?.verdicts.map(({ statistic, direction, ciSource, text }) => ({ statistic, direction, ciSource, text }))).toEqual([
      { statistic: 'mean', direction: 'no-significant-difference', ciSource: 'bootstrap-cluster', text: `mean: no significant difference (10.4% lower; 95% CI: 46.4% lower to 46.0% higher; ${method})` },
      { statistic: 'median', direction: 'higher', ciSource: 'bootstrap-cluster', text: `median 7.1% higher (95% CI: 2.4% to 12.4% higher; ${method})` },
      { statistic: 'p99', direction: 'lower', ciSource: 'bootstrap-cluster', text: `p99 41.1% lower (95% CI: 20.6% to 53.2% lower; ${method})` },
    ]);
    const relative = v1.comparisons[0].bootstrap.relative;
    expect(comparison?.verdicts.map((v) => v.interval)).toEqual([relative.mean, relative.median, relative.p99]);
    expect(comparison?.verdicts[1]?.relative).toBeCloseTo(45 / 631.5, 12); // median 676.5 vs 631.5
  });
});
