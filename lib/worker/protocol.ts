/**
 * The one typed protocol between the page and the analysis worker (style.md §5): discriminated
 * unions, `File`s and `Blob`s passed by reference (structured clone of a File copies no bytes).
 * The same messages drive an AnalysisSession on the main thread in tests.
 */
import type { OutlierWindow } from '../outliers/clusters';
import type { WindowActivity } from '../outliers/co-occurrence';
import type { TraceContext } from '../outliers/context';
import type { WaitscopeReport } from '../report/report-schema';
import type { DatasetOutliers, SelectionPage, SelectionPart } from './outlier-requests';
import type { DatasetThresholdCounts } from './threshold-counts';
import type { PresetName } from '../synth/wait-model';
import type { EventProfileRow } from '../trace/types';

/** Why one input file gave no (or only some) waits, in the words the page shows. */
export type FileProblemKind = 'not-a-trace' | 'no-event' | 'truncated' | 'too-large' | 'unreadable' | 'warning';

export interface FileStatus {
  /** The path inside a dropped folder, else the file name. */
  name: string;
  bytes: number;
  state: 'queued' | 'reading' | 'done' | 'failed' | 'cancelled';
  /** Waits of the chosen event in this file. */
  waits: number;
  oracleVersion: string | null;
  problems: { kind: FileProblemKind; message: string }[];
}

export interface DatasetStatus {
  datasetId: string;
  source: 'traces' | 'csv' | 'synthetic' | 'empty';
  state: 'idle' | 'loading' | 'ready' | 'cancelled' | 'failed';
  event: string;
  files: FileStatus[];
  /** Waits of the event over all files. */
  waits: number;
  /** Every event of the dataset's traces (for the event picker), by total time descending. */
  profile: EventProfileRow[];
  /** Shown beside the dataset, e.g. that the data is synthetic. */
  note: string | null;
  /** A dataset-level failure (not about one file). */
  error: string | null;
  /** After Clear: what Undo would bring back (the worker keeps it until the next load). */
  cleared?: { files: number; waits: number } | null;
}

export interface ProgressUpdate {
  datasetId: string;
  phase: 'reading' | 'generating';
  /** Bytes read (or waits generated) so far, of `total`. */
  done: number;
  total: number;
  waits: number;
  /** ms since this load started. */
  elapsedMs: number;
  fileIndex: number;
  fileCount: number;
}

/** A dropped or chosen file, with its path inside a dropped folder (else its name). */
export interface InputFile {
  file: File;
  path: string;
}

export interface ReportDatasetSpec {
  datasetId: string;
  label: string;
}

export type WorkerRequest =
  /** From worker-client.ts only: the port of range worker `index` (range-worker.ts), and its loss. */
  | { type: 'range-helper'; index: number; port: MessagePort }
  | { type: 'range-helper-lost'; index: number }
  | { type: 'add-files'; datasetId: string; files: InputFile[]; event: string; memoryBudgetBytes?: number }
  | { type: 'demo'; datasetId: string; preset: PresetName; event: string; sessions?: number; commits?: number }
  | { type: 'cancel'; datasetId: string }
  | { type: 'clear'; datasetId: string }
  /** Brings back the dataset the last Clear emptied, if it is still kept. */
  | { type: 'undo-clear'; datasetId: string }
  /** Drops one input file (by its path) from a dataset; its statistics are those of the other files. */
  | { type: 'remove-file'; datasetId: string; name: string }
  | { type: 'set-event'; event: string }
  /** The report with the fixed thresholds only: the user's are counted apart ('threshold-counts'), so editing them rebuilds nothing. */
  | { type: 'report'; requestId: number; event: string; datasets: ReportDatasetSpec[]; baseline: number }
  /** Waits above each threshold (µs) in each dataset, for the event of the last report. */
  | { type: 'threshold-counts'; requestId: number; event: string; datasetIds: string[]; thresholds: number[] }
  | { type: 'export-samples'; requestId: number; datasetId: string }
  | { type: 'fingerprints'; requestId: number; datasetIds: string[] }
  | { type: 'outliers'; requestId: number; datasets: ReportDatasetSpec[]; top: number; thresholds: number[] }
  /** Rows [offset, offset + limit) of the parts' waits merged longest first; export-selection: all of them as CSV. */
  | { type: 'select'; requestId: number; parts: SelectionPart[]; offset: number; limit: number }
  | { type: 'export-selection'; requestId: number; parts: SelectionPart[] }
  | { type: 'co-occurrence'; requestId: number; datasetId: string; windows: OutlierWindow[] }
  | { type: 'context'; requestId: number; datasetId: string; fileIndex: number; offset: number; line: number; before?: number; after?: number };

export type WorkerResponse =
  | { type: 'progress'; progress: ProgressUpdate }
  | { type: 'status'; status: DatasetStatus }
  /** `built`: how many reports this worker has built so far (a threshold edit must not add one). */
  | { type: 'report'; requestId: number; report: WaitscopeReport; elapsedMs: number; built: number }
  | { type: 'threshold-counts'; requestId: number; counts: DatasetThresholdCounts[] }
  | { type: 'samples'; requestId: number; datasetId: string; blob: Blob; rows: number }
  /** Per dataset id, per file name: the SHA-256 (hex) of the file's bytes. */
  | { type: 'fingerprints'; requestId: number; files: Record<string, Record<string, string>> }
  /** `stale`: the request came before the data it needs (a load still running); ask again later. */
  | { type: 'request-failed'; requestId: number; message: string; stale?: boolean }
  | { type: 'outliers'; requestId: number; results: DatasetOutliers[] }
  | { type: 'selection'; requestId: number; page: SelectionPage }
  | { type: 'selection-csv'; requestId: number; blob: Blob; rows: number }
  | { type: 'co-occurrence'; requestId: number; datasetId: string; activity: WindowActivity[] }
  | { type: 'context'; requestId: number; context: TraceContext }
  /** A bug, not bad input: the page shows it instead of hanging. */
  | { type: 'failure'; message: string };

export type Post = (message: WorkerResponse) => void;
