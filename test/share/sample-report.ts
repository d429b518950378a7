// A small but complete report for the share and server tests, with distinctive strings to look for.
import { buildReport } from '../../lib/report/build-report';
import type { WaitscopeReport } from '../../lib/report/report-schema';

export const SECRET_LABEL = 'flash-on-PRIVATE-label-7f3a9c';
export const SECRET_FILE = 'prod-db-host-17_ora_4242-PRIVATE.trc';

export function sampleReport(): WaitscopeReport {
  return buildReport(
    [
      {
        id: 'a',
        label: SECRET_LABEL,
        source: 'csv',
        values: Float64Array.from({ length: 200 }, (_, i) => 400 + ((i * 37) % 300)),
        sessions: null,
        files: [],
      },
      {
        id: 'b',
        label: 'baseline-label',
        source: 'csv',
        values: Float64Array.from({ length: 200 }, (_, i) => 450 + ((i * 53) % 500)),
        sessions: null,
        files: [],
      },
    ],
    { event: 'log file sync', baseline: 1, generatorVersion: 'test', createdAt: '2026-11-30T00:00:00.000Z', bootstrap: false },
  );
}

/** The sample report with a file entry whose name is distinctive. */
export function sampleReportWithFile(): WaitscopeReport {
  const report = sampleReport();
  report.datasets[0]!.files.push({
    name: SECRET_FILE,
    bytes: 1234,
    compression: 'none',
    oracleVersion: '11.2.0.4.0',
    outcome: 'parsed',
    waits: 200,
  });
  return report;
}
