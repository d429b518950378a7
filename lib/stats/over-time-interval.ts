/**
 * The interval of the latency-over-time heat map and table (issue 15 §3): chosen from the span of
 * the waits' times, or given by the user (`--over-time 10s`, the page's interval control).
 *
 * The chosen interval is the smallest nice step that cuts the span into at most TARGET_INTERVALS
 * intervals. Consecutive steps differ by at most 2.5×, so a span longer than 300 s gets between
 * 120 and 300 intervals: enough to see a bad minute, few enough that each holds waits. A shorter
 * span gets 1 s intervals (fewer than 120 of them: a finer step would leave most cells empty).
 * Past 300 × 5 min (25 h) the steps go on to 10, 15, 30 min and 1 h, and then whole hours.
 */

const SECOND = 1_000_000;
const MINUTE = 60 * SECOND;

/** The nice steps, µs: 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1 h. */
export const NICE_INTERVALS: readonly number[] = [1, 2, 5, 10, 15, 30].map((s) => s * SECOND).concat([1, 2, 5, 10, 15, 30, 60].map((m) => m * MINUTE));

/** The most intervals the chooser aims at. */
export const TARGET_INTERVALS = 300;

/** More intervals than this is refused (a 1 ms interval over a day): the cells would not fit in memory. */
export const MAX_INTERVALS = 100_000;

/** The interval, µs, for waits whose times span `spanMicros` (last − first; 0 for a single time). */
export function chooseInterval(spanMicros: number): number {
  if (!(spanMicros >= 0)) throw new RangeError(`over time: span must be ≥ 0 µs, got ${spanMicros}`);
  for (const step of NICE_INTERVALS) if (spanMicros / step <= TARGET_INTERVALS) return step;
  const hours = Math.ceil(spanMicros / TARGET_INTERVALS / (60 * MINUTE));
  return hours * 60 * MINUTE;
}

const UNIT_MICROS: Readonly<Record<string, number>> = { us: 1, µs: 1, ms: 1000, s: SECOND, m: MINUTE, min: MINUTE, h: 60 * MINUTE };

/**
 * `500ms`, `10s`, `1.5s`, `1m`, `2min`, `1h`, `250us` → µs (a whole number ≥ 1), or null when the
 * text is not such an interval (the caller names the option in its error).
 */
export function parseInterval(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|\u00b5s|ms|s|min|m|h)\s*$/.exec(text);
  if (!m) return null;
  const micros = Number(m[1]) * (UNIT_MICROS[m[2]!] as number);
  return Number.isInteger(micros) && micros >= 1 ? micros : null;
}

/** An interval in the largest unit that writes it whole: 10 s, 1 min, 500 ms, 1.5 s → 1500 ms. */
export function formatInterval(micros: number): string {
  for (const [unit, size] of [['h', 60 * MINUTE], ['min', MINUTE], ['s', SECOND], ['ms', 1000]] as const) {
    if (micros >= size && micros % size === 0) return `${micros / size} ${unit}`;
  }
  return `${micros} µs`;
}
