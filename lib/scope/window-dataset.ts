/**
 * A dataset cut to a time window (issue 15 §1): the samples inside it, with each file's samples a
 * view of its own part, so every statistic, per-file count and report computed from the result is
 * the window's. Session counts made while parsing cover the whole run, so the result has none: the
 * Sample is then built from the kept columns (lib/report/dataset-side.ts), which gives the same.
 */
import type { Dataset } from '../trace/dataset';
import { selectSamples } from '../trace/sample-columns';
import { describeDuration, describeEdge, describeWindow, type TimeWindow } from './time-window';
import { selectWindow, type WindowSelection } from './window-selection';

/** What a report and the CLI's JSON say of a window: its edges as typed (normalised) and what it left out. */
export interface WindowSummary {
  from: string | null;
  to: string | null;
  skipFirst: string | null;
  skipLast: string | null;
  description: string;
  /** Samples inside the window. */
  kept: number;
  /** Samples with a time outside it. */
  outside: number;
  /** Samples left out because they have no time the window can be compared with. */
  unplaced: number;
  /** Samples of traces whose stamps have no UTC offset, compared by their readings (window-selection.ts). */
  offsetIgnored: number;
}

export function windowSummary(window: TimeWindow, selection: Omit<WindowSelection, 'keep'>): WindowSummary {
  return {
    from: window.from ? describeEdge(window.from) : null,
    to: window.to ? describeEdge(window.to) : null,
    skipFirst: window.skipFirstMicros > 0 ? describeDuration(window.skipFirstMicros) : null,
    skipLast: window.skipLastMicros > 0 ? describeDuration(window.skipLastMicros) : null,
    description: describeWindow(window),
    kept: selection.kept,
    outside: selection.outside,
    unplaced: selection.unplaced,
    offsetIgnored: selection.offsetIgnored,
  };
}

/** One line for people: `window from … to …: 1,234 waits inside, 56 outside, 7 without a time left out`. */
export function windowSentence(summary: WindowSummary, noun = 'waits', format: (n: number) => string = String): string {
  const parts = [`${format(summary.kept)} ${noun} inside`, `${format(summary.outside)} outside`];
  if (summary.unplaced > 0) parts.push(`${format(summary.unplaced)} without a time to place them left out`);
  const zone = summary.offsetIgnored > 0 ? `; ${format(summary.offsetIgnored)} of them in traces whose *** stamps have no UTC offset, compared by their wall-clock readings` : '';
  return `window ${summary.description}: ${parts.join(', ')}${zone}`;
}

/** The dataset's samples inside `window`, and the selection's counts. Needs the tim column. */
export function windowDataset(dataset: Dataset, window: TimeWindow): { dataset: Dataset; summary: WindowSummary } {
  if (dataset.samples.count > 0 && dataset.samples.tim.length < dataset.samples.count) throw new Error('windowDataset: the samples were parsed without their tim column');
  const selection = selectWindow(dataset, window);
  const samples = selectSamples(dataset.samples, selection.keep, selection.kept);
  // Each file's samples come in file order (combineFiles): its kept part is the next run of the subset.
  let from = 0;
  let at = 0;
  let sessionBase = 0;
  const files = dataset.files.map((f) => {
    const n = f.samples.count;
    let k = 0;
    for (let i = from; i < from + n; i++) k += selection.keep[i] as number;
    from += n;
    const view = {
      count: k,
      ela: samples.ela.subarray(at, at + k),
      tim: samples.tim.subarray(at, at + k),
      file: samples.file.subarray(at, at + k),
      line: samples.line.subarray(at, at + k),
      offset: samples.offset.subarray(at, at + k),
      // A file's session ids index its own session list, the dataset's run on from sessionBase.
      session: Uint32Array.from(samples.session.subarray(at, at + k), (id) => id - sessionBase),
    };
    at += k;
    sessionBase += f.sessions.length;
    const { sessionCounts: _wholeRun, elaCounts: _wholeCounts, ...rest } = f;
    return { ...rest, samples: view };
  });
  const { sessionCounts: _wholeRun, ...rest } = dataset;
  return { dataset: { ...rest, samples, files }, summary: windowSummary(window, selection) };
}

/** What a profile says of its window: the edges, not the sample counts (those are of one event's waits). */
export function profileWindowOf(summary: WindowSummary | null): { from: string | null; to: string | null; description: string } | null {
  return summary ? { from: summary.from, to: summary.to, description: summary.description } : null;
}

/** The line above a windowed profile's or statements' tables (profile, statements, compare --profile). */
export function profileWindowLine(summary: WindowSummary): string {
  return `window ${summary.description}: only the calls and waits whose tim lies in it`;
}
