/**
 * Tick and tooltip text for the figures. Chart data stay in µs (the report's unit); only these
 * labels convert, through display-units.ts, so switching µs/ms never rebuilds a series.
 */
import { numberFormat, toDisplay, UNIT_LABEL, type DisplayUnit } from '../display-units';

const tick = numberFormat({ maximumFractionDigits: 3 });

/**
 * A tick on a time axis: as few decimals as the value needs (0.001, 0.5, 10, 1,000), unlike
 * formatTime, whose fixed ms decimals ("100.000") crowd an axis.
 */
export function formatTimeTick(micros: number, unit: DisplayUnit): string {
  const v = toDisplay(micros, unit);
  return tick.format(v);
}

/** "time (ms, log scale)" and the like: every time axis names its unit. */
export function timeAxisName(unit: DisplayUnit, scale: 'log' | 'linear', what = 'wait time'): string {
  return `${what} (${UNIT_LABEL[unit]}${scale === 'log' ? ', log scale' : ''})`;
}

/**
 * The percentile at 1/(1−p) = x, for ticks of the spectrum's x axis: 1 → "min", 10 → "p90",
 * 100 → "p99", 1000 → "p99.9". Built from decimal digits, because 100 − 100/x in floating point
 * gives 99.9 as 99.90000000000001. Ticks that are not powers of ten fall back to the rounded p.
 */
export function percentileTickLabel(inverseTail: number): string {
  if (!(inverseTail >= 1)) return '';
  const k = Math.round(Math.log10(inverseTail));
  if (Math.abs(inverseTail - 10 ** k) > 1e-9 * inverseTail) {
    const p = 100 - 100 / inverseTail;
    return `p${Number(p.toPrecision(Math.max(2, k + 2)))}`;
  }
  if (k === 0) return 'min';
  if (k === 1) return 'p90';
  return `p99${k > 2 ? '.' + '9'.repeat(k - 2) : ''}`;
}

/** A percentile for tooltips: p = 0.999 → "p99.9", at most six decimals. */
export function formatPercentile(p: number): string {
  if (p <= 0) return 'min';
  return `p${Number((p * 100).toFixed(6))}`;
}
