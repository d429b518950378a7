/**
 * Report version 1 → 2 (issue 12 §3), on plain JSON:
 * - each dataset's summary loses the statistics its sample is too small for (minimum-counts.ts),
 *   and says why in `notEstimable`;
 * - each comparison's rows are rebuilt from the two summaries, now with p95 and sum (version 1's
 *   rows were computed from the same exact summaries, so nothing is lost), and bootstrap CIs of a
 *   statistic a side is too small for become null;
 * - the verdicts are written again by today's verdict.ts from the stored numbers: one method per
 *   line, and no line that headlines an iid test or a statistic below its minimum sample size.
 * - a shared outlier section of a dataset with fewer waits than a p99.9 needs loses its threshold
 *   and its clusters (version 1 always used the default p99.9 there, which on so few waits is the
 *   maximum in disguise; lib/outliers/clusters.ts noDefaultThresholdNote): the page then says why.
 * Malformed input is passed on as it is for the schema to reject with its own message.
 */
import { noDefaultThresholdNote } from '../outliers/clusters';
import { comparedRows, withoutInestimable, type Comparison, type ComparisonBootstrap } from '../stats/compare';
import { estimableSummary, notEstimableNotes } from '../stats/minimum-counts';
import type { Summary } from '../stats/summary';
import { verdicts } from '../stats/verdict';
import { COMPARED_ROW_STATISTICS } from './report-schema';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSummary = (v: unknown): v is Summary => isRecord(v) && typeof v.count === 'number';

function migrateDataset(d: unknown): unknown {
  if (!isRecord(d) || !isSummary(d.summary)) return d;
  const outliers = isRecord(d.outliers) && noDefaultThresholdNote(d.summary.count) !== null ? { ...d.outliers, threshold: null, clusters: [] } : d.outliers;
  return { ...d, summary: estimableSummary(d.summary), notEstimable: notEstimableNotes(d.summary.count), ...(d.outliers === undefined ? {} : { outliers }) };
}

function migrateComparison(c: unknown, datasets: unknown[]): unknown {
  if (!isRecord(c) || typeof c.treatment !== 'number' || typeof c.baseline !== 'number') return c;
  const a = (datasets[c.treatment] as Json | undefined)?.summary;
  const b = (datasets[c.baseline] as Json | undefined)?.summary;
  if (!isSummary(a) || !isSummary(b)) return c;
  const rows = comparedRows(a, b);
  const bootstrap = isRecord(c.bootstrap)
    ? withoutInestimable(c.bootstrap as unknown as ComparisonBootstrap, Math.min(a.count, b.count))
    : null;
  const comparison = { rows, welch: c.welch ?? null, mannWhitney: c.mannWhitney ?? null, ks: c.ks ?? null, bootstrap, warnings: [] } as Comparison;
  return {
    ...c,
    rows: COMPARED_ROW_STATISTICS.map((statistic) => ({ statistic, ...rows[statistic] })),
    bootstrap,
    verdicts: verdicts(comparison),
  };
}

export function migrateV1ToV2(report: Json): Json {
  const datasets = Array.isArray(report.datasets) ? report.datasets.map(migrateDataset) : report.datasets;
  const comparisons =
    Array.isArray(report.comparisons) && Array.isArray(datasets)
      ? report.comparisons.map((c) => migrateComparison(c, datasets))
      : report.comparisons;
  return { ...report, version: 2, datasets, comparisons };
}
