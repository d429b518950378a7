/**
 * A dataset seen through a time window (issue 15 §1): a DatasetState whose files hold only the
 * waits inside it, so the report, threshold counts, outliers, timeline and exports, which all read
 * a dataset's waits through DatasetState (sample(), combined(), synthetic), are computed for the
 * window without knowing of it. Which waits are inside is lib/scope/window-selection.ts.
 *
 * Each trace file is windowed on its own (sessions never span files, so its sessions' skips and
 * its processes' clocks are the dataset's); the windowed file is kept per file and window, so
 * adding a file windows only it. The book demo's synthetic waits get their simulated clock
 * (synthetic-clock.ts), and keep those times in the view. CSV values carry no time: with a window
 * they are left out and counted as without a time.
 */
import type { ReportWindow } from '../report/report-schema';
import { describeEdge, describeWindow, isWholeRun, type TimeWindow } from '../scope/time-window';
import { selectWindow } from '../scope/window-selection';
import { selectSamples } from '../trace/sample-columns';
import type { TraceFileResult } from '../trace/types';
import { DatasetState, type TraceEntry } from './dataset-state';
import { syntheticListInput } from './synthetic-clock';

/** How many of a dataset's waits a window kept and left out (window-selection.ts counts). */
export interface WindowCounts {
  kept: number;
  /** Placed in time, and outside the window. */
  outside: number;
  /** Left out because they have no time to compare with the window's edges. */
  unplaced: number;
  /** Compared as written: an edge with an offset against stamps without one. */
  offsetIgnored: number;
}

/** The window a view was made for, and what it kept; the report carries it (windowOfReport). */
export interface AppliedWindow {
  window: TimeWindow;
  description: string;
  counts: WindowCounts;
}

/** A stable key of a window: equal windows select the same waits. */
export function windowKey(w: TimeWindow): string {
  const edge = (e: TimeWindow['from']) => (e === null ? '' : e.kind === 'tim' ? `tim:${e.tim}` : `${e.wallMicros}@${e.offsetMinutes ?? ''}`);
  return `${edge(w.from)}|${edge(w.to)}|${w.skipFirstMicros}|${w.skipLastMicros}`;
}

interface WindowedFile {
  result: TraceFileResult;
  counts: WindowCounts;
}

/** Each file's windowed copy per window key, kept while its parse result is. */
const windowedFiles = new WeakMap<TraceFileResult, Map<string, WindowedFile>>();

function windowFile(r: TraceFileResult, window: TimeWindow, key: string): WindowedFile {
  let byWindow = windowedFiles.get(r);
  if (!byWindow) windowedFiles.set(r, (byWindow = new Map()));
  let kept = byWindow.get(key);
  if (!kept) {
    // The file as a one-file dataset (its sessions are file 0), as window-selection reads one.
    const sel = selectWindow({ samples: r.samples, sessions: r.sessions.map((m) => ({ ...m, file: 0 })), files: [r] }, window);
    kept = { result: { ...r, samples: selectSamples(r.samples, sel.keep, sel.kept) }, counts: countsOf(sel) };
    byWindow.set(key, kept);
  }
  return kept;
}

function countsOf(sel: WindowCounts): WindowCounts {
  return { kept: sel.kept, outside: sel.outside, unplaced: sel.unplaced, offsetIgnored: sel.offsetIgnored };
}

function addCounts(into: WindowCounts, more: WindowCounts): void {
  into.kept += more.kept;
  into.outside += more.outside;
  into.unplaced += more.unplaced;
  into.offsetIgnored += more.offsetIgnored;
}

/**
 * The dataset as the window shows it: a new DatasetState holding the windowed files (or synthetic
 * waits), with `applied` saying which window and what it left out. The same dataset for the whole run.
 */
export function windowedDataset(d: DatasetState, window: TimeWindow): DatasetState {
  if (isWholeRun(window)) return d;
  const key = windowKey(window);
  const view = new DatasetState(d.id, d.measure ? { event: d.event, measure: d.measure } : { event: d.event });
  const counts: WindowCounts = { kept: 0, outside: 0, unplaced: 0, offsetIgnored: 0 };
  Object.assign(view, { source: d.source, state: d.state, profile: d.profile, note: d.note, error: d.error, demoKey: d.demoKey, abort: null });
  view.traces = d.traces.map((t): TraceEntry => {
    if (!t.result) return t;
    const w = windowFile(t.result, window, key);
    addCounts(counts, w.counts);
    return { ...t, result: w.result };
  });
  // CSV values have no time: none can be placed against an edge or a session's span.
  view.csv = d.csv.map((c) => {
    counts.unplaced += c.values.length;
    return { ...c, values: new Float64Array(0) };
  });
  if (d.synthetic) {
    const synthetic = d.synthetic;
    const input = syntheticListInput(synthetic.values, synthetic.sessions, synthetic.tim);
    const sel = selectWindow(input, window);
    addCounts(counts, countsOf(sel));
    const samples = selectSamples(input.samples, sel.keep, sel.kept);
    view.synthetic = { values: samples.ela, sessions: samples.session, preset: synthetic.preset, tim: samples.tim };
  }
  // An edge with an offset against stamps without one was compared as written (window-selection.ts): said, not hidden.
  const asWritten = counts.offsetIgnored > 0 ? `; ${counts.offsetIgnored.toLocaleString('en-US')} waits compared as written, their trace's stamps having no UTC offset` : '';
  view.applied = { window, description: `${describeWindow(window)}${asWritten}`, counts };
  return view;
}

/** The window as the report carries it (report-schema.ts reportWindowSchema). */
export function reportWindowOf(a: AppliedWindow): ReportWindow {
  const { window: w, counts } = a;
  return {
    description: a.description,
    from: w.from && describeEdge(w.from),
    to: w.to && describeEdge(w.to),
    skipFirst: w.skipFirstMicros,
    skipLast: w.skipLastMicros,
    kept: counts.kept,
    outside: counts.outside,
    unplaced: counts.unplaced,
  };
}
