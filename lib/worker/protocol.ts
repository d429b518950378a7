/**
 * The one typed protocol between the page and the analysis worker (style.md §5): discriminated
 * unions, `File`s and `Blob`s passed by reference (structured clone of a File copies no bytes).
 * The same messages drive an AnalysisSession on the main thread in tests.
 */
import type { OutlierWindow } from '../outliers/clusters';
import type { OverTimeAnswer, OverTimeQuestion } from './over-time-request';
import type { WindowActivity } from '../outliers/co-occurrence';
import type { TraceContext } from '../outliers/context';
import type { WaitscopeReport } from '../report/report-schema';
import type { ShareExtras } from '../report/share-content';
import type { DatasetOutliers, SelectionPage, SelectionPart } from './outlier-requests';
import type { DatasetThresholdCounts } from './threshold-counts';
import type { DatasetCallProfile, ProfileProgress } from './profile-request';
import type { DatasetCommitPath } from './commit-path-request';
import type { DatasetGroups } from './group-request';
import type { PresetName } from '../synth/wait-model';
import type { TimeWindow } from '../scope/time-window';
import type { EventProfileRow } from '../trace/types';
import type { CallChoices } from './call-choices';
import type { CallMeasure, MeasureFields } from './measure-fields';
import type { CellPanel } from './cell-inputs';
import type { ExportCounts } from '../export/export-dataset';

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
  /** Present (true) for an LGWR trace (lib/lgwr/commit-path-input.ts isLgwrTrace): the page offers the Commit path view. */
  lgwr?: true;
  /** noWaits: a 'no-event' file with no WAIT lines at all (traced without waits): no other event to choose. */
  problems: { kind: FileProblemKind; message: string; noWaits?: true }[];
}

export interface DatasetStatus {
  datasetId: string;
  source: 'traces' | 'csv' | 'synthetic' | 'empty';
  state: 'idle' | 'loading' | 'ready' | 'cancelled' | 'failed';
  /** The measure's label (measure-fields.ts): the files were read for it. */
  event: string;
  /** A call or commit measure the files were read for; absent for an event's waits. */
  measure?: CallMeasure;
  /**
   * The call types and top statements of the files read in one visited pass (call-choices.ts),
   * for the picker; null when no file was (range-parallel files are counted once a call is measured).
   */
  calls?: CallChoices | null;
  files: FileStatus[];
  /** Values of the measure over all files: waits of the event, or calls, or commits. */
  waits: number;
  /** Every event of the dataset's traces (for the event picker), by total time descending. */
  profile: EventProfileRow[];
  /** Shown beside the dataset, e.g. that the data is synthetic. */
  note: string | null;
  /** A dataset-level failure (not about one file). */
  error: string | null;
  /** After Clear: what Undo would bring back (the worker keeps it until the next load). */
  cleared?: { files: number; waits: number } | null;
  /** The cells' FLASHLOG metrics pasted or dropped into the dataset (cell-inputs.ts); absent when none. */
  cell?: CellPanel;
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
  /** The values of the files read so far (or the demo's sessions drawn), by log2 bucket (progress-histogram.ts); absent before the first. */
  histogram?: number[];
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

export interface ShareDatasetSpec extends ReportDatasetSpec {
  /** The label was made from a dropped folder's name (and not typed since): it may travel as `Dataset N`. */
  labelFromFolder?: boolean;
}

/**
 * The requests that are answered, by type: what each carries besides its requestId. Each has one
 * reply type (Answers), or a RequestFailed; `ask` (asker.ts) pairs them, so no caller names or casts
 * the reply it expects.
 */
export interface Questions {
  /** The report with the fixed thresholds only: the user's are counted apart ('threshold-counts'), so editing them rebuilds nothing. */
  report: { event: string; datasets: ReportDatasetSpec[]; baseline: number };
  /** Waits above each threshold (µs) in each dataset, read for `event`. */
  'threshold-counts': { event: string; datasetIds: string[]; thresholds: number[] };
  'export-samples': { datasetId: string };
  fingerprints: { datasetIds: string[] };
  outliers: { datasets: ReportDatasetSpec[]; top: number; thresholds: number[] };
  /** Rows [offset, offset + limit) of the parts' waits merged longest first; export-selection: all of them as CSV. */
  select: { parts: SelectionPart[]; offset: number; limit: number };
  'export-selection': { parts: SelectionPart[] };
  'co-occurrence': { datasetId: string; windows: OutlierWindow[] };
  context: { datasetId: string; fileIndex: number; offset: number; line: number; before?: number; after?: number };
  /** Everything a share adds to the report (share-request.ts), reusing the report and outlier passes already made. */
  /** `profile`: add the response-time profile and statements (profile-request.ts), with this think time. */
  'share-content': { event: string; datasets: ShareDatasetSpec[]; baseline: number; thresholds: number[]; profile?: { thinkTimeMicros: number } };
  /** Each dataset's response-time profile, calls and statements (profile-request.ts); `thinkTimeMicros`: SQL*Net message from client at or above it is think time. */
  profiles: { datasetIds: string[]; thinkTimeMicros: number };
  /** Issue 15 §3: each dataset's heat map of latency over time (over-time-request.ts). */
  'over-time': OverTimeQuestion;
  /** Each dataset's foreground–LGWR pairing (commit-path-request.ts). */
  'commit-path': { datasetIds: string[] };
  /** Each dataset's values grouped by a key (group-request.ts; lib/scope/group-key.ts: session, module, p1, …). */
  groups: { datasetIds: string[]; key: string };
  /** One dataset's Parquet tables (waits, calls, statements, files) as a zip (parquet-request.ts); `sqlText`: with the statements' SQL text. */
  parquet: { datasetId: string; label: string; sqlText: boolean };
}

/** The reply each question gets when it can be answered. */
export interface Answers {
  /** `built`: how many reports this worker has built so far (a threshold edit must not add one). */
  report: { type: 'report'; report: WaitscopeReport; elapsedMs: number; built: number };
  'threshold-counts': { type: 'threshold-counts'; counts: DatasetThresholdCounts[] };
  'export-samples': { type: 'samples'; datasetId: string; blob: Blob; rows: number };
  /** Per dataset id, per file name: the SHA-256 (hex) of the file's bytes. */
  fingerprints: { type: 'fingerprints'; files: Record<string, Record<string, string>> };
  outliers: { type: 'outliers'; results: DatasetOutliers[] };
  select: { type: 'selection'; page: SelectionPage };
  'export-selection': { type: 'selection-csv'; blob: Blob; rows: number };
  'co-occurrence': { type: 'co-occurrence'; datasetId: string; activity: WindowActivity[] };
  context: { type: 'context'; context: TraceContext };
  'share-content': { type: 'share-content'; extras: ShareExtras };
  profiles: { type: 'profiles'; profiles: DatasetCallProfile[] };
  'over-time': { type: 'over-time' } & OverTimeAnswer;
  'commit-path': { type: 'commit-path'; results: DatasetCommitPath[] };
  groups: { type: 'groups'; groups: DatasetGroups[] };
  parquet: { type: 'parquet'; blob: Blob; rows: ExportCounts };
}

export type QuestionType = keyof Questions;
export type QuestionOf<K extends QuestionType> = { type: K; requestId: number } & Questions[K];
export type AnswerOf<K extends QuestionType> = { requestId: number } & Answers[K];
export type Question = { [K in QuestionType]: QuestionOf<K> }[QuestionType];
export type Answer = { [K in QuestionType]: AnswerOf<K> }[QuestionType];

/** `stale`: the request came before the data it needs (a load still running); ask again later. */
export interface RequestFailed {
  type: 'request-failed';
  requestId: number;
  message: string;
  stale?: boolean;
}

/** What a question of type K gets back. */
export type ReplyTo<K extends QuestionType> = AnswerOf<K> | RequestFailed;

/** The type of each question's answer, so a reply can be checked against what was asked. */
export const ANSWER_TYPE: { readonly [K in QuestionType]: Answers[K]['type'] } = {
  report: 'report',
  'threshold-counts': 'threshold-counts',
  'export-samples': 'samples',
  fingerprints: 'fingerprints',
  outliers: 'outliers',
  select: 'selection',
  'export-selection': 'selection-csv',
  'co-occurrence': 'co-occurrence',
  context: 'context',
  'share-content': 'share-content',
  profiles: 'profiles',
  'over-time': 'over-time',
  'commit-path': 'commit-path',
  groups: 'groups',
  parquet: 'parquet',
};

/** Sends one question and resolves with its reply: the answer it asked for, or why it failed. */
export type Ask = <K extends QuestionType>(type: K, question: Questions[K]) => Promise<ReplyTo<K>>;

/** Requests that are not answered: they change what the worker holds, and it tells through status messages. */
export type WorkerCommand =
  /** From worker-client.ts only: the port of range worker `index` (range-worker.ts), and its loss. */
  | { type: 'range-helper'; index: number; port: MessagePort }
  | { type: 'range-helper-lost'; index: number }
  | ({ type: 'add-files'; datasetId: string; files: InputFile[]; memoryBudgetBytes?: number } & MeasureFields)
  | { type: 'demo'; datasetId: string; preset: PresetName; event: string; sessions?: number; commits?: number }
  | { type: 'cancel'; datasetId: string }
  | { type: 'clear'; datasetId: string }
  /** Brings back the dataset the last Clear emptied, if it is still kept. */
  | { type: 'undo-clear'; datasetId: string }
  /** Drops one input file (by its path) from a dataset; its statistics are those of the other files. */
  | { type: 'remove-file'; datasetId: string; name: string }
  /** CellCLI FLASHLOG output pasted into a dataset; text null removes the dataset's cell metrics. */
  | { type: 'cell-text'; datasetId: string; text: string | null }
  /** Reads every dataset again for another measure: an event, a call type or the commit. */
  | ({ type: 'set-event' } & MeasureFields)
  /** From now on every statistic of the dataset is of the waits inside `window` (lib/scope); NO_WINDOW: the whole run. */
  | { type: 'set-window'; datasetId: string; window: TimeWindow };

export type WorkerRequest = WorkerCommand | Question;

export type WorkerResponse =
  | { type: 'progress'; progress: ProgressUpdate }
  /** Bytes read by a profile pass (no requestId: it answers nothing, the 'profiles' reply does). */
  | { type: 'profile-progress'; progress: ProfileProgress }
  | { type: 'status'; status: DatasetStatus }
  | Answer
  | RequestFailed
  /** A bug, not bad input: the page shows it instead of hanging. */
  | { type: 'failure'; message: string };

export type Post = (message: WorkerResponse) => void;
