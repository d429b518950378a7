import { describe, expect, it } from 'vitest';
import { migrateReport, REPORT_MIGRATIONS, type ReportMigrations } from '../../lib/report/report-migrations';
import { REPORT_VERSION, reportSchema } from '../../lib/report/report-schema';
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
    // A fake version 0 that called the event `eventName` and had no unit.
    const { event, unit: _unit, ...rest } = sampleReport();
    const v0 = { ...rest, version: 0, eventName: event };
    const migrations: ReportMigrations = {
      0: ({ eventName, ...r }) => ({ ...r, version: 1, event: eventName, unit: 'us' }),
    };
    const migrated = migrateReport(v0, migrations, 1);
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
