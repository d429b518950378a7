/**
 * Display units. Every value in lib/ and in the report is µs; converting and formatting for people
 * happens only here (style.md §6). The unit is part of the URL state, so it is a small string union.
 */
export type DisplayUnit = 'us' | 'ms';

export const UNIT_LABEL: Record<DisplayUnit, string> = { us: 'µs', ms: 'ms' };

export function toDisplay(micros: number, unit: DisplayUnit): number {
  return unit === 'ms' ? micros / 1000 : micros;
}

/**
 * One en-US formatter per set of options, made once: `n.toLocaleString('en-US', options)` builds a
 * new Intl.NumberFormat on every call (the same text: ECMA-402 defines it so), and a units switch
 * formats thousands of cells and ticks.
 */
const formats = new Map<string, Intl.NumberFormat>();
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    formats.set(key, f);
  }
  return f;
}
const plain = numberFormat();

/** `n.toLocaleString('en-US')`, with a formatter made once. */
export function formatNumber(n: number): string {
  return plain.format(n);
}

const fixed = [0, 1, 2, 3].map((digits) => numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** A number with `digits` (0–3) decimals and the one thousands separator: 1960.04 → "1,960.0". */
export function formatFixed(n: number, digits: 0 | 1 | 2 | 3): string {
  return (fixed[digits] as Intl.NumberFormat).format(n);
}

/** Significant decimals for a value in the unit: whole µs, or ms to the µs. */
export function formatTime(micros: number | null | undefined, unit: DisplayUnit, options: { withUnit?: boolean } = {}): string {
  if (micros === null || micros === undefined || !Number.isFinite(micros)) return '–';
  const v = toDisplay(micros, unit);
  const abs = Math.abs(v);
  const digits = unit === 'ms' ? 3 : abs >= 100 || Number.isInteger(v) ? 0 : abs >= 1 ? 2 : 3;
  const text = (fixed[digits] as Intl.NumberFormat).format(v);
  return options.withUnit ? `${text} ${UNIT_LABEL[unit]}` : text;
}

/**
 * A statistic (a mean, a type-7 quantile, a difference of them): as formatTime, but in µs a value
 * of 100 or more keeps its tenths, as the CLI writes it: a median of whole µs is often a half, and
 * the page rounded 5,900.5 to 5,901 where the CLI's text and JSON said 5,900.5. Labels of ranges
 * (bin edges) stay whole: formatTime.
 */
export function formatStatistic(micros: number | null | undefined, unit: DisplayUnit, options: { withUnit?: boolean } = {}): string {
  if (unit !== 'us' || micros === null || micros === undefined || !Number.isFinite(micros) || Math.abs(micros) < 100 || Math.round(micros * 10) % 10 === 0) return formatTime(micros, unit, options);
  const text = (fixed[1] as Intl.NumberFormat).format(micros);
  return options.withUnit ? `${text} ${UNIT_LABEL[unit]}` : text;
}

export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  return plain.format(n);
}

/** A fraction as a signed percentage: −0.176 → "−17.6%". */
export function formatRelative(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '–';
  // The one thousands separator here too: a tenfold change is +3,576.1%, not +3576.1%.
  const text = numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Math.abs(fraction * 100));
  return `${fraction < 0 ? '\u2212' : fraction > 0 ? '+' : ''}${text}%`;
}
