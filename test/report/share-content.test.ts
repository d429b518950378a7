import { describe, expect, it } from 'vitest';
import { buildReport } from '../../lib/report/build-report';
import { reportSchema, type OutlierSection, type ReportFile } from '../../lib/report/report-schema';
import { hasHostNames, shareableReport, sharedFileName } from '../../lib/report/share-content';
import { privateStrings } from '../../lib/share/private-strings';

const file = (name: string, extra: Partial<ReportFile> = {}): ReportFile => ({ name, bytes: 10, compression: 'none', oracleVersion: '19.0.0.0.0', outcome: 'parsed', waits: 3, ...extra });

const report = buildReport(
  [
    {
      id: 'd1',
      label: 'on',
      source: 'traces',
      values: Float64Array.of(1, 2, 3),
      sessions: null,
      files: [file('prod1_ora_42.trc', { host: 'db-prod-01.corp', instance: 'PROD1' })],
    },
    {
      id: 'd2',
      label: 'off',
      source: 'traces',
      values: Float64Array.of(4, 5, 6),
      sessions: null,
      files: [file('diag/rdbms/prod/PROD2/trace/PROD2_ora_7.trc'), file('diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc')],
    },
  ],
  { event: 'log file sync', baseline: 0, generatorVersion: 't', createdAt: '2026-11-30T00:00:00Z', bootstrap: false },
);
const sha = 'a'.repeat(64);

/** Outliers of d2 naming its second file in two top waits and one cluster, its first in one top wait. */
const outliers: OutlierSection = {
  threshold: 5,
  top: [
    { ela: 6, time: null, timeKind: 'none', session: '12.34', file: 'diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc', line: 40 },
    { ela: 5, time: null, timeKind: 'none', session: '12.34', file: 'diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc', line: 30 },
    { ela: 4, time: null, timeKind: 'none', session: '56.78', file: 'diag/rdbms/prod/PROD2/trace/PROD2_ora_7.trc', line: 20 },
  ],
  timeline: { kind: 'none', t: [], ela: [], keepAbove: 0 },
  clusters: [{ start: null, end: null, count: 2, worstEla: 6, worstFile: 'diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc', worstLine: 40, events: [], switches: [] }],
};

describe('shareableReport', () => {
  it('leaves host and instance out unless asked, and adds each file fingerprint', () => {
    const shared = shareableReport(report, { includeHosts: false, includeFileNames: true, fingerprints: { d1: { 'prod1_ora_42.trc': sha } } });
    const text = JSON.stringify(shared);
    expect(text).not.toContain('db-prod-01');
    expect(text).not.toContain('"PROD1"');
    expect(shared.datasets[0]!.files[0]).toEqual({ name: 'prod1_ora_42.trc', bytes: 10, compression: 'none', oracleVersion: '19.0.0.0.0', outcome: 'parsed', waits: 3, sha256: sha });
    expect(reportSchema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it('keeps them when the user ticks the box', () => {
    expect(hasHostNames(report)).toBe(true);
    const shared = shareableReport(report, { includeHosts: true, includeFileNames: true, fingerprints: {} });
    expect(shared.datasets[0]!.files[0]).toMatchObject({ host: 'db-prod-01.corp', instance: 'PROD1', sha256: null });
  });

  it('sends every file as "file N", numbered across the report, the same N wherever a file is named', () => {
    const shared = shareableReport(report, {
      includeHosts: false,
      includeFileNames: false,
      fingerprints: { d2: { 'diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc': sha } },
      outliers: { d2: outliers },
    });
    // d1's one file is file 1; d2's files, in their order, are file 2 (…_7) and file 3 (…_9).
    expect(shared.datasets[0]!.files.map((f) => f.name)).toEqual(['file 1']);
    expect(shared.datasets[1]!.files.map((f) => [f.name, f.sha256])).toEqual([['file 2', null], ['file 3', sha]]);
    expect(shared.datasets[1]!.outliers!.top.map((r) => [r.file, r.line])).toEqual([['file 3', 40], ['file 3', 30], ['file 2', 20]]);
    expect(shared.datasets[1]!.outliers!.clusters[0]!.worstFile).toBe('file 3');
    const text = JSON.stringify(shared);
    for (const secret of ['prod1', 'PROD2', 'rdbms', 'diag', '_ora_']) expect(text).not.toContain(secret);
    expect(reportSchema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it('keeps the names, outliers included, when the user ticks file names', () => {
    const shared = shareableReport(report, { includeHosts: false, includeFileNames: true, fingerprints: {}, outliers: { d2: outliers } });
    expect(shared.datasets[1]!.files.map((f) => f.name)).toEqual(['diag/rdbms/prod/PROD2/trace/PROD2_ora_7.trc', 'diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc']);
    expect(shared.datasets[1]!.outliers!.clusters[0]!.worstFile).toBe('diag/rdbms/prod/PROD2/trace/PROD2_ora_9.trc');
  });

  it("sharedFileName: names as the page has them; a path from the root, or climbing out with .., keeps only the file's own name", () => {
    expect(sharedFileName('/home/ann/payroll-host/MK_ora_4100.trc')).toBe('MK_ora_4100.trc');
    expect(sharedFileName('../../ann/payroll/MK_ora_4100.trc')).toBe('MK_ora_4100.trc');
    expect(sharedFileName('flash-on/MK_ora_4100.trc.gz')).toBe('flash-on/MK_ora_4100.trc.gz');
    expect(sharedFileName('MK_ora_4100.trc')).toBe('MK_ora_4100.trc');
    expect(sharedFileName('/tmp/x/payroll.zip:secret dir/a_ora_1.trc')).toBe('payroll.zip:secret dir/a_ora_1.trc');
    expect(sharedFileName('C:\\Users\\ann\\traces.tar.gz:t/a_ora_1.trc')).toBe('traces.tar.gz:t/a_ora_1.trc');
    expect(sharedFileName('/tmp/odd/we:ird.trc')).toBe('we:ird.trc');
    // A folder with a ':' in its name (a timestamp) is no archive: a review found it sent whole.
    expect(sharedFileName('/tmp/SECRETFOLDER:2024T10:00/sub/a.trc')).toBe('a.trc');
    expect(sharedFileName('/tmp/x/a.zip:inner.tar:x.trc')).toBe('a.zip:inner.tar:x.trc');
  });

  it('sends a file given by its path from the root without its folders, and those folders are names the report must not hold', () => {
    const absolute = { ...report, datasets: report.datasets.map((d) => ({ ...d, files: d.files.map((f) => ({ ...f, name: `/home/ann/zzsecretdir/${f.name}` })) })) };
    const text = JSON.stringify(shareableReport(absolute, { includeHosts: true, includeFileNames: true, fingerprints: {} }));
    expect(text).not.toContain('zzsecretdir');
    expect(text).not.toContain('/home/ann');
    expect(privateStrings(absolute, { includeHosts: true, includeFileNames: true }).map((p) => p.text)).toEqual(expect.arrayContaining(['zzsecretdir', 'ann', 'home']));
  });
});
