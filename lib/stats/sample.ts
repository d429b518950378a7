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
import { countsFrom, countsOf, countsOfSorted, denseRangeLimit, mergeCounts, wholeRange, type Counts } from './counts';
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
 * Whole values in a compact range are counted on one table per run of a session (sampleOfParts);
 * others are sorted (a copy), then each session's counted by its index on the grid of distinct values.
 */
export function sampleOf(values: Float64Array, sessionIds: Uint32Array | null = null): Sample {
  if (sessionIds === null) return { counts: countsOf(values), sessions: null };
  return sampleOfParts([{ values, ids: sessionIds }]);
}

/** Some consecutive values of a sample and the session id of each (a scan's block of samples). */
export interface SamplePart {
  values: Float64Array;
  ids: Uint32Array;
}

/**
 * The sample of values given in consecutive parts (a scan's blocks), as sampleOf gives it for the
 * parts joined, without joining them: one dense range over all the parts, so a part whose own
 * range is too wide for a table of its size (one 0.3 s wait among 65,536) is not counted by sorting,
 * and a session's run that goes on into the next part stays one run.
 */
export function sampleOfParts(parts: readonly SamplePart[]): Sample {
  return sampleAndIdsOfParts(parts).sample;
}

/** sampleOfParts, with the id of each of its sessions, in the sessions' order (first appearance). */
export function sampleAndIdsOfParts(parts: readonly SamplePart[]): { sample: Sample; ids: number[] } {
  for (const p of parts) if (p.ids.length !== p.values.length) throw new RangeError('sample: sessions and values differ in length');
  const range = denseRangeOfParts(parts);
  if (range !== null) {
    // Whole µs in a compact range: each session counted straight on one table, the whole from them.
    const { sessions, ids } = sessionCounts(parts, range);
    return { sample: sampleOfSessions(sessions), ids };
  }
  // Fractions or too wide a range (rare): the grid of distinct values needs the values in one column
  // (of several parts, a copy of this function's own, sorted in place).
  const counts = parts.length === 1 ? countsOf(parts[0]!.values) : countsOfSorted(joined(parts).sort());
  const { sessions, ids } = sessionCounts(parts, { grid: counts.values });
  return { sample: { counts, sessions }, ids };
}

/**
 * A sample is counted on one table when its range fits 2 cells a value (denseRangeLimit) or this
 * many: a table of 4 MB (one for all of a sample's runs, read back by its block map; it may use
 * more memory than sorting a small sample, never more than 4 MB). Why: a
 * 32 MiB range of a trace holds ~65,000 waits, and one wait of 0.3 s among them made its range too
 * wide for 2 cells a value, so each range of the book's files was sorted instead, ~0.2 s of CPU a
 * thread in `compare` (2026-12-02, bench/compare-bench.mjs).
 */
const TABLE_CELLS = 1 << 20;

/** The range the parts span, as one column, when one table counts them (TABLE_CELLS); null otherwise. */
function denseRangeOfParts(parts: readonly SamplePart[]): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (const p of parts) {
    if (p.values.length === 0) continue;
    const r = wholeRange(p.values);
    if (r === null) return null;
    min = Math.min(min, r.min);
    max = Math.max(max, r.max);
    n += p.values.length;
  }
  return n > 0 && max - min + 1 <= Math.max(denseRangeLimit(n), TABLE_CELLS) ? { min, max } : null;
}

function joined(parts: readonly SamplePart[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.values.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p.values, at);
    at += p.values.length;
  }
  return out;
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
 * (whole µs), or of the grid of distinct values (anything else, by binary search); a run goes on
 * across parts, and a session that comes back later (trcsess output) gets its runs merged at the end.
 * One table for all runs: each run's counts are read out of it, leaving it zero, before the next.
 * Returns the sessions' counts and ids, in order of first appearance.
 */
function sessionCounts(parts: readonly SamplePart[], on: { min: number; max: number } | { grid: Float64Array }): { sessions: Counts[]; ids: number[] } {
  const grid = 'grid' in on ? on.grid : null;
  const indexOf = grid && gridIndexer(grid);
  const cells = 'grid' in on ? on.grid.length : on.max - on.min + 1;
  const offset = 'grid' in on ? 0 : on.min;
  const order = new Map<number, number>();
  const runs: Pick<Counts, 'values' | 'counts'>[][] = [];
  const counter = new DenseCounter({ offset, cells, limit: cells });
  let run: { id: number; session: number } | null = null;
  const finish = () => {
    if (run === null) return;
    const counted = counter.drain();
    if (grid) for (let k = 0; k < counted.values.length; k++) counted.values[k] = grid[counted.values[k]!]!;
    runs[run.session]!.push(counted);
    run = null;
  };
  for (const { values, ids } of parts) {
    let i = 0;
    while (i < values.length) {
      const id = ids[i]!;
      let j = i + 1;
      while (j < values.length && ids[j] === id) j++;
      if (run === null || run.id !== id) {
        finish();
        let s = order.get(id);
        if (s === undefined) {
          s = order.size;
          order.set(id, s);
          runs.push([]);
        }
        run = { id, session: s };
      }
      if (indexOf === null) counter.addAll(values, i, j);
      else for (let k = i; k < j; k++) counter.add(indexOf(values[k]!));
      i = j;
    }
  }
  finish();
  counter.release();
  return { sessions: runs.map((parts) => (parts.length === 1 ? countsFrom(parts[0]!.values, parts[0]!.counts) : mergeCounts(parts))), ids: [...order.keys()] };
}
