/** What the worker holds for one dataset: its inputs and what was read from them for the current event. */
import { CellInputs } from './cell-inputs';
import { sessionIds } from '../report/dataset-side';
import { mergeCounts } from '../stats/counts';
import { sampleOf, type Sample } from '../stats/sample';
import { combineFiles, type Dataset } from '../trace/dataset';
import { mergeProfiles } from '../trace/event-table';
import type { EventProfileRow, TraceFileResult } from '../trace/types';
import type { PresetName } from '../synth/wait-model';
import type { DatasetStatus, FileStatus } from './protocol';
import { mergeCallChoices, type CallChoices } from './call-choices';
import type { CallMeasure, MeasureFields } from './measure-fields';
import type { WindowSummary } from '../scope/window-dataset';
import type { BlobMember } from '../archive/blob-inputs';

export interface TraceEntry {
  file: File;
  /** The path inside a dropped folder, else the file name: what the page and the report show. */
  name: string;
  result: TraceFileResult | null;
  status: FileStatus;
  /** Its call types and statements, when it was read in one visited pass (call-choices.ts). */
  calls?: CallChoices | null;
  /** A member of a dropped archive: read through lib/worker/file-chunks.ts's openInput. */
  member?: BlobMember;
  /** That it is likely a copy of an earlier file of the dataset (likely-copy-notes.ts): a warning on its status once read. */
  copyNote?: string;
  /** The file it is likely a copy of (by name), which copyNote names: the shared-stamp check leaves that pair to it. */
  copyOf?: string;
  /** That it holds the same `***` stamps as other read files of the dataset (shared-stamp-notes.ts): a warning on its status. */
  stampNote?: string;
  /** Which drop (or Browse) of the dataset brought it (DatasetState.drops): of two likely copies, the later one is warned. */
  drop?: number;
}

export interface CsvEntry {
  /** The CSV file, kept (like traces) so it can be fingerprinted; null for none. */
  file: File | null;
  values: Float64Array;
  status: FileStatus;
}

const NO_VALUES = new Float64Array(0);

export class DatasetState {
  source: DatasetStatus['source'] = 'empty';
  state: DatasetStatus['state'] = 'idle';
  traces: TraceEntry[] = [];
  csv: CsvEntry[] = [];
  /** `tim`: the simulated clock's times (synthetic-clock.ts), kept when a window selected the waits. */
  synthetic: { values: Float64Array; sessions: Uint32Array; preset: PresetName; tim?: Float64Array } | null = null;
  profile: EventProfileRow[] = [];
  note: string | null = null;
  error: string | null = null;
  abort: AbortController | null = null;
  /** Likely-copy checks begun (likely-copy-notes.ts): only the latest may set the notes. */
  copyChecks = 0;
  /** Drops of files into the dataset so far (TraceEntry.drop). */
  drops = 0;
  /** Preset and size of the synthetic demo this dataset holds or is drawing. */
  demoKey: string | null = null;
  /** Set on a windowed view (windowed-dataset.ts): the window and how many waits it left out. */
  applied: WindowSummary | null = null;
  /** The cells' FLASHLOG snapshots carried beside the traces (cell-inputs.ts). */
  readonly cells = new CellInputs();

  /** The measure's label: an event's name, or what `measure` measures (measure-fields.ts). */
  event: string;
  /** A call or commit measure the traces are read for, instead of `event`'s waits. */
  measure: CallMeasure | null;

  constructor(
    readonly id: string,
    measure: MeasureFields,
  ) {
    this.event = measure.event;
    this.measure = measure.measure ?? null;
  }

  /** Reads for another measure from now on. */
  setMeasure(measure: MeasureFields): void {
    this.event = measure.event;
    this.measure = measure.measure ?? null;
  }

  /**
   * The call types and statements of every trace read, for the picker; null until each one's calls
   * were counted (a partial count would show wrong totals).
   */
  callChoices(): CallChoices | null {
    const read = this.traces.filter((t) => t.result !== null && t.result.outcome.kind !== 'not-a-trace');
    if (read.length === 0 || read.some((t) => !t.calls)) return null;
    return mergeCallChoices(read.map((t) => t.calls!));
  }

  waitCount(): number {
    if (this.synthetic) return this.event === 'log file sync' ? this.synthetic.values.length : 0;
    let n = 0;
    for (const t of this.traces) n += t.result?.samples.count ?? 0;
    for (const c of this.csv) n += c.values.length;
    return n;
  }

  private joined: { key: string; dataset: Dataset } | null = null;

  /**
   * The parsed files joined into one dataset (combineFiles), kept until the files or the event
   * change: the outlier lists and the exports read it, and joining copies every column (36 bytes a
   * wait, 144 MB for 4 M), so it is done once, not per request. The report does not need it (sample()).
   */
  combined(): Dataset {
    const parsed = this.traces.flatMap((t) => (t.result ? [t.result] : []));
    const key = `${this.event}\u0000${parsed.map((r) => `${r.fileName}:${r.samples.count}`).join('\u0000')}`;
    if (this.joined?.key === key && this.joined.dataset.files.every((f, i) => f === parsed[i])) return this.joined.dataset;
    const dataset = combineFiles(this.event, parsed);
    this.joined = { key, dataset };
    return dataset;
  }

  private kept: { parts: readonly unknown[]; sample: Sample } | null = null;

  /**
   * The event's waits of every input as the report and the threshold counts read them (a Sample:
   * counts of distinct values, and of each session's): the same object until the inputs or the event
   * change. It is built from each file's own columns (sessions never span files), so neither the
   * report nor a threshold edit joins the files or copies a wait, and kept instead of any copy of
   * the values. CSV values carry no sessions: with any, the dataset's waits are resampled singly.
   */
  sample(): Sample {
    const synthetic = this.synthetic;
    const parsed = this.traces.flatMap((t) => (t.result ? [t.result] : []));
    const parts: unknown[] = synthetic ? [synthetic.values, this.event] : [...parsed, ...this.csv.map((c) => c.values)];
    const memo = this.kept;
    if (memo && memo.parts.length === parts.length && memo.parts.every((p, i) => p === parts[i])) return memo.sample;
    let sample: Sample;
    // Synthetic waits are all 'log file sync': under another event the dataset has none, and no sessions.
    if (synthetic) sample = this.event === 'log file sync' ? sampleOf(synthetic.values, synthetic.sessions) : sampleOf(NO_VALUES);
    else {
      const files = parsed.map((r) => fileSample(this.event, r));
      const sessions = this.csv.length === 0 ? files.flatMap((f) => f.sessions ?? []) : null;
      const counts = mergeCounts([...files.map((f) => f.counts), ...this.csv.map((c) => sampleOf(c.values).counts)]);
      sample = { counts, sessions };
    }
    this.kept = { parts, sample };
    return sample;
  }

  refreshProfile(): void {
    this.profile = mergeProfiles(this.traces.flatMap((t) => (t.result ? [t.result.profile] : [])));
  }
}

/** Each parsed file's Sample, kept while its result is: a file added or removed later leaves the others' counted. */
const fileSamples = new WeakMap<TraceFileResult, Sample>();

/** One parsed file's Sample, with its sessions as sessionIds numbers them (file, sid.serial, pid). */
function fileSample(event: string, r: TraceFileResult): Sample {
  let sample = fileSamples.get(r);
  if (!sample) {
    const dataset: Dataset = { event, files: [r], samples: r.samples, sessions: r.sessions.map((m) => ({ ...m, file: 0 })), profile: r.profile };
    sample = sampleOf(r.samples.ela.subarray(0, r.samples.count), sessionIds(dataset));
    fileSamples.set(r, sample);
  }
  return sample;
}

export function emptyDataset(id: string, measure: MeasureFields): DatasetState {
  return new DatasetState(id, measure);
}

/** Which demo a dataset holds: the same preset and size again is the same demo. */
export function demoKey(preset: PresetName, sessions: number, commits: number): string {
  return `${preset}/${sessions}/${commits}`;
}

export function syntheticNote(preset: PresetName, sessions: number, commits: number): string {
  const setting = preset === 'flash-on' ? 'flash logging on' : 'flash logging off';
  return (
    `Synthetic: ${(sessions * commits).toLocaleString('en-US')} 'log file sync' waits (${sessions} sessions × ` +
    `${commits.toLocaleString('en-US')} commits) drawn from a model calibrated to the book's Table 15.1, ${setting}. Not a measurement.`
  );
}

export function syntheticProfile(values: Float64Array): EventProfileRow[] {
  let total = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    total += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return values.length === 0 ? [] : [{ event: 'log file sync', count: values.length, total, min, max }];
}
