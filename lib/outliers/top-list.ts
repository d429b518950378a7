/**
 * Lists of waits a person reads: the top N of a dataset, the waits in a value range (a histogram
 * bucket, a Figure 15.16 bar, a drag across the percentile spectrum) and the waits in a time
 * window (a brush on the timeline). Each row leads back to the trace: file, line, byte offset.
 * Rows are plain objects, but only a bounded number (`limit`) are ever built.
 */
import { denseRangeLimit, tryDenseCounts } from '../stats/counts';
import { topN } from '../stats/top-n';
import type { SessionMarker } from '../trace/types';
import { DatasetClock, type ClockInput, type SampleTime } from './wall-clock';

export const DEFAULT_TOP = 100;

export interface ListInput extends ClockInput {
  samples: ClockInput['samples'] & { ela: Float64Array; file: Uint32Array; line: Uint32Array; offset: Float64Array };
  sessions: readonly (Pick<SessionMarker, 'pid' | 'sid' | 'serial'> & { file: number })[];
  /** The files, with their banner: a strace or fio file's says so (row-clock.ts). */
  files: readonly (ClockInput['files'][number] & { facts: { banner: string | null } })[];
}

export interface WaitRow {
  /** The dataset's label, as the caller names it. */
  dataset: string;
  /** Sample index in the dataset. */
  index: number;
  /** µs. */
  ela: number;
  time: SampleTime;
  /** `SID.serial` from `*** SESSION ID`, or null where no marker precedes the wait. */
  session: string | null;
  /** Process id (header or trcsess marker), or null. */
  pid: string | null;
  file: string;
  fileIndex: number;
  /** 1-based line of the WAIT record. */
  line: number;
  /** Byte offset of the WAIT record in the (decompressed) file. */
  offset: number;
}

export interface WaitList {
  /** How many waits matched; `rows` holds the first `limit` of them, longest first. */
  total: number;
  rows: WaitRow[];
}

/** One row; `clock` may be shared between calls (it indexes the anchors once). */
export function waitRow(input: ListInput, label: string, i: number, clock: DatasetClock = new DatasetClock(input)): WaitRow {
  const s = input.samples;
  const marker = input.sessions[s.session[i] as number];
  const fileIndex = s.file[i] as number;
  return {
    dataset: label,
    index: i,
    ela: s.ela[i] as number,
    time: clock.timeOf(i),
    session: marker && marker.sid !== null ? `${marker.sid}.${marker.serial ?? ''}` : null,
    pid: marker?.pid ?? null,
    file: input.files[fileIndex]?.fileName ?? `#${fileIndex}`,
    fileIndex,
    line: s.line[i] as number,
    offset: s.offset[i] as number,
  };
}

/** The `limit` (default 100) longest waits, longest first; ties in sample order (lib/stats/top-n). */
export function topWaits(input: ListInput, label: string, limit = DEFAULT_TOP, clock?: DatasetClock): WaitList {
  const ela = input.samples.ela.subarray(0, input.samples.count);
  const top = topN(ela, limit);
  const c = clock ?? new DatasetClock(input);
  return { total: input.samples.count, rows: Array.from(top.indices, (i) => waitRow(input, label, i, c)) };
}

/**
 * Waits with lo ≤ ela ≤ hi (both ends included: give hi just below the next bucket's edge for a
 * half-open bucket), the `limit` longest first.
 */
export function waitsInRange(input: ListInput, label: string, lo: number, hi: number, limit = DEFAULT_TOP, clock?: DatasetClock): WaitList {
  return listOf(input, label, indicesInRange(input, lo, hi), limit, clock ?? new DatasetClock(input));
}

/**
 * Waits whose end time (the line's tim, mapped by wall-clock.ts) lies in [from, to] µs of one
 * time domain (a brush on the timeline), the `limit` longest first.
 */
export function waitsInWindow(input: ListInput, label: string, window: TimeWindow, limit = DEFAULT_TOP, clock?: DatasetClock): WaitList {
  const c = clock ?? new DatasetClock(input);
  return listOf(input, label, indicesInWindow(input, window, c), limit, c);
}

/** A stretch [from, to] (µs, inclusive) of one time domain of wall-clock.ts. */
export interface TimeWindow {
  domain: number;
  from: number;
  to: number;
}

/** Sample indices, in sample order, of the waits with lo ≤ ela ≤ hi. */
export function indicesInRange(input: ListInput, lo: number, hi: number): Uint32Array {
  const ela = input.samples.ela;
  return indicesWhere(input.samples.count, (i) => (ela[i] as number) >= lo && (ela[i] as number) <= hi);
}

/** Sample indices, in sample order, of the waits that end inside the window. */
export function indicesInWindow(input: ListInput, window: TimeWindow, clock: DatasetClock = new DatasetClock(input)): Uint32Array {
  const { micros, domain } = clock.columns();
  return indicesWhere(input.samples.count, (i) => domain[i] === window.domain && (micros[i] as number) >= window.from && (micros[i] as number) <= window.to);
}

function indicesWhere(count: number, keep: (i: number) => boolean): Uint32Array {
  const picked: number[] = [];
  for (let i = 0; i < count; i++) if (keep(i)) picked.push(i);
  return Uint32Array.from(picked);
}

/**
 * Positions of the `count` largest of `values`, largest first; equal values in ascending position
 * (as lib/stats/top-n orders them), so every page of a long list is cut from the same order.
 * A short head is topN's; a long one (the last page of millions, or a CSV of all) is a counting
 * sort over the exact integer histogram, O(n log distinct), where a comparator sort of millions of
 * positions would take many seconds. Non-integer values (CSV input) fall back to that sort.
 */
export function longestFirst(values: Float64Array, count: number): Uint32Array {
  const k = Math.min(count, values.length);
  if (k <= SORTED_HEAD) return topN(values, k).indices;
  const h = tryDenseCounts(values);
  if (h === null) return topN(values, k).indices;
  // next[j]: the next free position, in descending order, for the j-th distinct value (ascending).
  const next = new Float64Array(h.values.length);
  for (let j = 0; j < next.length; j++) next[j] = h.total - (h.cumulative[j] as number);
  const order = new Uint32Array(values.length);
  const indexOf = distinctIndexOf(h.values, values.length);
  for (let i = 0; i < values.length; i++) {
    const j = indexOf(values[i] as number);
    order[next[j] as number] = i;
    next[j] = (next[j] as number) + 1;
  }
  return k === values.length ? order : order.slice(0, k);
}

/** Up to this many, a head is sorted by comparison (topN); beyond it, counted. */
const SORTED_HEAD = 65_536;

/**
 * value → its index in the strictly ascending `distinct` (every value asked for is there): a table
 * when the range is as narrow as the histogram's own dense path allows, else a binary search.
 */
function distinctIndexOf(distinct: Float64Array, n: number): (v: number) => number {
  const min = distinct[0] as number;
  const range = (distinct[distinct.length - 1] as number) - min + 1;
  if (range <= denseRangeLimit(n)) {
    const table = new Uint32Array(range);
    distinct.forEach((v, j) => (table[v - min] = j));
    return (v) => table[v - min] as number;
  }
  return (v) => {
    let lo = 0;
    let hi = distinct.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((distinct[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function listOf(input: ListInput, label: string, picked: Uint32Array, limit: number, clock: DatasetClock): WaitList {
  const ela = input.samples.ela;
  const values = Float64Array.from(picked, (i) => ela[i] as number);
  return { total: picked.length, rows: Array.from(longestFirst(values, limit), (k) => waitRow(input, label, picked[k] as number, clock)) };
}
