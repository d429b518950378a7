/**
 * One dataset's waits of one event as every statistic reads them, built once (issue 13 §1): the
 * counts of all its values, and the counts of each session's. Summary, quantiles, moments,
 * buckets, bins, KDE, spectrum, thresholds, the top values, Mann–Whitney, KS, Welch and both
 * bootstraps are functions of these; none needs the waits one by one, so none rebuilds a
 * histogram of them.
 *
 * Sessions are in order of first appearance in the sample: the cluster bootstrap numbers them so
 * (a replicate draws session indices), and the same data must draw the same sessions on every run.
 */
import { countsFrom, countsOf, mergeCounts, type Counts } from './counts';
import { DenseCounter } from './dense-counter';

export interface Sample {
  readonly counts: Counts;
  /** Each session's counts, in order of first appearance; null when sessions are unknown. */
  readonly sessions: readonly Counts[] | null;
}

/** The same sample without its sessions: resampled wait by wait. */
export function withoutSessions(s: Sample): Sample {
  return s.sessions === null ? s : { counts: s.counts, sessions: null };
}

/**
 * The sample of a column of values (any order) and, optionally, the session id of each (any ids;
 * only equality matters). Throws a RangeError on NaN or when the columns differ in length.
 * Neither column is copied: the values are counted once, then each session's by its index on
 * the counts' grid of distinct values.
 */
export function sampleOf(values: Float64Array, sessionIds: Uint32Array | null = null): Sample {
  const counts = countsOf(values);
  if (sessionIds === null) return { counts, sessions: null };
  if (sessionIds.length !== values.length) throw new RangeError('sample: sessions and values differ in length');
  return { counts, sessions: sessionCounts(values, sessionIds, counts.values) };
}

/** Maps each value of a sample to its index in `grid` (the sample's ascending distinct values). */
export function gridIndexer(grid: Float64Array): (v: number) => number {
  const first = grid[0] ?? 0;
  const span = (grid[grid.length - 1] ?? 0) - first;
  if (span < 1 << 24 && grid.every(Number.isInteger)) {
    const table = new Int32Array(span + 1);
    grid.forEach((v, k) => (table[v - first] = k));
    return (v) => table[v - first]!;
  }
  return (v) => {
    let lo = 0;
    let hi = grid.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (grid[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Each session's counts. Waits of one session usually come in long runs (one file, one session),
 * so ids are looked up once per run, and each run is counted in one table of one cell per
 * distinct value of the whole sample; a session that comes back later (trcsess output) gets its
 * runs merged at the end.
 */
function sessionCounts(values: Float64Array, ids: Uint32Array, grid: Float64Array): Counts[] {
  const indexOf = gridIndexer(grid);
  const order = new Map<number, number>();
  const runs: Pick<Counts, 'values' | 'counts'>[][] = [];
  const cells = grid.length;
  let i = 0;
  while (i < values.length) {
    const id = ids[i]!;
    let s = order.get(id);
    if (s === undefined) {
      s = order.size;
      order.set(id, s);
      runs.push([]);
    }
    const counter = new DenseCounter({ cells, limit: cells });
    let j = i;
    for (; j < values.length && ids[j] === id; j++) counter.add(indexOf(values[j]!));
    const { values: at, counts } = counter.take();
    for (let k = 0; k < at.length; k++) at[k] = grid[at[k]!]!;
    runs[s]!.push({ values: at, counts });
    i = j;
  }
  return runs.map((parts) => (parts.length === 1 ? countsFrom(parts[0]!.values, parts[0]!.counts) : mergeCounts(parts)));
}
