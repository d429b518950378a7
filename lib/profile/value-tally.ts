import { countsOf, emptyCounts, mergeCounts, type Counts } from '../stats/counts';
import { DenseCounter } from '../stats/dense-counter';

/**
 * Counts of any numbers, kept as they arrive: whole µs in [0, 2^22) in a dense table (most waits
 * and call times), anything else (negative unaccounted-for time, long waits) in a plain list.
 * A profile row keeps one, so its median and p99 are exact (lib/stats counts.ts) without holding
 * every value.
 */
export class ValueTally {
  private dense: DenseCounter | null = null;
  private outside: number[] = [];
  private n = 0;

  get count(): number {
    return this.n;
  }

  add(v: number): void {
    this.n++;
    if (v >= 0 && v < 1 << 22 && Math.floor(v) === v) {
      (this.dense ??= new DenseCounter({ cells: 1 << 10 })).add(v);
      return;
    }
    this.outside.push(v);
  }

  /** The counts; the tally must not be used afterwards (its table goes back to the pool). */
  take(): Counts {
    const parts: Pick<Counts, 'values' | 'counts'>[] = [];
    if (this.dense !== null) parts.push(this.dense.take());
    if (this.outside.length > 0) parts.push(countsOf(Float64Array.from(this.outside)));
    this.dense = null;
    this.outside = [];
    return parts.length === 0 ? emptyCounts() : mergeCounts(parts);
  }
}
