/**
 * How the Profile and Statements views write numbers: µs as the rest of the page writes them
 * (display-units.ts), shares as percentages, differences with a sign and a true minus. Every number
 * cell also carries its raw value in `data-value`, so a test compares the page with the CLI's JSON.
 */
import { formatCount, formatRelative, formatStatistic } from '../display-units';

/** µs as a statistic is written (formatStatistic: tenths kept from 100 µs up); '–' for none. */
export const micros = (v: number | null | undefined): string => formatStatistic(v, 'us').replace(/^-/, '\u2212');

/** A difference in µs: +1,234 or −1,234. */
export const signedMicros = (v: number | null | undefined): string => (v !== null && v !== undefined && v > 0 ? `+${micros(v)}` : micros(v));

export const count = (v: number | null | undefined): string => formatCount(v);

/** A share (a fraction) as 12.3 (no sign; '–' for none). */
export const percent = (v: number | null | undefined): string => (v === null || v === undefined || !Number.isFinite(v) ? '–' : (100 * v).toFixed(1).replace(/^-/, '\u2212'));

/** A signed relative change, −17.6%. */
export const signedPercent = (v: number | null | undefined): string => formatRelative(v);

/** `data-value` of a number cell: the raw number, or nothing for none. */
export const raw = (v: number | null | undefined): string | undefined => (v === null || v === undefined ? undefined : String(v));
