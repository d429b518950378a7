import type { CallTotals } from '../profile/profile-model';
import type { ProfileTable } from '../profile/profile-rows';
import { formatCount, formatMicros, padTable } from './format';

const percent = (share: number | null): string => (share === null ? '—' : (100 * share).toFixed(1));

/** The response-time profile as mrprof prints it, in µs: rows add up to R (the last line). */
export function responseTimeText(table: ProfileTable): string {
  const cells = [
    ['component', 'total µs', '% of R', 'count', 'mean µs', 'median µs', 'p99 µs'],
    ...table.rows.map((r) => [r.component, formatCount(r.total), percent(r.share), formatCount(r.count), formatMicros(r.mean), formatMicros(r.median), formatMicros(r.p99)]),
    ['total (R)', formatCount(table.total), table.total !== 0 ? '100.0' : '—', '', '', '', ''],
  ];
  return padTable(cells, [false, true, true, true, true, true, true]);
}

/** Calls per name and depth; c and e in µs, summed (dep > 0 time is inside its parent's). */
export function callsText(calls: readonly CallTotals[]): string {
  const sorted = [...calls].sort((a, b) => a.dep - b.dep || b.e - a.e || a.call.localeCompare(b.call));
  const cells = [
    ['call', 'dep', 'count', 'e µs', 'c µs', 'p', 'cr', 'cu', 'r', 'mis'],
    ...sorted.map((c) => [c.call, String(c.dep), formatCount(c.count), formatCount(c.e), formatCount(c.c), formatCount(c.p), formatCount(c.cr), formatCount(c.cu), formatCount(c.r), formatCount(c.mis)]),
  ];
  return padTable(cells, [false, true, true, true, true, true, true, true, true, true]);
}

export const PROFILE_NOTES = [
  'Rows add up to R, the sum over sessions of (latest end − earliest start). CPU is c of top-level calls: dep=0',
  'calls, and recursive calls whose parent is not in the trace (tracing started or ended inside it, or a call',
  'that writes no line); waits within calls lie inside a top-level call (at any depth); unaccounted-for within',
  'calls = Σe − Σc − those waits.',
  'Unaccounted-for time may be negative: timer quantization, CPU counted twice inside a wait (Millsap & Holt §7.4).',
].join('\n');
