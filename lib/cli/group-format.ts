import { MINIMUM_COUNT } from '../stats/minimum-counts';
import type { GroupRow } from '../scope/group-stats';
import { formatCount, formatMicros, padTable } from './format';

const NOT_ESTIMABLE = 'n/a';

/** One row per group, sorted by total: count and the statistics in labelled µs; "n/a" below the sample size a statistic needs. */
export function groupTable(rows: readonly GroupRow[], keyText: string, noun: string): string {
  const cell = (v: number | null) => (v === null ? NOT_ESTIMABLE : formatMicros(v));
  const table = [
    [keyText, noun, 'min µs', 'median µs', 'mean µs', 'p99 µs', 'max µs', 'total µs'],
    ...rows.map((r) => [r.key, formatCount(r.count), cell(r.min), cell(r.median), cell(r.mean), cell(r.p99), cell(r.max), formatMicros(r.count > 0 ? r.sum : null)]),
  ];
  const groups = rows.length === 1 ? '1 group' : `${formatCount(rows.length)} groups`;
  return `by ${keyText}: ${groups}, sorted by total\n\n${padTable(table, [false, true, true, true, true, true, true, true])}\n\n${notEstimableNote(noun)}`;
}

/** What "n/a" means, once under the table (minimum-counts.ts). */
export function notEstimableNote(noun: string): string {
  return `n/a: the group is too small for the statistic (median needs ≥ ${MINIMUM_COUNT.median} ${noun}, p99 ≥ ${formatCount(MINIMUM_COUNT.p99)})`;
}
