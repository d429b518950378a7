/**
 * How often flash won the race: each redo write goes to disk and flash at once and completes with
 * the first of the two (FL_FLASH_FIRST / FL_DISK_FIRST count which one was first). We define
 *   share = FL_FLASH_FIRST / (FL_FLASH_FIRST + FL_DISK_FIRST)   (flash's share of the races)
 * and also give the ratio FL_FLASH_FIRST / FL_DISK_FIRST, over the totals of a snapshot and over an
 * interval's deltas. The book's chapter quotes 3.8 %; its own figures give 3.5 % (share of the
 * interval's races) and 3.6 % (ratio of the deltas), so the page and the CLI show the definition
 * beside every figure instead of matching the book.
 */
export const SHARE_DEFINITION = 'flash-first share = FL_FLASH_FIRST / (FL_FLASH_FIRST + FL_DISK_FIRST): of the redo writes that raced to disk and flash, the fraction flash completed first';
export const RATIO_DEFINITION = 'ratio = FL_FLASH_FIRST / FL_DISK_FIRST';

export interface RaceFigures {
  flashFirst: number;
  diskFirst: number;
  /** FL_FLASH_FIRST / (FL_FLASH_FIRST + FL_DISK_FIRST); null without races. */
  share: number | null;
  /** FL_FLASH_FIRST / FL_DISK_FIRST; null when disk never came first. */
  ratio: number | null;
}

export function raceFigures(flashFirst: number, diskFirst: number): RaceFigures {
  const races = flashFirst + diskFirst;
  return { flashFirst, diskFirst, share: races > 0 ? flashFirst / races : null, ratio: diskFirst > 0 ? flashFirst / diskFirst : null };
}

/** A share or ratio as the page and the CLI print it: one decimal, `3.5 %`; `—` when undefined. */
export function percentText(fraction: number | null): string {
  return fraction === null ? '—' : `${(fraction * 100).toFixed(1)} %`;
}
