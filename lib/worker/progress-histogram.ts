/**
 * A coarse histogram of the values read so far, sent with a load's progress (issue 17 §4 "Progressive
 * results"), so the page draws the shape of the data while the files are still parsing. Buckets are
 * Oracle's log2 ones (v$event_histogram): bucket 0 holds values below 1 µs, bucket k (k ≥ 1) those in
 * [2^(k−1), 2^k) µs; the last bucket also holds everything above. Only values of a finished file (or
 * a drawn demo session) are added: the parser's hot loop is not touched, and each value is visited
 * once more, a few ms per million values (test/worker/progress-histogram.test.ts measures it).
 */
import type { Counts } from '../stats/counts';

/** Buckets up to [2^38, ∞) µs: about 76 hours, past any wait. */
export const PROGRESS_BUCKETS = 40;

/** The bucket of one value, µs. */
export function progressBucket(micros: number): number {
  if (!(micros >= 1)) return 0;
  // Math.log2 is exact on powers of two, so 2^(k−1) itself lands in bucket k.
  return Math.min(PROGRESS_BUCKETS - 1, Math.floor(Math.log2(micros)) + 1);
}

export class ProgressHistogram {
  private readonly counts = new Array<number>(PROGRESS_BUCKETS).fill(0);

  addValues(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.counts[progressBucket(values[i]!)]!++;
  }

  /** Counted values (a parse that kept only counts): each distinct value with its count. */
  addCounts(counts: Counts): void {
    for (let i = 0; i < counts.values.length; i++) this.counts[progressBucket(counts.values[i]!)]! += counts.counts[i]!;
  }

  /** The counts now, a copy (it goes into a message). */
  snapshot(): number[] {
    return this.counts.slice();
  }
}
