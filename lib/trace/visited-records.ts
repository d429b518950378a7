/**
 * What a trace visitor is handed (trace-visitor.ts VisitingScanner walks a trace and hands them
 * over): WAITs one by one and in runs, calls, commits in runs, cursors, and where each record is.
 * Types only, apart from the scanner, so a visitor (a profile, an export, a measure) depends on
 * these and not on how the scan is done.
 */

/**
 * What a pass over a trace sees, record by record, besides what the scanner books: the second
 * passes over a file (co-occurrence in lib/outliers) read the scanner's records through this, so
 * they see exactly the records the parser saw, glued ones included (trace-format.md §8.3).
 *
 * The objects handed over are reused for the next record: copy what you keep.
 */

/** One complete WAIT record, booked as the parser books it. */
export interface VisitedWait {
  /** The event's name, decoded once per event. */
  event: string;
  /** The event's id in this scan (WaitRun.names[id] is `event`): a key that needs no hashing. */
  id: number;
  /** µs: the trace's ela converted from its unit (centiseconds before 9i). */
  ela: number;
  /** The record's `tim`, NaN when it has none (traces before 10.2 may omit it). */
  tim: number;
  /** The record's bytes are bytes[start, end), valid only during the call: its cursor and parameters (wait-params.ts). */
  bytes: Uint8Array;
  start: number;
  end: number;
}

/**
 * Complete WAITs the line kernel booked itself, consecutive in the file and of one session, as
 * columns (TraceVisitor.onWaitRun): entries [from, to) of `id`, `ela` and `tim`. ela and tim are
 * in the trace's unit (RecordPosition.microsPerUnit converts both); every entry has a tim. The
 * columns are reused after the call. Each entry's line is bytes[at + start, at + end), valid only
 * during the call, at file offset `offsetAt + start` and line `firstLine + line`: for a visitor that
 * reads more of a WAIT than its event, ela and tim (the Parquet export's waits table).
 */
export interface WaitRun {
  id: Int32Array;
  ela: Float64Array;
  tim: Float64Array;
  start: Int32Array;
  end: Int32Array;
  line: Int32Array;
  bytes: Uint8Array;
  at: number;
  offsetAt: number;
  firstLine: number;
  /** The scan's event names by id. */
  names: readonly string[];
}

/** Where a record is. */
export interface RecordPosition {
  /** 1-based physical line. */
  line: number;
  /** Byte offset of its first byte in the decompressed file (the `W` of a glued WAIT). */
  offset: number;
  /** The process it belongs to: the header's pid, or the last trcsess `*** [ … pid: N ]` marker's. */
  pid: string | null;
  /** Index of its session (process and `*** SESSION ID`) in the scan's `sessions`. */
  session: number;
  /** µs per unit of the trace's clock: 1 from 9i on, 10 000 before (VisitedWait.tim is in that unit). */
  microsPerUnit: number;
  /**
   * The banner names 10.2 or later (or the file is trcsess output, a 10g tool's), whose calls nest
   * in time: a recursive call ends no earlier than its parent's start tim − e (held-calls.ts
   * adoptedFrom). False where the release is unknown or older: 9.2 ends a hard parse's
   * dictionary SQL milliseconds before its parent's start.
   */
  callsNestInTime: boolean;
}

/**
 * One database call line (PARSE, EXEC, FETCH, UNMAP, SORT UNMAP, CLOSE, the LOB calls) or an
 * XCTEND (trace-format.md §5, response-time.md "Call-line fields"). Times are µs, converted from
 * centiseconds before 9i; a field the line does not carry is NaN.
 */
export interface VisitedCall {
  /** The call's name exactly as written: 'PARSE', 'EXEC', 'FETCH', 'UNMAP', 'SORT UNMAP', 'CLOSE', 'XCTEND', 'LOBREAD', … */
  call: string;
  /** The cursor number's digits as written (`#5` → '5'); '' for XCTEND and the LOB calls, which have none. */
  cursor: string;
  c: number;
  e: number;
  p: number;
  cr: number;
  cu: number;
  mis: number;
  r: number;
  /** Recursion depth; NaN where the line has none (XCTEND, LOB calls): they are the client's, depth 0. */
  dep: number;
  og: number;
  plh: number;
  /** When the call ended, in µs of the trace's clock (converted from cs before 9i). */
  tim: number;
  /** CLOSE: 0 hard close, 1–3 cached (response-time.md). */
  type: number;
  /** XCTEND: 1 rollback, 0 commit; and rd_only. */
  rlbk: number;
  rdOnly: number;
  /** LOB calls: bytes. */
  bytes: number;
}

/** XCTENDs the kernel logged (trace-visitor.ts onCommitRun): entries [from, to) of `tim`, in the trace's unit, NaN without one (before 11g). */
export interface CommitRun {
  readonly tim: Float64Array;
}

/** A `PARSING IN CURSOR` record with its SQL text: the statement later calls on the cursor belong to. */
export interface VisitedCursor {
  cursor: string;
  len: number;
  dep: number;
  uid: number;
  oct: number;
  lid: number;
  /** µs, converted from cs before 9i. */
  tim: number;
  hv: number;
  ad: string;
  /** 11g and later; null before. */
  sqlId: string | null;
  /** The SQL text between the header and END OF STMT, lines joined with '\n'; cut at 64 KiB (textCut). */
  text: string;
  textCut: boolean;
}

export interface TraceVisitor {
  onWait(record: VisitedWait, position: RecordPosition): void;
  /**
   * WAITs in runs, for a visitor that needs their event, ela and tim (a profile), or reads the rest
   * from each one's line (the Parquet export's waits table, by WaitRun's start and end): with it (and without
   * `sample` or `measured`), the line kernel books the WAITs of every event it knows and hands
   * them over in runs, between the records that still come one by one (onWait for the rest, in
   * file order). `position` has the run's process, session and unit; its line and offset are of
   * records before the run (the last line handled, the last record handed over), not its WAITs'.
   * Why: a profile visits ~11 M records a GiB, and a WAIT costs ~10x more through a record and
   * onWait than from the kernel's columns.
   */
  onWaitRun?(run: WaitRun, from: number, to: number, position: RecordPosition): void;
  /** Call lines and XCTEND; a visitor without it leaves the kernel's fast path for them untouched. */
  onCall?(record: VisitedCall, position: RecordPosition): void;
  /**
   * XCTENDs in runs, for a visitor (with onCall) that needs of a commit only that it happened and
   * its tim (a profile: its count in the call book and its session's span): after the first
   * XCTEND has come through onCall (so the call's name is met in file order), the line kernel logs
   * the XCTENDs it parses instead of handing each over (KernelEmit.CommitLog); the rest still come
   * through onCall. A run may come after records that followed its commits in the file, never
   * after a record that may change the process or session (any line but a WAIT, a call or SQL
   * text), and `position` is of that session. Why: in an OLTP trace every other call line is an
   * XCTEND, and handing each over as a VisitedCall was ~14 % of a profile's instructions (the
   * commit loop of bench/run.mjs, 16 MiB, cachegrind).
   */
  onCommitRun?(run: CommitRun, from: number, to: number, position: RecordPosition): void;
  /**
   * A `PARSE ERROR` line, with its dep: the parse failed and wrote no call line, so the recursive
   * calls written before it (at dep + 1) belong to no call of the trace.
   */
  onParseError?(dep: number, position: RecordPosition): void;
  /** Called at END OF STMT (or where the text ends without one), with the whole header and text. */
  onCursor?(record: VisitedCursor, position: RecordPosition): void;
  /**
   * A `*** KEY:(value)` line (SESSION ID as `sid.serial`, MODULE NAME, ACTION NAME, CLIENT ID, …;
   * trace-format.md §4), and the module and action of an `APPNAME` record (as MODULE NAME and
   * ACTION NAME), with the position after the line (a SESSION ID has started its session).
   */
  onKeyed?(key: string, value: string, position: RecordPosition): void;
  /**
   * Each wait of the selected event, before it is booked as a sample (onWait follows): false
   * leaves it out of the samples, their counts and every statistic of them (a --where filter).
   */
  sample?(record: VisitedWait, position: RecordPosition): boolean;
  /** The same for each value of a call or commit measure (measure-scanner.ts): µs, its tim in µs. */
  measured?(micros: number, timMicros: number, position: RecordPosition): boolean;
}
