/**
 * The report's constants without its zod schema (report-schema.ts), so that `waitscope compare`,
 * which builds and prints reports but never validates one, does not bundle zod.
 */
import { COMPARED_STATISTICS } from '../stats/compare';

/** 2: p95 and sum rows, no statistic below its minimum sample size (null, with `notEstimable`), one-method verdicts. */
export const REPORT_VERSION = 2;

/** The version of waitscope that writes a report (package.json's). */
export const WAITSCOPE_VERSION = '0.1.0';

export const COMPARED_ROW_STATISTICS = COMPARED_STATISTICS;

/** Each summary statistic's name in printed and CSV output (p999 reads p99.9), in the order they print. */
export const STATISTIC_LABEL: Readonly<Record<(typeof COMPARED_STATISTICS)[number], string>> = {
  count: 'count', min: 'min', median: 'median', mean: 'mean', p90: 'p90', p95: 'p95',
  p99: 'p99', p999: 'p99.9', max: 'max', stddev: 'stddev', sum: 'sum',
};
