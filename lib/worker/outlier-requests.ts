/**
 * Issue 6 in the worker: outlier lists, clusters, the timeline, what co-occurred in each cluster
 * (a second pass over the files), and the lines around one wait (a pass over its file up to them,
 * streamed, so a file is never held). Everything is computed here; the page only draws what comes back.
 */
import { valuesNoun } from '../trace/measure';
import { analyzeOutliers, type OutlierAnalysis } from '../outliers/analyze';
import { createCoOccurrence, finishCoOccurrence, scanCoOccurrence, type WindowActivity } from '../outliers/co-occurrence';
import type { OutlierWindow } from '../outliers/clusters';
import { readContexts, type TraceContext } from '../outliers/context';
import { isSysioFacts } from '../sysio/sysio-format';
import { sysioContext } from '../sysio/sysio-context';
import { contextStart } from '../outliers/context-start';
import { downsampleTimeline, SHARED_TIMELINE_POINTS } from '../outliers/timeline';
import { rowClockOf, type RowClock } from '../outliers/row-clock';
import { indicesInRange, indicesInWindow, longestFirst, waitRow, type ListInput, type WaitList, type WaitRow } from '../outliers/top-list';
import { DatasetClock, LOCAL_DOMAIN, UTC_DOMAIN } from '../outliers/wall-clock';
import { fileChunks, isRandomAccess, openInput } from './file-chunks';
import { csvRow } from '../csv/write-csv';
import { SAMPLES_CSV_ROWS_PER_CHUNK } from '../report/export-tables';
import type { OutlierSection } from '../report/report-schema';
import type { DatasetState } from './dataset-state';
import { syntheticListInput } from './synthetic-clock';

/** The points the timeline draws: one time axis (UTC or local wall time), ms since the epoch. */
export interface TimelineSeries {
  kind: 'utc' | 'local' | 'none';
  /** ms on the axis (for `local`: the wall time as if it were UTC). */
  t: Float64Array;
  ela: Float64Array;
  /** Every wait above this (p99, µs) is among the points. */
  keepAbove: number;
  /** Waits not drawn because they have no time on this axis. */
  elsewhere: number;
}

/**
 * A listed wait with the id of its dataset (labels can repeat or change, ids do not), and the clock
 * its file's times are on: a trace's, or a strace or fio log's (row-clock.ts).
 */
export type DatasetRow = WaitRow & { datasetId: string; clock: RowClock };

/** Each file's clock (row-clock.ts), by file index. */
const clocksOf = (input: ListInput): RowClock[] => input.files.map((f) => rowClockOf(f.facts));

export interface DatasetWaitList {
  datasetId: string;
  /** How many waits matched; `rows` holds the longest of them. */
  total: number;
  rows: DatasetRow[];
}

/** A dataset's list of waits as the page lists them: each row with its dataset and its file's clock. */
export function datasetWaitList(datasetId: string, list: WaitList, input: ListInput): DatasetWaitList {
  const clocks = clocksOf(input);
  return { datasetId, total: list.total, rows: list.rows.map((r) => ({ ...r, datasetId, clock: clocks[r.fileIndex] ?? 'trace' })) };
}

export interface DatasetOutliers {
  datasetId: string;
  label: string;
  analysis: OutlierAnalysis;
  /** analysis.top with dataset ids. */
  top: DatasetWaitList;
  timeline: TimelineSeries;
  /** False for synthetic data: there are no trace lines to show. */
  hasTraceLines: boolean;
}

/** The dataset as lib/outliers reads it, or null when it has no waits with positions. */
export function listInputOf(d: DatasetState): ListInput | null {
  if (d.synthetic) return d.event === 'log file sync' ? syntheticListInput(d.synthetic.values, d.synthetic.sessions, d.synthetic.tim) : null;
  if (!d.traces.some((t) => t.result)) return null;
  return d.combined();
}

export function timelineOf(input: ListInput): TimelineSeries {
  const clock = new DatasetClock(input);
  const { micros, domain } = clock.columns();
  const ela = input.samples.ela.subarray(0, input.samples.count);
  const points = downsampleTimeline(ela, micros, domain);
  let utc = 0;
  let local = 0;
  for (const dm of points.domain) {
    if (dm === UTC_DOMAIN) utc++;
    else if (dm === LOCAL_DOMAIN) local++;
  }
  const kind = utc === 0 && local === 0 ? 'none' : utc >= local ? 'utc' : 'local';
  const want = kind === 'utc' ? UTC_DOMAIN : LOCAL_DOMAIN;
  const keep: number[] = [];
  points.domain.forEach((dm, k) => dm === want && kind !== 'none' && keep.push(k));
  return {
    kind,
    t: Float64Array.from(keep, (k) => (points.micros[k] as number) / 1000),
    ela: Float64Array.from(keep, (k) => points.ela[k] as number),
    // 0 when nothing was sampled away: then every wait (above 0 µs) is a point.
    keepAbove: points.complete ? 0 : points.keepAbove,
    elsewhere: points.placed + points.unplaced - keep.length,
  };
}

export function outliersOf(d: DatasetState, label: string, options: { top: number; thresholds: number[] }): DatasetOutliers | null {
  const input = listInputOf(d);
  if (!input || input.samples.count === 0) return null;
  const analysis = analyzeOutliers(input, label, { top: options.top, thresholds: options.thresholds, noun: valuesNoun(d.measure ?? undefined) });
  return {
    datasetId: d.id,
    label,
    analysis,
    top: datasetWaitList(d.id, analysis.top, input),
    timeline: timelineOf(input),
    hasTraceLines: d.synthetic === null,
  };
}

export type Selection = { kind: 'range'; lo: number; hi: number } | { kind: 'window'; kindOfTime: 'utc' | 'local'; fromMs: number; toMs: number };

/** What one dataset contributes to a list: its waits that `by` selects. */
export interface SelectionPart {
  datasetId: string;
  label: string;
  by: Selection;
}

/** One page of a list of several datasets' waits, merged longest first. */
export interface SelectionPage {
  /** Per dataset (in the order of the parts), how many of its waits the list holds in all. */
  totals: { datasetId: string; label: string; total: number }[];
  /** Position of rows[0] in the whole list, 0-based. */
  offset: number;
  rows: DatasetRow[];
}

/**
 * The waits the parts select, as one list: every part's selected samples one after the other (in
 * part order, then sample order), with their ela. Ordering it longest first (longestFirst keeps
 * equal waits in list order) merges the datasets: equal waits keep the order of the parts, then
 * sample order, so the same wait is at the same position on every page and in the CSV.
 */
interface MergedList {
  parts: { datasetId: string; label: string; input: ListInput; clock: DatasetClock; clocks: RowClock[]; total: number; start: number }[];
  sample: Uint32Array;
  ela: Float64Array;
}

function mergedList(datasetOf: (id: string) => DatasetState, parts: readonly SelectionPart[]): MergedList {
  const found = parts.flatMap(({ datasetId, label, by }) => {
    const input = listInputOf(datasetOf(datasetId));
    if (!input) return [];
    const clock = new DatasetClock(input);
    const picked =
      by.kind === 'range'
        ? indicesInRange(input, by.lo, by.hi)
        : indicesInWindow(input, { domain: by.kindOfTime === 'utc' ? UTC_DOMAIN : LOCAL_DOMAIN, from: by.fromMs * 1000, to: by.toMs * 1000 }, clock);
    return [{ datasetId, label, input, clock, clocks: clocksOf(input), picked }];
  });
  const n = found.reduce((sum, f) => sum + f.picked.length, 0);
  const sample = new Uint32Array(n);
  const ela = new Float64Array(n);
  let start = 0;
  const listed = found.map(({ picked, ...f }) => {
    sample.set(picked, start);
    const own = f.input.samples.ela;
    for (let k = 0; k < picked.length; k++) ela[start + k] = own[picked[k] as number] as number;
    const part = { ...f, total: picked.length, start };
    start += picked.length;
    return part;
  });
  return { parts: listed, sample, ela };
}

/** Positions [from, to) of the list longest first, as rows. */
function* rowsOf(list: MergedList, from: number, to: number): Generator<DatasetRow> {
  const order = longestFirst(list.ela, to);
  for (let k = from; k < order.length; k++) {
    const at = order[k] as number;
    const p = list.parts.findLast((x) => x.start <= at)!;
    const row = waitRow(p.input, p.label, list.sample[at] as number, p.clock);
    yield { ...row, datasetId: p.datasetId, clock: p.clocks[row.fileIndex] ?? 'trace' };
  }
}

/** Rows [offset, offset + limit) of the list the parts make (a bucket, a bar, a spectrum stretch, a time window). */
export function selectPage(datasetOf: (id: string) => DatasetState, parts: readonly SelectionPart[], offset: number, limit: number): SelectionPage {
  const from = Math.max(0, Math.floor(offset));
  const to = from + Math.max(0, Math.floor(limit));
  const list = mergedList(datasetOf, parts);
  return { totals: list.parts.map((p) => ({ datasetId: p.datasetId, label: p.label, total: p.total })), offset: from, rows: [...rowsOf(list, from, to)] };
}

/** Columns of a listed wait in a CSV; `wall_clock_time` is ISO (with the trace's offset for time_kind utc, none for local). */
const SELECTION_CSV_FIELDS = ['dataset_id', 'dataset', 'ela_us', 'wall_clock_time', 'time_kind', 'session', 'pid', 'file', 'line'];

/**
 * Every wait of the list the parts make, in the order the pages show them, as CSV (the project's
 * writer, lib/csv/write-csv.ts). Rows are built and written a chunk at a time: a list can hold millions.
 */
export function selectionCsv(datasetOf: (id: string) => DatasetState, parts: readonly SelectionPart[]): { blob: Blob; rows: number } {
  const list = mergedList(datasetOf, parts);
  const rows = list.ela.length;
  // The project's one CSV writer (lib/csv/write-csv.ts: quoting and formula neutralising), a chunk of rows at a time.
  const chunks: string[] = [`${csvRow(SELECTION_CSV_FIELDS)}\n`];
  let lines: string[] = [];
  const flush = () => {
    chunks.push(`${lines.join('\n')}\n`);
    lines = [];
  };
  for (const r of rowsOf(list, 0, rows)) {
    lines.push(csvRow([r.datasetId, r.dataset, r.ela, r.time.iso, r.time.kind, r.session, r.pid, r.file, r.line]));
    if (lines.length === SAMPLES_CSV_ROWS_PER_CHUNK) flush();
  }
  if (lines.length > 0) flush();
  return { blob: new Blob(chunks, { type: 'text/csv' }), rows };
}

/** Other events and log switches inside each window: one more pass over the dataset's files. */
export async function coOccurrenceOf(d: DatasetState, windows: OutlierWindow[]): Promise<WindowActivity[]> {
  const input = listInputOf(d);
  const acc = createCoOccurrence(windows);
  if (!input || d.synthetic) return finishCoOccurrence(acc);
  const clock = new DatasetClock(input);
  const parsed = d.traces.filter((t) => t.result !== null);
  for (const [fileIndex, t] of parsed.entries()) {
    await scanCoOccurrence(openInput(t), { fileIndex, clockOf: (pid) => clock.tableFor(fileIndex, pid) }, acc);
  }
  return finishCoOccurrence(acc);
}

/** The lines around one wait: a pass over its file (never held whole) from near the wait, that stops after them. */
export async function contextOf(d: DatasetState, fileIndex: number, offset: number, line: number, before?: number, after?: number): Promise<TraceContext | string> {
  const parsed = d.traces.filter((t) => t.result !== null);
  const entry = parsed[fileIndex];
  if (!entry) return 'That wait has no trace file to read (synthetic data, or the file was cleared).';
  const file = entry.file;
  const target = { offset, line };
  // A plain file is entered near the wait (context-start.ts), not read from its first byte.
  const start = isRandomAccess(entry) && await contextStart(async (at, length) => new Uint8Array(await file.slice(at, at + length).arrayBuffer()), file.size, [target], { before, after });
  const [context] = await readContexts(start ? fileChunks(file.slice(start.offset)) : openInput(entry), [target], { before, after }, start || undefined);
  // A strace or fio file (lib/sysio) has no WAIT records: its value's line is marked by number.
  return entry.result && isSysioFacts(entry.result.facts) ? sysioContext(context as TraceContext, line) : (context as TraceContext);
}

/** The outliers of a dataset as they travel in a shared report: no trace lines, bounded in size. */
export function outlierSection(o: DatasetOutliers, activity: WindowActivity[] | null): OutlierSection {
  const a = o.analysis;
  const tl = o.timeline;
  let keep: number[] = Array.from(tl.t.keys());
  // Above keepAbove every wait is a point, below it the points are a sample (the figure marks which).
  let keepAbove = tl.keepAbove;
  if (keep.length > SHARED_TIMELINE_POINTS) {
    // Keep the longest quarter of the budget outright, then every k-th of the rest in time order.
    const byEla = [...keep].sort((x, y) => (tl.ela[y] as number) - (tl.ela[x] as number));
    const kept = byEla.slice(0, SHARED_TIMELINE_POINTS / 4);
    const top = new Set(kept);
    const restCount = keep.length - top.size;
    const stride = Math.ceil(restCount / (SHARED_TIMELINE_POINTS - top.size));
    let seen = 0;
    keep = keep.filter((k) => top.has(k) || seen++ % stride === 0);
    // Every wait longer than the shortest one kept outright is kept; waits equal to it may not be,
    // so that value is the new line ("every wait above"), and never below the dataset's own line.
    keepAbove = Math.max(keepAbove, tl.ela[kept[kept.length - 1]!] as number);
  }
  return {
    threshold: a.threshold,
    top: a.top.rows.map((r) => ({ ela: r.ela, time: r.time.iso, timeKind: r.time.kind, session: r.session, file: r.file, line: r.line })),
    timeline: { kind: tl.kind, t: keep.map((k) => tl.t[k] as number), ela: keep.map((k) => tl.ela[k] as number), keepAbove },
    clusters: a.windows.map((w, i) => ({
      start: w.startIso,
      end: w.endIso,
      count: w.count,
      worstEla: w.worstEla,
      worstFile: w.worstRow.file,
      worstLine: w.worstRow.line,
      events: (activity?.[i]?.events ?? []).slice(0, 10).map((e) => ({ event: e.event, count: e.count, maxEla: e.maxEla })),
      switches: (activity?.[i]?.switches ?? []).map((s) => ({ event: s.event, ela: s.ela, line: s.line })),
    })),
  };
}
