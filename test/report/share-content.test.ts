import { describe, expect, it } from 'vitest';
import { buildReport } from '../../lib/report/build-report';
import { reportSchema } from '../../lib/report/report-schema';
import { hasHostNames, shareableReport } from '../../lib/report/share-content';

const report = buildReport(
  [
    {
      id: 'd1',
      label: 'on',
      source: 'traces',
      values: Float64Array.of(1, 2, 3),
      sessions: null,
      files: [{ name: 'prod1_ora_42.trc', bytes: 10, compression: 'none', oracleVersion: '19.0.0.0.0', outcome: 'parsed', waits: 3, host: 'db-prod-01.corp', instance: 'PROD1' }],
    },
  ],
  { event: 'log file sync', baseline: 0, generatorVersion: 't', createdAt: '2026-11-30T00:00:00Z', bootstrap: false },
);
const sha = 'a'.repeat(64);

describe('shareableReport', () => {
  it('leaves host and instance out unless asked, and adds each file fingerprint', () => {
    const shared = shareableReport(report, { includeHosts: false, fingerprints: { d1: { 'prod1_ora_42.trc': sha } } });
    const text = JSON.stringify(shared);
    expect(text).not.toContain('db-prod-01');
    expect(text).not.toContain('PROD1');
    expect(shared.datasets[0]!.files[0]).toEqual({ name: 'prod1_ora_42.trc', bytes: 10, compression: 'none', oracleVersion: '19.0.0.0.0', outcome: 'parsed', waits: 3, sha256: sha });
    expect(reportSchema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it('keeps them when the user ticks the box', () => {
    expect(hasHostNames(report)).toBe(true);
    const shared = shareableReport(report, { includeHosts: true, fingerprints: {} });
    expect(shared.datasets[0]!.files[0]).toMatchObject({ host: 'db-prod-01.corp', instance: 'PROD1', sha256: null });
  });
});
