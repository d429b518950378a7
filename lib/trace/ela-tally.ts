/**
 * The selected event's waits counted by `ela` value instead of kept one by one: for callers that
 * need only the statistics (`waitscope stats`). Every statistic of stats.md is a function of
 * the distinct values and their counts, so nothing is lost; what is saved is the per-wait
 * columns (ela, tim, line, offset, session: 36 bytes a wait), handing them between threads and
 * joining them: on the 1 GiB benchmark trace (2.2 M waits) that was ~0.25 s of a ~1 s run and
 * ~150 MB of memory touched.
 */

import { countsFrom, mergeCounts, type Counts } from '../stats/counts';
import { DenseCounter } from '../stats/dense-counter';

/** Distinct values, ascending, and their counts: a tally's parts, before the cumulative counts. */
type Parts = Pick<Counts, 'values' | 'counts'>;

/**
 * Counts ela values as the scanner finds them. `push` and `pushRun` stand in for SampleColumns'
 * (the scanner calls either); `push` reads only its first argument, the ela. `addCounts` takes
 * the line kernel's own tally.
 */
export class ElaTally {
  count = 0;
  /** Whole values below 4 s (lib/stats/dense-counter.ts). */
  private readonly table = new DenseCounter();
  /** Values the table does not take: 4 s and longer, and any that is not an integer. */
  private readonly others = new Map<number, number>();
  /** The line kernel's counts (addCounts), batches in ascending order of value. */
  private readonly batches: Parts[] = [];

  push(ela: number): void {
    this.count++;
    if (!this.table.add(ela)) this.others.set(ela, (this.others.get(ela) ?? 0) + 1);
  }

  /** Rows [from, to) of sample columns (the line kernel's); only `ela` is read. */
  pushRun(src: { ela: Float64Array }, from: number, to: number): void {
    const ela = src.ela;
    for (let i = from; i < to; i++) this.push(ela[i] as number);
  }

  /**
   * counts[i] waits of the value values[i], for i < n, `waits` in all: whole values below the
   * table limit, ascending, and above those of any earlier call (the line kernel's tally, drained
   * in batches). Kept as they come: `finish` joins them with builtins, not a JavaScript loop per
   * value (see there).
   */
  addCounts(values: Uint32Array, counts: Uint32Array, n: number, waits: number): void {
    if (n === 0) return;
    const last = this.batches[this.batches.length - 1];
    if (last && !((values[0] as number) > (last.values[last.values.length - 1] as number))) {
      throw new RangeError('tally batches must come in ascending order of value');
    }
    this.batches.push({ values: new Float64Array(values.subarray(0, n)), counts: new Float64Array(counts.subarray(0, n)) });
    this.count += waits;
  }

  /**
   * The counts, each value multiplied by `scale` (10,000 for centiseconds, see lib/units). The
   * tally must not be used afterwards; its table goes back to this thread's spares.
   *
   * Why the kernel's batches are joined with binary searches and typed-array copies: with the
   * line kernel, nearly every wait is in them (~8 k distinct values a range), and the table and
   * `others` hold a handful. A loop over every value ran cold at the end of each range on each
   * thread, and got optimized there (TurboFan compiles that cost ~50 ms of CPU per GiB while both
   * cores were still parsing).
   */
  finish(scale: number): Counts {
    const few = this.tableAndOthers();
    const joined = this.batches.length === 0 ? few : mergeFew(concatenated(this.batches), few);
    if (scale !== 1) for (let k = 0; k < joined.values.length; k++) joined.values[k] = (joined.values[k] as number) * scale;
    this.batches.length = 0;
    return countsFrom(joined.values, joined.counts);
  }

  /** The values pushed one by one, ascending, with their counts; leaves the table all zero. */
  private tableAndOthers(): Parts {
    const fromTable = this.table.take();
    if (this.others.size === 0) return fromTable;
    const rest = [...this.others.keys()].sort((a, b) => a - b);
    const others = { values: Float64Array.from(rest), counts: Float64Array.from(rest, (v) => this.others.get(v) as number) };
    // The table's values and the rest are each ascending; the rest may hold fractions between them.
    return mergeCounts([fromTable, others]);
  }
}

/** Ascending batches, each above the one before, as one. */
function concatenated(batches: readonly Parts[]): Parts {
  if (batches.length === 1) return batches[0] as Parts;
  const n = batches.reduce((sum, b) => sum + b.values.length, 0);
  const values = new Float64Array(n);
  const counts = new Float64Array(n);
  let at = 0;
  for (const b of batches) {
    values.set(b.values, at);
    counts.set(b.counts, at);
    at += b.values.length;
  }
  return { values, counts };
}

/**
 * `many` and `few` (both ascending) as one, the counts of equal values added: a binary search in
 * `many` per value of `few`, and the stretches between copied whole.
 */
function mergeFew(many: Parts, few: Parts): Parts {
  if (few.values.length === 0) return many;
  const n = many.values.length;
  const values = new Float64Array(n + few.values.length);
  const counts = new Float64Array(values.length);
  let from = 0; // next value of `many` not yet copied
  let out = 0;
  for (let k = 0; k < few.values.length; k++) {
    const v = few.values[k] as number;
    const to = lowerBound(many.values, v, from);
    values.set(many.values.subarray(from, to), out);
    counts.set(many.counts.subarray(from, to), out);
    out += to - from;
    from = to;
    let c = few.counts[k] as number;
    if (from < n && many.values[from] === v) c += many.counts[from++] as number;
    values[out] = v;
    counts[out++] = c;
  }
  values.set(many.values.subarray(from), out);
  counts.set(many.counts.subarray(from), out);
  out += n - from;
  return { values: values.subarray(0, out), counts: counts.subarray(0, out) };
}

/** The first index i >= from with sorted[i] >= v (sorted.length when none). */
function lowerBound(sorted: Float64Array, v: number, from: number): number {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
