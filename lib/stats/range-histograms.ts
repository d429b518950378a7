/**
 * Per-range counts of `ela`, built on the thread that scanned the range, so the statistics of a
 * large file need no pass over all its samples on the calling thread after the parse (that pass
 * was ~50 ms per GiB of trace, with both cores idle but one).
 */
import { countsOf, isNonNegativeSafeInteger, mergeCounts, type Counts } from './counts';
import { DenseCounter } from './dense-counter';

/** Values and how many of them are used: a sample column as lib/trace collects it. */
export interface CountedValues {
  ela: Float64Array;
  count: number;
}

/**
 * The counts of a range's samples (µs, after the unit scale), as `countsOf` gives them; null when
 * a value is not a non-negative safe integer: the caller then summarizes the samples themselves,
 * as always. Whole values below 4 s are counted in the dense table; larger ones from one sorted copy.
 */
export function elaHistogramOf(parts: readonly CountedValues[]): Counts | null {
  const counter = new DenseCounter();
  for (const p of parts) {
    const ela = p.ela;
    for (let i = 0; i < p.count; i++) {
      if (!counter.add(ela[i] as number)) {
        counter.discard();
        return sortedCounts(parts);
      }
    }
  }
  return mergeCounts([counter.take()]);
}

/** Waits of 4 s or more: counted from a sorted copy; null when a value is not a whole µs. */
function sortedCounts(parts: readonly CountedValues[]): Counts | null {
  const n = parts.reduce((sum, p) => sum + p.count, 0);
  const values = new Float64Array(n);
  let at = 0;
  for (const p of parts) {
    values.set(p.ela.subarray(0, p.count), at);
    at += p.count;
  }
  return values.every(isNonNegativeSafeInteger) ? countsOf(values) : null;
}
