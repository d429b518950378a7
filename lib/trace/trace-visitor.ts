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
}

export interface TraceVisitor {
  onWait(record: VisitedWait, position: RecordPosition): void;
}

/**
 * The scanner with a visitor. The line kernel books the WAITs of the events registered with it
 * without JavaScript; a visited scan registers none, so the kernel still splits and parses the
 * lines, and hands every WAIT back to be booked, and visited, one by one. A subclass, so the
 * parser's own pass (no visitor) runs the scanner's code unchanged: not even a check per WAIT.
 */
export class VisitingScanner extends TraceScanner {
  private readonly visited: VisitedWait = { event: '', ela: 0, tim: NaN };
  private readonly position: RecordPosition = { line: 0, offset: 0, pid: null };

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
    this.visitor.onWait(record, at);
  }
}
