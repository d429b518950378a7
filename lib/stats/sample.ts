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
import { countsFrom, countsOf, denseRange, mergeCounts, type Counts } from './counts';
import { DenseCounter } from './dense-counter';

export interface Sample {
  readonly counts: Counts;
  /** Each session's counts, in order of first appearance; null when sessions are unknown. */
  readonly sessions: readonly Counts[] | null;
}

/**
 * The sample of counts made elsewhere, e.g. by the parser: one Counts per session, in order of
 * first appearance (or the whole sample's counts alone when sessions are unknown).
 */
export function sampleOfSessions(sessions: readonly Counts[]): Sample {
  return { counts: mergeCounts(sessions), sessions };
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
  if (sessionIds === null) return { counts: countsOf(values), sessions: null };
  if (sessionIds.length !== values.length) throw new RangeError('sample: sessions and values differ in length');
  const range = denseRange(values);
  if (range !== null) {
    // Whole µs in a compact range: each session counted straight on one table, the whole from them.
    return sampleOfSessions(sessionCounts(values, sessionIds, range));
  }
  const counts = countsOf(values);
  return { counts, sessions: sessionCounts(values, sessionIds, { grid: counts.values }) };
}

/** Maps each value of a sample to its index in `grid` (the sample's ascending distinct values). */
function gridIndexer(grid: Float64Array): (v: number) => number {
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
 * so ids are looked up once per run, and each run is counted in one table: of the value range
 * (whole µs), or of the grid of distinct values (anything else, by binary search); a session that
 * comes back later (trcsess output) gets its runs merged at the end.
 */
function sessionCounts(values: Float64Array, ids: Uint32Array, on: { min: number; max: number } | { grid: Float64Array }): Counts[] {
  const grid = 'grid' in on ? on.grid : null;
  const indexOf = grid && gridIndexer(grid);
  const cells = 'grid' in on ? on.grid.length : on.max - on.min + 1;
  const offset = 'grid' in on ? 0 : on.min;
  const order = new Map<number, number>();
  const runs: Pick<Counts, 'values' | 'counts'>[][] = [];
  let i = 0;
  while (i < values.length) {
    const id = ids[i]!;
    let s = order.get(id);
    if (s === undefined) {
      s = order.size;
      order.set(id, s);
      runs.push([]);
    }
    let j = i + 1;
    while (j < values.length && ids[j] === id) j++;
    const counter = new DenseCounter({ offset, cells, limit: cells });
    if (indexOf === null) counter.addAll(values, i, j);
    else for (let k = i; k < j; k++) counter.add(indexOf(values[k]!));
    const run = counter.take();
    if (grid) for (let k = 0; k < run.values.length; k++) run.values[k] = grid[run.values[k]!]!;
    runs[s]!.push(run);
    i = j;
  }
  return runs.map((parts) => (parts.length === 1 ? countsFrom(parts[0]!.values, parts[0]!.counts) : mergeCounts(parts)));
}
