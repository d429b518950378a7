/**
 * Display units. Every value in lib/ and in the report is µs; converting and formatting for people
 * happens only here (style.md §6). The unit is part of the URL state, so it is a small string union.
 */
export type DisplayUnit = 'us' | 'ms';

export const UNIT_LABEL: Record<DisplayUnit, string> = { us: 'µs', ms: 'ms' };

export function toDisplay(micros: number, unit: DisplayUnit): number {
  return unit === 'ms' ? micros / 1000 : micros;
}

/** One formatter per number of decimals: toLocaleString with options builds a new one per call, and a view change formats thousands of cells. */
const formats = new Map<number, Intl.NumberFormat>();
function fixedDigits(digits: number): Intl.NumberFormat {
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(digits, f);
  }
  return f;
}

/** Significant decimals for a value in the unit: whole µs, or ms to the µs. */
export function formatTime(micros: number | null | undefined, unit: DisplayUnit, options: { withUnit?: boolean } = {}): string {
  if (micros === null || micros === undefined || !Number.isFinite(micros)) return '–';
  const v = toDisplay(micros, unit);
  const abs = Math.abs(v);
  const digits = unit === 'ms' ? 3 : abs >= 100 || Number.isInteger(v) ? 0 : abs >= 1 ? 2 : 3;
  const text = fixedDigits(digits).format(v);
  return options.withUnit ? `${text} ${UNIT_LABEL[unit]}` : text;
}

export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  return n.toLocaleString('en-US');
}

/** A fraction as a signed percentage: −0.176 → "−17.6%". */
export function formatRelative(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '–';
  const text = Math.abs(fraction * 100).toFixed(digits);
  return `${fraction < 0 ? '\u2212' : fraction > 0 ? '+' : ''}${text}%`;
}
