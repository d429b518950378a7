import { buildIntHistogram, fromCounts, type IntHistogram } from './int-histogram';

/** Values and how many of them are used: a sample column as lib/trace collects it. */
export interface CountedValues {
  ela: Float64Array;
  count: number;
}

/**
 * Per-range exact histograms of `ela`, built on the thread that scanned the range, so the
 * statistics of a large file need no pass over all its samples on the calling thread after the
 * parse (that pass was ~50 ms per GiB of trace, with both cores idle but one).
 */

/**
 * Largest value counted in a table here (16 MB of counts; ela is µs, so 4 s). lib/stats'
 * buildIntHistogram counts densely only up to 2 x the sample count, which a 32 MiB range (~70 k
 * waits, a tail to ~300 ms) exceeds, and then sorts: ~5 ms per range, a third of a core per GiB.
 */
const MAX_TABLE_CELLS = 1 << 22;
/** Counts by value, kept per thread between ranges and left all zero after each use. */
let table: Uint32Array = new Uint32Array(1 << 16);

/**
 * The histogram of a range's samples (µs, after the unit scale): the distinct values ascending
 * and their counts, as buildIntHistogram gives them; null when a value is not a non-negative
 * safe integer: the caller then summarizes the samples themselves, as always. One pass, one
 * comparison per value (it runs before the JIT has warmed up, in every thread).
 */
export function elaHistogramOf(parts: readonly CountedValues[]): IntHistogram | null {
  let max = -1;
  let n = 0;
  for (const p of parts) {
    const ela = p.ela;
    const count = p.count;
    for (let i = 0; i < count; i++) {
      const v = ela[i] as number;
      if (v > max) {
        // Also rejects NaN and what is not an integer below the table's limit.
        if (!(v < MAX_TABLE_CELLS && (v | 0) === v)) {
          table.fill(0, 0, max + 1);
          return sortedHistogram(parts);
        }
        if (v >= table.length) table = grown(table, v + 1);
        max = v;
      } else if (!(v >= 0 && (v | 0) === v)) {
        table.fill(0, 0, max + 1);
        return sortedHistogram(parts);
      }
      table[v] = (table[v] as number) + 1;
    }
    n += count;
  }
  const values = new Float64Array(Math.min(n, max + 1));
  const counts = new Float64Array(values.length);
  let k = 0;
  for (let v = 0; v <= max; v++) {
    const c = table[v] as number;
    if (c !== 0) {
      values[k] = v;
      counts[k++] = c;
      table[v] = 0;
    }
  }
  return fromCounts(values.slice(0, k), counts.slice(0, k));
}

function grown(old: Uint32Array, cells: number): Uint32Array {
  const bigger = new Uint32Array(Math.min(MAX_TABLE_CELLS, Math.max(cells, 2 * old.length)));
  bigger.set(old);
  return bigger;
}

/** Large or non-integer values: lib/stats' own histogram (null when it has none). */
function sortedHistogram(parts: readonly CountedValues[]): IntHistogram | null {
  try {
    return buildIntHistogram(concat(parts, parts.reduce((n, p) => n + p.count, 0)));
  } catch (error) {
    if (error instanceof RangeError) return null; // not non-negative integers: no histogram, by design
    throw error;
  }
}

function concat(parts: readonly CountedValues[], n: number): Float64Array {
  const values = new Float64Array(n);
  let at = 0;
  for (const p of parts) {
    values.set(p.ela.subarray(0, p.count), at);
    at += p.count;
  }
  return values;
}

/** Distinct values, ascending, and how many of each: a histogram without its cumulative counts. */
export interface ValueCounts {
  values: Float64Array;
  counts: Float64Array;
}

/** Two ascending distinct-value tables as one (counts of equal values add). */
function mergeTwo(a: ValueCounts, b: ValueCounts): ValueCounts {
  const values = new Float64Array(a.values.length + b.values.length);
  const counts = new Float64Array(values.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.values.length && j < b.values.length) {
    const x = a.values[i] as number;
    const y = b.values[j] as number;
    if (x < y) {
      values[k] = x;
      counts[k++] = a.counts[i++] as number;
    } else if (y < x) {
      values[k] = y;
      counts[k++] = b.counts[j++] as number;
    } else {
      values[k] = x;
      counts[k++] = (a.counts[i++] as number) + (b.counts[j++] as number);
    }
  }
  for (; i < a.values.length; i++, k++) {
    values[k] = a.values[i] as number;
    counts[k] = a.counts[i] as number;
  }
  for (; j < b.values.length; j++, k++) {
    values[k] = b.values[j] as number;
    counts[k] = b.counts[j] as number;
  }
  return { values: values.subarray(0, k), counts: counts.subarray(0, k) };
}

/**
 * The histogram of the union of disjoint samples, from theirs: the same distinct values,
 * counts and cumulative counts as a histogram built from all the samples at once (so
 * summarizeIntHistogram gives the same summary to the last bit). Pairwise merges in a balanced
 * tree: O(distinct values x log parts).
 */
export function mergeIntHistograms(parts: readonly ValueCounts[]): IntHistogram {
  let level: ValueCounts[] = parts.map((p) => ({ values: p.values, counts: p.counts }));
  if (level.length === 0) level = [{ values: new Float64Array(0), counts: new Float64Array(0) }];
  while (level.length > 1) {
    const next: ValueCounts[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i] as ValueCounts;
      const b = level[i + 1];
      next.push(b ? mergeTwo(a, b) : a);
    }
    level = next;
  }
  const { values, counts } = level[0] as ValueCounts;
  return fromCounts(values.slice(), counts.slice());
}
