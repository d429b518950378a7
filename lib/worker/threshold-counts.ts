/**
 * Waits above the user's thresholds, counted apart from the report (issue 13 §2, "cheap view changes"):
 * a threshold edit must not rebuild the report, whose KDE and bootstrap take most of its time. The
 * counts come from the dataset's value counts (its distinct values and how often each occurs), built
 * once per dataset and kept, so a recount is one walk over a few thousand distinct values, not over
 * millions of waits. The page folds them into the report it shows with withThresholdCounts.
 */
import type { WaitscopeReport } from '../report/report-schema';
import type { ThresholdCount } from '../stats/thresholds';
import { valueCountsOf, type ValueCounts } from '../stats/value-counts';

export interface DatasetThresholdCounts {
  datasetId: string;
  /** One per asked threshold, ascending. */
  counts: ThresholdCount[];
}

/** Value counts by the sample array they count: a dataset's array is kept until its inputs change (DatasetState.values). */
const counted = new WeakMap<Float64Array, ValueCounts>();

export function cachedValueCounts(values: Float64Array): ValueCounts {
  let vc = counted.get(values);
  if (!vc) {
    vc = valueCountsOf(values);
    counted.set(values, vc);
  }
  return vc;
}

/**
 * For each threshold (µs; de-duplicated, ascending) the waits strictly above it and their rate per
 * million waits: exactly what countAboveThresholds (lib/stats/thresholds.ts) gives on the waits
 * themselves. Throws a RangeError on a NaN threshold, as it does.
 */
export function countAboveFromValueCounts(vc: ValueCounts, thresholds: readonly number[]): ThresholdCount[] {
  if (thresholds.some((t) => Number.isNaN(t))) throw new RangeError('thresholds: NaN threshold');
  const ts = [...new Set(thresholds)].sort((a, b) => a - b);
  const n = vc.total;
  const out = new Array<ThresholdCount>(ts.length);
  // Walk the distinct values from the largest down, summing counts until a threshold is reached.
  let k = vc.values.length - 1;
  let above = 0;
  for (let j = ts.length - 1; j >= 0; j--) {
    const t = ts[j]!;
    while (k >= 0 && vc.values[k]! > t) above += vc.counts[k--]!;
    out[j] = { threshold: t, count: above, ratePerMillion: n === 0 ? null : (1e6 * above) / n };
  }
  return out;
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
