/**
 * Exact unit conversions for the system-tool formats: every value leaves lib/sysio in µs (lib/units).
 *
 * Durations are written as decimals (`<0.000123>` seconds in strace, integers of ns in fio). They are
 * converted from their digits, never through a float of seconds: `0.000123 * 1e6` is
 * 122.99999999999999, the digits give 123. Six fraction digits of seconds are whole µs; more (strace's
 * `--syscall-times=ns`, `-ttt` with ns) give the nearest double to the exact decimal number of µs, as
 * the CSV importer's `Number('123.456')` does (lib/csv/import-samples.ts).
 */

/** µs of `whole.fraction` seconds, both strings of ASCII digits (fraction may be empty). */
export function secondsToMicros(whole: string, fraction: string): number {
  const micros = Number(whole) * 1_000_000 + (fraction.length === 0 ? 0 : Number(fraction.slice(0, 6).padEnd(6, '0')));
  if (fraction.length <= 6) return micros;
  // Past µs: the integer µs and the rest as one decimal string, which Number rounds correctly once.
  return Number(`${micros}.${fraction.slice(6)}`);
}

/** µs of a whole number of ns written in digits: one correctly rounded division (123456 ns → 123.456 µs). */
export function nanosToMicros(digits: string): number {
  return Number(digits) / 1000;
}

/** µs of a whole number of ms (fio's log time column). */
export function millisToMicros(digits: string): number {
  return Number(digits) * 1000;
}

/** µs since midnight of a time of day `HH:MM:SS[.fraction]` (strace -t / -tt), from its parts. */
export function timeOfDayMicros(hours: string, minutes: string, seconds: string, fraction: string): number {
  const whole = (Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds);
  return secondsToMicros(String(whole), fraction);
}
