import { MICROS_PER_ELA_UNIT } from '../units';
import type { ScanOptions } from './scan-result';
import { TraceScanner } from './scanner';

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
  /** µs: the trace's ela converted from its unit (centiseconds before 9i). */
  ela: number;
  /** The record's `tim`, NaN when it has none (traces before 10.2 may omit it). */
  tim: number;
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
  /** Call lines and XCTEND; a visitor without it leaves the kernel's fast path for them untouched. */
  onCall?(record: VisitedCall, position: RecordPosition): void;
  /** Called at END OF STMT (or where the text ends without one), with the whole header and text. */
  onCursor?(record: VisitedCursor, position: RecordPosition): void;
}

/**
 * The scanner with a visitor. The line kernel books the WAITs of the events registered with it
 * without JavaScript; a visited scan registers none, so the kernel still splits and parses the
 * lines, and hands every WAIT back to be booked, and visited, one by one. A subclass, so the
 * parser's own pass (no visitor) runs the scanner's code unchanged: not even a check per WAIT.
 */
export class VisitingScanner extends TraceScanner {
  private readonly visited: VisitedWait = { event: '', ela: 0, tim: NaN };
  private readonly position: RecordPosition = { line: 0, offset: 0, pid: null, session: 0, microsPerUnit: 1 };

  constructor(
    options: ScanOptions,
    private readonly visitor: TraceVisitor,
  ) {
    super(options);
    this.kernelMayBook = false;
    this.timOfEveryWait = true;
  }

  protected override acceptWait(id: number, ela: number, tim: number, offset: number): void {
    super.acceptWait(id, ela, tim, offset);
    const record = this.visited;
    record.event = this.events.names[id] as string;
    record.ela = ela * MICROS_PER_ELA_UNIT[this.facts.unit];
    record.tim = tim;
    const at = this.position;
    at.line = this.lineNo;
    at.offset = offset;
    at.pid = this.sessions.currentPid;
    at.session = this.sessions.current();
    at.microsPerUnit = MICROS_PER_ELA_UNIT[this.facts.unit];
    this.visitor.onWait(record, at);
  }
}
