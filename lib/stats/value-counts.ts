import { tryBuildIntHistogram } from './int-histogram';

/**
 * A sample as its distinct values (strictly ascending) and their counts. `IntHistogram` is one;
 * `valueCountsOf` builds one from any NaN-free sample. Shared with the KS test and the bootstrap.
 */
export interface ValueCounts {
  readonly values: Float64Array;
  readonly counts: Float64Array;
  readonly total: number;
}

/** Run-length encodes an ascending-sorted, NaN-free sample (sortedness is the caller's promise). */
export function valueCountsOfSorted(sorted: Float64Array): ValueCounts {
  if (sorted.length > 0 && Number.isNaN(sorted[sorted.length - 1])) {
    throw new RangeError('stats: NaN in sample');
  }
  const values = new Float64Array(sorted.length);
  const counts = new Float64Array(sorted.length);
  let k = -1;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    if (k >= 0 && values[k] === v) counts[k] = counts[k]! + 1;
    else {
      k++;
      values[k] = v;
      counts[k] = 1;
    }
  }
  return { values: values.slice(0, k + 1), counts: counts.slice(0, k + 1), total: sorted.length };
}

/** Value counts of any sample: the integer histogram when it applies (no sort), else a sorted copy. */
export function valueCountsOf(x: Float64Array): ValueCounts {
  return tryBuildIntHistogram(x) ?? valueCountsOfSorted(x.slice().sort());
}

/**
 * Walks the union of the two samples' distinct values in ascending order, calling
 * `visit(countA, countB)` once per distinct value (one count may be 0).
 */
export function forEachPooledValue(
  a: ValueCounts,
  b: ValueCounts,
  visit: (countA: number, countB: number) => void,
): void {
  const va = a.values;
  const vb = b.values;
  let i = 0;
  let j = 0;
  while (i < va.length || j < vb.length) {
    const x = i < va.length ? va[i]! : Infinity;
    const y = j < vb.length ? vb[j]! : Infinity;
    if (x < y) visit(a.counts[i++]!, 0);
    else if (y < x) visit(0, b.counts[j++]!);
    else visit(a.counts[i++]!, b.counts[j++]!);
  }
}
