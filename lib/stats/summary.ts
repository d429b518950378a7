/**
 * One-call descriptive statistics of a sample: count, sum, min, max, mean, sd and the type-7
 * quantiles of `QUANTILES` (stats.md §2.1, §2.2). Values keep the unit of the input (µs for ela).
 *
 * Two exact paths, identical to the last bit (both feed `quantileType7` and `momentsOfRuns`):
 * - integer histogram (stats.md §3): no copy, no sort; the default for integer input whose range
 *   fits a dense table. Measured on 4 M log-normal waits (median ≈ 630 µs, tail to 300,000 µs,
 *   20.8 k distinct; Node 20, 2 cores): histogram + summary ≈ 55 ms, copy + sort + summary
 *   ≈ 650 ms (the sort alone ≈ 540 ms);
 * - sorted array: one copy, sorted with Float64Array.prototype.sort (numeric, NaN last).
 */
import { countAt, countsOf, countsOfSorted, type Counts } from './counts';
import { momentsOfRuns, runsOfCounts } from './moments';
import type { Moments } from './moments';
import { quantileType7 } from './quantile';
import type { OrderStatistic } from './quantile';

/**
 * The quantiles every summary reports, with their field names. p999 is p = 0.999.
 * median is R's `median()`/`quantile(x, .5)`; p99 is `quantile(x, .99)` (stats.md §1, §2.1).
 */
export const QUANTILES = [
  { key: 'median', p: 0.5 },
  { key: 'p90', p: 0.9 },
  { key: 'p95', p: 0.95 },
  { key: 'p99', p: 0.99 },
  { key: 'p999', p: 0.999 },
] as const;

/** Fails to compile if a QUANTILES key is not a field of Summary. */
type SummaryField<K extends keyof Summary> = K;
export type QuantileKey = SummaryField<(typeof QUANTILES)[number]['key']>;

/**
 * `null` marks a statistic that is undefined for this sample size, never a number: every field
 * but count and sum is null when count = 0, and stddev is also null when count = 1 (R gives NA,
 * numpy NaN; null survives JSON, NaN does not).
 */
export interface Summary {
  count: number;
  /** Σx; 0 for an empty sample. Exact for integer µs while the total is below 2^53. */
  sum: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  /** Sample standard deviation, n − 1 denominator (R `sd`, numpy `std(ddof=1)`). */
  stddev: number | null;
  median: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  p999: number | null;
}

function assemble(moments: Moments, at: OrderStatistic): Summary {
  const { count: n, sum, mean, variance } = moments;
  const quantiles: Record<QuantileKey, number | null> = {
    median: null,
    p90: null,
    p95: null,
    p99: null,
    p999: null,
  };
  if (n === 0) {
    return { count: 0, sum, min: null, max: null, mean: null, stddev: null, ...quantiles };
  }
  for (const { key, p } of QUANTILES) quantiles[key] = quantileType7(n, p, at);
  return {
    count: n,
    sum,
    min: at(1),
    max: at(n),
    mean,
    stddev: variance === null ? null : Math.sqrt(variance),
    ...quantiles,
  };
}

/**
 * Summary of an ascending-sorted sample, for callers that already sorted. The order is checked
 * in the moments pass (RangeError on a descent or NaN), at no extra pass over the data.
 */
export function summarizeSorted(sorted: Float64Array): Summary {
  return summarizeCounts(countsOfSorted(sorted));
}

/** Summary of a sample's counts; identical to `summarizeSorted` of the same sample. */
export function summarizeCounts(c: Counts): Summary {
  const moments = momentsOfRuns(c.total, runsOfCounts(c.values, c.counts));
  return assemble(moments, (rank) => countAt(c, rank));
}

/**
 * Summary of a sample in any order. The input is never mutated. Non-negative integer input with
 * a compact range is counted into a histogram (no copy); anything else is copied once and sorted.
 * Throws a RangeError if the sample contains NaN.
 */
export function summarize(values: Float64Array): Summary {
  return summarizeCounts(countsOf(values));
}
