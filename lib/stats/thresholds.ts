/**
 * How many waits exceed given durations, and how often per million waits.
 *
 * The default threshold is 500 ms, the outlier definition the project brief (issue 3 §1) takes
 * from Exadata; it is the scale of the extreme redo waits that smart flash logging is sold to
 * prevent (stats.md §1). Comparison is strictly greater-than: a wait of exactly 500,000 µs is not an outlier.
 */

import { countsOf, type Counts } from './counts';

/** 500 ms in µs: Exadata Smart Flash Logging's outlier threshold. */
export const EXADATA_OUTLIER_MICROS = 500_000;

export interface ThresholdCount {
  /** µs. */
  threshold: number;
  /** Waits strictly greater than threshold. */
  count: number;
  /** 1e6 · count / n; null for an empty sample. */
  ratePerMillion: number | null;
}

/**
 * Counts above 500 ms and every extra threshold (µs), ascending and de-duplicated. One pass;
 * each wait is compared only with the thresholds below it. Throws a RangeError on NaN input or
 * a NaN threshold.
 */
export function countAboveThresholds(values: Float64Array, extraThresholds: readonly number[] = []): ThresholdCount[] {
  return countAboveThresholdsOfCounts(countsOf(values), extraThresholds);
}

/** `countAboveThresholds` of a sample's counts: one comparison run per distinct value. */
export function countAboveThresholdsOfCounts(c: Counts, extraThresholds: readonly number[] = []): ThresholdCount[] {
  for (const t of extraThresholds) {
    if (Number.isNaN(t)) throw new RangeError('thresholds: NaN threshold');
  }
  const ts = [...new Set([EXADATA_OUTLIER_MICROS, ...extraThresholds])].sort((a, b) => a - b);
  // hits[j] = number of waits above exactly the j smallest thresholds (and not the next one).
  const hits = new Float64Array(ts.length + 1);
  const first = ts[0]!;
  for (let i = 0; i < c.values.length; i++) {
    const v = c.values[i]!;
    if (v <= first) continue;
    let j = 1;
    while (j < ts.length && v > ts[j]!) j++;
    hits[j] = hits[j]! + c.counts[i]!;
  }
  const n = c.total;
  const out: ThresholdCount[] = new Array<ThresholdCount>(ts.length);
  let above = 0;
  for (let j = ts.length - 1; j >= 0; j--) {
    above += hits[j + 1]!;
    out[j] = { threshold: ts[j]!, count: above, ratePerMillion: n === 0 ? null : (1e6 * above) / n };
  }
  return out;
}
