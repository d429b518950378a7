/** What the worker holds for one dataset: its inputs and what was read from them for the current event. */
import { combineFiles, type Dataset } from '../trace/dataset';
import { mergeProfiles } from '../trace/event-table';
import type { EventProfileRow, TraceFileResult } from '../trace/types';
import type { PresetName } from '../synth/wait-model';
import type { DatasetStatus, FileStatus } from './protocol';

export interface TraceEntry {
  file: File;
  /** The path inside a dropped folder, else the file name: what the page and the report show. */
  name: string;
  result: TraceFileResult | null;
  status: FileStatus;
}

export interface CsvEntry {
  /** The CSV file, kept (like traces) so it can be fingerprinted; null for none. */
  file: File | null;
  values: Float64Array;
  status: FileStatus;
}

export class DatasetState {
  source: DatasetStatus['source'] = 'empty';
  state: DatasetStatus['state'] = 'idle';
  traces: TraceEntry[] = [];
  csv: CsvEntry[] = [];
  synthetic: { values: Float64Array; sessions: Uint32Array; preset: PresetName } | null = null;
  profile: EventProfileRow[] = [];
  note: string | null = null;
  error: string | null = null;
  abort: AbortController | null = null;
  /** Preset and size of the synthetic demo this dataset holds or is drawing. */
  demoKey: string | null = null;

  constructor(
    readonly id: string,
    public event: string,
  ) {}

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
   * change: the report, the outlier lists and the exports all read it, and joining copies every
   * column (36 bytes a wait, 144 MB for 4 M), so it is done once, not per request.
   */
  combined(): Dataset {
    const parsed = this.traces.flatMap((t) => (t.result ? [t.result] : []));
    const key = `${this.event}\u0000${parsed.map((r) => `${r.fileName}:${r.samples.count}`).join('\u0000')}`;
    if (this.joined?.key === key && this.joined.dataset.files.every((f, i) => f === parsed[i])) return this.joined.dataset;
    const dataset = combineFiles(this.event, parsed);
    this.joined = { key, dataset };
    return dataset;
  }

  refreshProfile(): void {
    this.profile = mergeProfiles(this.traces.flatMap((t) => (t.result ? [t.result.profile] : [])));
  }
}

export function emptyDataset(id: string, event: string): DatasetState {
  return new DatasetState(id, event);
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
