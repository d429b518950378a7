/**
 * Ticks of the timeline's wall-clock axis, chosen here instead of by echarts' time axis. That one
 * mixes levels ("21", "25", "Feb", "2", …): day numbers repeat across months on spans of weeks
 * ("22" of January and of February), months squeeze between days, and nothing is ISO 8601.
 * Here the ticks are multiples of one step from a ladder of round durations, at most `maxTicks` of
 * them, and every label is an ISO date, with the time of day on a second line when the step is
 * under a day: labels of different ticks always differ, and have one width.
 *
 * Times are ms on the axis, read as UTC (timeline-option.ts: local wall time is drawn unshifted).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Round steps, ms. Steps of a day and more are multiples of days since the epoch, i.e. UTC midnights. */
const STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500,
  SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND,
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
  HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR,
  DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 56 * DAY, 91 * DAY, 182 * DAY, 364 * DAY,
];

/** The smallest step of the ladder giving at most maxTicks ticks over [min, max] (multiples of 364 days beyond). */
export function timeTickStep(min: number, max: number, maxTicks: number): number {
  const fits = (step: number) => Math.floor(max / step) - Math.ceil(min / step) + 1 <= maxTicks;
  for (const step of STEPS) if (fits(step)) return step;
  let step = 364 * DAY;
  while (!fits(step)) step *= 2;
  return step;
}

/** The ticks: every multiple of step in [min, max]. */
export function timeTicks(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let k = Math.ceil(min / step); k * step <= max; k++) ticks.push(k * step);
  return ticks;
}

/** "2026-01-29" for steps of days; "07:15\n2026-01-29" (":ss", ".SSS" as the step needs) below a day. */
export function formatTimeTickLabel(ms: number, step: number): string {
  const iso = new Date(ms).toISOString(); // 2026-01-29T07:15:30.250Z
  const date = iso.slice(0, 10);
  if (step >= DAY) return date;
  const time = step >= MINUTE ? iso.slice(11, 16) : step >= SECOND ? iso.slice(11, 19) : iso.slice(11, 23);
  return `${time}\n${date}`;
}
