/** Number formatting for the terminal. Every duration the CLI prints is µs, and says so. */
import { safeField } from './terminal-text';

export { STATISTIC_LABEL } from '../report/report-constants';

// Made on first use: the first Intl.NumberFormat of a process loads ICU's data (~14 ms here),
// which `--json` output never needs, and which would otherwise delay every command's start.
let grouped: Intl.NumberFormat | null = null;
let oneDecimal: Intl.NumberFormat | null = null;

export function formatCount(n: number): string {
  grouped ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return grouped.format(n);
}

/** µs with one decimal: type-7 quantiles interpolate, so p99 can be 1657.01. */
export function formatMicros(v: number | null): string {
  oneDecimal ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return v === null ? '—' : oneDecimal.format(v);
}

/** Cells are names and numbers of one line each: control characters are escaped first (terminal-text.ts). */
export function padTable(cells: string[][], alignRight: boolean[]): string {
  const rows = cells.map((r) => r.map(safeField));
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows
    .map((r) => r.map((cell, c) => (alignRight[c] ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0))).join('  ').trimEnd())
    .join('\n');
}
