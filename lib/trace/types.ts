import type { Measure } from './measure';
import type { TraceVisitor } from './trace-visitor';
import type { ElaUnit } from '../units';
import type { Counts } from '../stats/counts';
import type { SessionCounts } from './session-counts';

/** The event a parse collects samples of when none is named. */
export const DEFAULT_EVENT = 'log file sync';

/**
 * The event a scan selects when it keeps no event's values: no WAIT is named this (event names are
 * printable text), so none is sampled or tallied; every WAIT still reaches a visitor and the per-event table.
 */
export const NO_EVENT = '\u0000measure';

export interface ParseOptions {
  /** Exact event name; `log file sync: SCN ordering` is a different event. */
  event?: string;
  /** Shown in every warning and error. */
  fileName: string;
  /** Stored in the samples' `file` column. */
  fileIndex?: number;
  /**
   * Called with the count of (compressed, as read) bytes consumed so far and the samples of the
   * event found so far (which may lag by one chunk).
   */
  onProgress?: (bytesRead: number, samplesSoFar: number) => void;
  /** 'samples' (the default) keeps every wait; 'counts' only counts them by value (ela-tally.ts). */
  keep?: SampleKeeping;
  /** Sees every record as the scan books it (trace-visitor.ts), in the same pass: the call profile (lib/profile). */
  visitor?: TraceVisitor;
  /** Measure a call type or the commit instead of `event`'s waits (measure.ts); `event` is then its label. */
  measure?: Exclude<Measure, { kind: 'event' }>;
}

/**
 * What a parse keeps of the selected event's waits: each one (`samples`), or only how many had
 * each ela value (`elaCounts`, with `samples` then empty), for callers that need no more than
 * the statistics, or that per session (`sessionCounts`, `samples` empty: session-counts.ts), for
 * callers that also resample sessions.
 */
export type SampleKeeping = 'samples' | 'counts' | 'session-counts' | { columns: readonly PositionColumn[] };

/**
 * The per-wait columns besides `ela` and `session` (which every statistic reads). A caller that
 * needs only ela and session keeps none of them (`{ columns: [] }`): a column not kept is empty
 * (length 0) and costs neither memory nor a copy.
 */
export type PositionColumn = 'tim' | 'file' | 'line' | 'offset';

/**
 * Columnar samples of the selected event, one index per wait. Never arrays of objects.
 * `ela` is always µs. `tim` is NaN where the line has none. `offset` is the byte offset of the
 * start of the WAIT record in the (decompressed) file, `line` its 1-based line number.
 */
export interface WaitSamples {
  count: number;
  ela: Float64Array;
  tim: Float64Array;
  file: Uint32Array;
  line: Uint32Array;
  offset: Float64Array;
  /** Index into TraceFileResult.sessions (or the dataset's merged session table). */
  session: Uint32Array;
}

export interface EventProfileRow {
  event: string;
  count: number;
  /** µs */
  total: number;
  /** µs */
  min: number;
  /** µs */
  max: number;
}

export type WarningCode =
  | 'unit-assumed'
  | 'truncated-wait'
  | 'truncated-final-line'
  | 'truncated-record'
  | 'truncated-gzip'
  | 'truncated-xz'
  /** gzip data that failed before a byte came out, or was corrupt: the file's outcome (not a trace), said once. */
  | 'damaged-gzip'
  | 'damaged-xz'
  | 'glued-line'
  | 'invalid-utf8'
  | 'long-line'
  | 'binary-content'
  | 'unrecognised-line'
  | 'orphan-fragment'
  | 'empty-file'
  | 'no-event'
  | 'not-10046'
  | 'malformed-call'
  | 'malformed-cursor'
  /** --commit (measure-visitor.ts): an XCTEND rd_only=1, which writes nothing, is not measured. */
  | 'read-only-commit'
  /** --commit (measure-visitor.ts): an XCTEND of a process without WAIT lines has no start to measure from. */
  | 'commit-without-waits'
  /** --sql-id (measure-visitor.ts) on a trace whose cursors have no sqlid= (before 11g). */
  | 'no-sql-id'
  /** fio json+ (lib/sysio/fio-json.ts): the values are histogram bins, so the statistics are the bins'. */
  | 'histogram-bins';

export interface ParseWarning {
  code: WarningCode;
  message: string;
  /** How many times it happened. */
  count: number;
  /** The first few line numbers where it happened (1-based). */
  lines: number[];
}

export interface TraceFacts {
  /** e.g. "19.12.0.0.0", from `Version` (18c+) or the banner's `Release`. */
  oracleVersion: string | null;
  banner: string | null;
  unit: ElaUnit;
  /** True when no banner said which release wrote the file. */
  unitAssumed: boolean;
  instance: string | null;
  host: string | null;
  pid: string | null;
  traceFile: string | null;
  /** The last parenthesised word of the process line (`image: oracle@host (LGWR)`): 'LGWR', 'LG00', 'TNS V1-V3' (a dedicated server), …; null when none. */
  processName: string | null;
  /** `trcsess` output: process markers `*** [ Unix process pid: N ]`. */
  trcsess: boolean;
}

export interface SessionMarker {
  /** `sid.serial` from `*** SESSION ID:(sid.serial)`, or null for waits before any marker. */
  sid: number | null;
  serial: number | null;
  /** From trcsess `*** [ Unix process pid: N ]` markers, or the header. */
  pid: string | null;
  line: number;
}

/** A `***` timestamp with the first `tim` that followed it, so `tim` can be mapped to wall-clock time. */
export interface TimeAnchor {
  line: number;
  /** As written: `2012-08-09 10:15:02.123` or `2019-07-09T09:57:07.703476-07:00`. */
  text: string;
  /** Local wall-clock time as ISO-8601 without offset, µs precision where given. */
  wall: string;
  /** Minutes east of UTC when the stamp says, else null. */
  utcOffsetMinutes: number | null;
  /** The first WAIT `tim` after the stamp and its line, null if none followed. */
  tim: number | null;
  timLine: number | null;
  /** Index into `sessions`: in trcsess output each process has its own `tim` base. */
  session: number;
  /** `tim` is not a record's: the stamp's own wall time in µs (an LGWR trace of warnings alone; strace and fio output), or the page's synthetic clock. */
  stampTim?: true;
}

export type ParseOutcome =
  | { kind: 'parsed' }
  | { kind: 'no-event'; event: string; eventsPresent: string[] }
  | { kind: 'not-a-trace'; reason: string };

export type Compression = 'none' | 'gzip' | 'xz';

/** What a pass over one file's bytes finds; a file's result and a scan both carry it. */
export interface ScannedContent {
  /** Bytes scanned after decompression. */
  bytes: number;
  lines: number;
  facts: TraceFacts;
  sessions: SessionMarker[];
  anchors: TimeAnchor[];
  /** Every event, sorted by total descending. */
  profile: EventProfileRow[];
  /** Empty when the parse kept only counts (`keep: 'counts'`): then `elaCounts` has them. */
  samples: WaitSamples;
  elaCounts?: Counts;
  /** With `keep: 'session-counts'`: each session's counts, in order of first wait; `samples` is empty. */
  sessionCounts?: SessionCounts[];
  warnings: ParseWarning[];
}

export interface TraceFileResult extends ScannedContent {
  fileName: string;
  event: string;
  outcome: ParseOutcome;
  compression: Compression;
  /** Bytes as read (compressed size for gzip). */
  bytesRead: number;
}
