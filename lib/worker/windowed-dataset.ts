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
import { isWholeRun, type TimeWindow } from '../scope/time-window';
import { windowSummary } from '../scope/window-dataset';
import { fileAsDataset, selectWindow, type WindowSelection } from '../scope/window-selection';
import { selectSamples } from '../trace/sample-columns';
import type { TraceFileResult } from '../trace/types';
import { DatasetState, type TraceEntry } from './dataset-state';
import { syntheticListInput } from './synthetic-clock';

type WindowCounts = Omit<WindowSelection, 'keep'>;

/** A stable key of a window: equal windows select the same waits. */
export function windowKey(w: TimeWindow): string {
  const edge = (e: TimeWindow['from']) => (e === null ? '' : e.kind === 'tim' ? `tim:${e.tim}` : `${e.wallMicros}@${e.offsetMinutes ?? ''}`);
  return `${edge(w.from)}|${edge(w.to)}|${w.skipFirstMicros}|${w.skipLastMicros}`;
}

interface WindowedFile {
  result: TraceFileResult;
  counts: WindowCounts;
}

/** Each file's windowed copies by window key, kept while its parse result is: the last few windows only (a copy costs up to 36 bytes a wait). */
const KEPT_WINDOWS_PER_FILE = 2;
const windowedFiles = new WeakMap<TraceFileResult, Map<string, WindowedFile>>();

function windowFile(r: TraceFileResult, window: TimeWindow, key: string): WindowedFile {
  let byWindow = windowedFiles.get(r);
  if (!byWindow) windowedFiles.set(r, (byWindow = new Map()));
  let kept = byWindow.get(key);
  if (!kept) {
    const sel = selectWindow(fileAsDataset(r), window);
    kept = { result: { ...r, samples: selectSamples(r.samples, sel.keep, sel.kept) }, counts: countsOf(sel) };
    if (byWindow.size >= KEPT_WINDOWS_PER_FILE) byWindow.delete(byWindow.keys().next().value as string);
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
 * waits), with `applied` saying which window and what it left out (as the CLI's JSON says it:
 * lib/scope/window-dataset.ts windowSummary). The same dataset for the whole run.
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
  view.applied = windowSummary(window, counts);
  return view;
}

