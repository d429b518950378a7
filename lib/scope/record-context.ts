import { depthOf } from '../trace/call-line';
import { statementKey, unknownStatementKey } from '../profile/statement-key';
import { ioCount, NO_SIZE } from '../io/io-size';
import { dataBlocksLabel, SINGLE_BLOCK_EVENT } from '../io/trace-block-size';
import { PerProcess } from '../trace/per-process';
import type { RecordPosition, VisitedCall, VisitedCursor, VisitedWait } from '../trace/trace-visitor';
import { WaitParams } from '../trace/wait-params';
import { LOG_WRITE_WARNING, readLogWriteWarning } from '../trace/log-write-warning';
import { NO_VALUE, type GroupKey } from './group-key';

/** Decodes an LGWR warning's line for its size (a record the scan has already checked as text). */
const LINE_DECODER = new TextDecoder();

/** A cursor's statement: its key (statement-key.ts) and depth. */
interface CursorStatement {
  key: string;
  dep: number;
}

/** What the `***` lines set for a session (trace-format.md §4). */
interface SessionFacts {
  sidSerial: string | null;
  module: string | null;
  action: string | null;
  client: string | null;
}

/**
 * The context of the record being measured, kept as a scan visits records in file order: each
 * process's cursors (a cursor's statement is its latest PARSING IN CURSOR in its process,
 * response-time.md "Cursor numbers are reused"), each session's module, action, client and
 * sid.serial, the wait's parameters (read from its bytes only when asked), and, for a call
 * measure, the call being measured.
 */
export class RecordContext {
  private readonly cursors = new PerProcess<Map<string, CursorStatement>>(() => new Map());
  private readonly sessions: SessionFacts[] = [];
  private readonly params = new WaitParams();
  private readonly probe = new WaitParams();
  private wait: VisitedWait | null = null;
  private paramsRead = false;
  /** The record measured: a wait (its cursor in its bytes) or the latest call line. */
  private cursor = '';
  /** The depth the measured call line gives (`dep=`; XCTEND and LOB calls: 0), NaN for a wait. */
  private callDep = NaN;
  private pid: string | null = null;
  private session = 0;

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    this.cursors.get(at.pid).set(c.cursor, { key: statementKey(c.sqlId, c.hv === c.hv ? c.hv : null), dep: c.dep === c.dep ? c.dep : 0 });
  }

  onKeyed(key: string, value: string, at: RecordPosition): void {
    const s = this.facts(at.session);
    if (key === 'SESSION ID') s.sidSerial = value;
    else if (key === 'MODULE NAME') s.module = value;
    else if (key === 'ACTION NAME') s.action = value;
    else if (key === 'CLIENT ID') s.client = value;
  }

  /** A wait becomes the record measured. */
  atWait(w: VisitedWait, at: RecordPosition): void {
    this.wait = w;
    this.paramsRead = false;
    this.cursor = '';
    this.callDep = NaN;
    this.pid = at.pid;
    this.session = at.session;
  }

  /** The bytes of a `cell single block physical read` (its one block: trace-block-size.ts), or null for any other wait or a wait without them. */
  singleBlockBytes(w: VisitedWait): number | null {
    if (w.event !== SINGLE_BLOCK_EVENT) return null;
    // Its own reader: this wait need not be the one measured, whose parameters stay as read.
    this.probe.read(w.bytes, w.start, w.end);
    const count = ioCount(w.event, this.probe);
    return count === null || count.n === 0 ? null : count.n;
  }

  /** A call line: the record a call measure measures next (its value is booked after the call is seen). */
  atCall(c: VisitedCall, at: RecordPosition): void {
    this.wait = null;
    this.cursor = c.cursor;
    this.callDep = depthOf(c);
    this.pid = at.pid;
    this.session = at.session;
  }

  /** A measured value booked at `at` (a commit is booked at a later record): its session is that record's. */
  atMeasured(at: RecordPosition): void {
    this.session = at.session;
  }

  /**
   * The depth of the record: a call line's own dep= (what `--call … --dep` filters on, and what a
   * DBA reads on the line: a cursor parsed at dep 1 may run at dep 2), else the statement depth of
   * the wait's cursor, or null when its PARSING IN CURSOR was not seen.
   */
  dep(): number | null {
    if (this.callDep === this.callDep) return this.callDep;
    return this.statement()?.dep ?? null;
  }

  /**
   * The record's value for a context key, as text; NO_VALUE where it has none. `deferDataBlocks`:
   * by size without --block-size, a data-block wait's label is its block count, turned into bytes
   * when the trace's block is known (a group's label: trace-block-size.ts); a --where decides now,
   * so it reads bytes with the key's block size.
   */
  label(key: GroupKey, deferDataBlocks = false): string {
    switch (key.kind) {
      case 'sqlid': {
        const cursor = this.recordCursor();
        if (cursor === '') return NO_VALUE;
        return this.statement()?.key ?? unknownStatementKey(cursor);
      }
      case 'module':
      case 'action':
      case 'client':
        return this.sessions[this.session]?.[key.kind] ?? NO_VALUE;
      case 'session':
        return this.sessions[this.session]?.sidSerial ?? NO_VALUE;
      case 'obj':
        return this.waitParams()?.value('obj#') ?? NO_VALUE;
      case 'p':
        return this.waitParams()?.positional(key.index) ?? NO_VALUE;
      case 'param':
        return this.waitParams()?.value(key.name) ?? NO_VALUE;
      case 'size': {
        // An LGWR log write warning is its own line (log-write-warning.ts): the size it wrote, in bytes.
        if (this.wait?.event === LOG_WRITE_WARNING) return String(readLogWriteWarning(LINE_DECODER.decode(this.wait.bytes.subarray(this.wait.start, this.wait.end)))?.sizeBytes ?? NO_SIZE);
        const params = this.waitParams();
        const count = this.wait === null || params === null ? null : ioCount(this.wait.event, params);
        if (count === null) return NO_SIZE;
        if (count.unit === 'bytes') return String(count.n);
        if (count.unit === 'redo') return String(count.n * key.redoBlock);
        return deferDataBlocks && key.dataDefault ? dataBlocksLabel(count.n) : String(count.n * key.dataBlock);
      }
      default:
        return NO_VALUE;
    }
  }

  /** The measured wait's parameters, read once for every key and for the Parquet export (lib/export); null for a call. */
  parameters(): WaitParams | null {
    return this.waitParams();
  }

  private statement(): CursorStatement | undefined {
    const cursor = this.recordCursor();
    return cursor === '' ? undefined : this.cursors.get(this.pid).get(cursor);
  }

  private recordCursor(): string {
    return this.wait !== null ? (this.waitParams()?.cursor ?? '') : this.cursor;
  }

  private waitParams(): WaitParams | null {
    const w = this.wait;
    if (w === null) return null;
    if (!this.paramsRead) {
      this.paramsRead = true;
      // A record without ela= has no fields: every parameter reads as absent.
      this.params.read(w.bytes, w.start, w.end, w.event.length);
    }
    return this.params;
  }

  private facts(session: number): SessionFacts {
    return (this.sessions[session] ??= { sidSerial: null, module: null, action: null, client: null });
  }
}
