/**
 * Units in types. Every duration that leaves the parser is a number of microseconds;
 * the brand keeps a centisecond or millisecond value from being passed where µs are meant.
 * Formatting to ms or s happens only in components/.
 */
export type Micros = number & { readonly __unit: 'us' };

/** The unit `ela` is written in: centiseconds before Oracle 9i, microseconds from 9i on. */
export type ElaUnit = 'us' | 'cs';

/** µs per unit of `ela`. MOS 39817.1: 7.x/8.x times are in 1/100 s; 9i and later in µs. */
export const MICROS_PER_ELA_UNIT: Readonly<Record<ElaUnit, number>> = { us: 1, cs: 10_000 };

export function asMicros(value: number): Micros {
  return value as Micros;
}

export function elaToMicros(ela: number, unit: ElaUnit): Micros {
  return (ela * MICROS_PER_ELA_UNIT[unit]) as Micros;
}
