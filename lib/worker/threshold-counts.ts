/**
 * Waits above the user's thresholds, counted apart from the report (issue 13 §2, "cheap view changes"):
 * a threshold edit must not rebuild the report, whose KDE and bootstrap take most of its time. The
 * counts come from the dataset's Sample (its distinct values and how often each occurs), built
 * once per dataset and kept (DatasetState.sample), so a recount is one walk over a few thousand
 * distinct values, not over millions of waits. The page folds them into the report it shows with withThresholdCounts.
 */
import type { WaitscopeReport } from '../report/report-schema';
import type { ThresholdCount } from '../stats/thresholds';

export interface DatasetThresholdCounts {
  datasetId: string;
  /** One per asked threshold and 500 ms (countAboveThresholdsOfCounts), ascending. */
  counts: ThresholdCount[];
}

/**
 * The report with each dataset's threshold rows joined by the counts given for it (a threshold
 * already in the report keeps the report's count). Datasets, summaries and figures' series stay the
 * same objects, so only what shows thresholds has anything new to draw.
 */
export function withThresholdCounts(report: WaitscopeReport, extra: readonly DatasetThresholdCounts[]): WaitscopeReport {
  if (extra.length === 0) return report;
  const byId = new Map(extra.map((e) => [e.datasetId, e.counts]));
  return {
    ...report,
    datasets: report.datasets.map((d) => {
      const more = byId.get(d.id);
      if (!more || more.length === 0) return d;
      const own = d.distributions.thresholds;
      const known = new Set(own.map((t) => t.threshold));
      const thresholds = [...own, ...more.filter((t) => !known.has(t.threshold))].sort((a, b) => a.threshold - b.threshold);
      return { ...d, distributions: { ...d.distributions, thresholds } };
    }),
  };
}
