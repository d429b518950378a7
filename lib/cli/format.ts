/** Number formatting for the terminal. Every duration the CLI prints is µs, and says so. */

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatCount(n: number): string {
  return grouped.format(n);
}

/** µs with one decimal: type-7 quantiles interpolate, so p99 can be 1657.01. */
export function formatMicros(v: number | null): string {
  return v === null ? '—' : oneDecimal.format(v);
}

export function padTable(rows: string[][], alignRight: boolean[]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows
    .map((r) => r.map((cell, c) => (alignRight[c] ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0))).join('  ').trimEnd())
    .join('\n');
}
