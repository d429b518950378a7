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
