/**
 * What a shared report sends, in a few lines for a person: read back from the payload itself (not
 * from the choices that made it), so the summary cannot claim less than the JSON holds.
 */
import type { WaitscopeReport } from '../report/report-schema';
import { hasSqlText } from '../report/profile-section';
import { hasHostNames } from '../report/share-content';

export interface SharedDatasetSummary {
  label: string;
  source: WaitscopeReport['datasets'][number]['source'];
  waits: number;
  sessions: number | null;
  files: number;
  topWaits: number;
  timelinePoints: number;
  clusters: number;
}

export interface ShareSummary {
  datasets: SharedDatasetSummary[];
  comparisons: number;
  /** Some file carries a host or an instance name. */
  hostNames: boolean;
  /** `numbered`: every file travels as `file N`. */
  fileNames: 'real' | 'numbered' | 'none';
  /** Files with a SHA-256. */
  fingerprints: number;
  /** UTF-8 bytes of the JSON before compression. */
  jsonBytes: number;
  /** The response-time profile section: its datasets and statements; null when the report has none. */
  profile: { datasets: number; statements: number } | null;
  /** Some statement of the profile carries its SQL text. */
  sqlText: boolean;
}

const NUMBERED = /^file \d+$/;

export function summarizeShare(json: string, payload: WaitscopeReport): ShareSummary {
  const files = payload.datasets.flatMap((d) => d.files);
  return {
    datasets: payload.datasets.map((d) => ({
      label: d.label,
      source: d.source,
      waits: d.summary.count,
      sessions: d.sessions,
      files: d.files.length,
      topWaits: d.outliers?.top.length ?? 0,
      timelinePoints: d.outliers?.timeline.t.length ?? 0,
      clusters: d.outliers?.clusters.length ?? 0,
    })),
    comparisons: payload.comparisons.length,
    hostNames: hasHostNames(payload),
    fileNames: files.length === 0 ? 'none' : files.every((f) => NUMBERED.test(f.name)) ? 'numbered' : 'real',
    fingerprints: files.filter((f) => f.sha256).length,
    jsonBytes: new TextEncoder().encode(json).length,
    profile: payload.profile ? { datasets: payload.profile.datasets.length, statements: payload.profile.datasets.reduce((n, d) => n + d.statements.length, 0) } : null,
    sqlText: hasSqlText(payload.profile),
  };
}
