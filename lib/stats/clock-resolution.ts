import { MICROS_PER_ELA_UNIT, type ElaUnit } from '../units';

/**
 * The clock resolution of traced times: whole centiseconds before Oracle 9i (c, e, ela and tim:
 * MOS 39817.1), µs from 9i on. A value below 10,000 µs then reads 0, and every statistic moves in
 * steps of 10,000 µs, so a comparison of an 8i trace with a later one must not read a difference
 * smaller than that as the storage's: rounding moves each value, and so each quantile and the
 * mean, by less than one unit, and no further.
 */

/** µs of the coarsest clock among the files (1 when all are 9i or later). */
export function resolutionOfFiles(files: readonly { facts: { unit: ElaUnit } }[]): number {
  return files.reduce((coarsest, f) => Math.max(coarsest, MICROS_PER_ELA_UNIT[f.facts.unit]), 1);
}

/** The sentence for values timed at `micros` resolution, or null at 1 µs. */
export function resolutionNote(micros: number, whose = 'The times'): string | null {
  if (micros <= 1) return null;
  return `${whose} are whole centiseconds (Oracle before 9i): a resolution of ${micros.toLocaleString('en-US')} µs, so values below it read 0 and statistics move in steps of it.`;
}

/** When A's and B's resolutions differ: the coarser one and whose it is; else null. */
export function resolutionGap(a: number | undefined, b: number | undefined): { micros: number; side: 'A' | 'B' } | null {
  const ra = a ?? 1;
  const rb = b ?? 1;
  if (ra === rb) return null;
  return ra > rb ? { micros: ra, side: 'A' } : { micros: rb, side: 'B' };
}
