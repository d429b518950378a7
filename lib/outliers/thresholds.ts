/**
 * Counts of waits above 500 ms (Exadata's outlier definition, FL_PREVENTED_OUTLIERS) and above
 * the user's thresholds, per dataset, as counts and rates per million so datasets of different
 * sizes compare. The counting is lib/stats/thresholds.ts (strictly greater-than); this only
 * lines the datasets up on one set of thresholds.
 */
import { countAboveThresholds, type ThresholdCount } from '../stats/thresholds';

export interface DatasetThresholds {
  dataset: string;
  waits: number;
  /** Ascending thresholds, the same for every dataset. */
  counts: ThresholdCount[];
}

export function thresholdTable(datasets: readonly { label: string; ela: Float64Array }[], userThresholds: readonly number[] = []): DatasetThresholds[] {
  return datasets.map((d) => ({ dataset: d.label, waits: d.ela.length, counts: countAboveThresholds(d.ela, userThresholds) }));
}
