import { unknownStatementKey } from '../profile/statement-key';
import { NO_VALUE } from '../scope/group-key';
import { RecordContext } from '../scope/record-context';
import type { TraceFileResult } from '../trace/types';
import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait } from '../trace/trace-visitor';
import type { WaitParams } from '../trace/wait-params';
import type { ColumnBatch } from './column-batch';
import type { ExportTable } from './export-table';
import { CALLS, columnIndex, WAITS } from './parquet-tables';
import { RecordClock } from './record-clock';

const W = columnIndex(WAITS);
const C = columnIndex(CALLS);
const SQL_ID = { kind: 'sqlid' } as const;
const PARAMETERS = 3;
/** `WAIT #0` and calls on cursor 0 belong to no cursor (trace-format.md §5 "#0 means no cursor"): null, not an unknown statement. */
const NO_CURSOR = unknownStatementKey('0');

const DIGIT_0 = 0x30;
const COLON = 0x3a;

/** A table's dictionary ids of the file's constant columns, its last pid, and each session's. */
interface RowIds {
  dataset: number;
  file: number;
  pid: string | null | undefined;
  pidId: number;
  sessions: number[];
}

/** One event's parameter names as last seen, with their ids; checked against each line's bytes. */
interface EventNames {
  names: (string | null)[];
  ids: number[];
}

/**
 * Fills the waits and calls tables from one pass over one file (the parser's own scan, with this
 * as its visitor: the rows are the records the parser booked, no second grammar). The record's
 * statement comes from RecordContext (lib/scope), its wall-clock time from RecordClock.
 */
export class ExportVisitor implements TraceVisitor {
  private readonly context = new RecordContext();
  private readonly clock: RecordClock;
  private readonly waitIds: RowIds;
  private readonly callIds: RowIds;
  /** Per session index of the first pass: its `sid.serial`, or null. */
  private readonly sessionText: (string | null)[];
  private readonly eventNames = new Map<string, EventNames>();

  constructor(
    dataset: string,
    file: Pick<TraceFileResult, 'fileName' | 'facts' | 'anchors' | 'sessions'>,
    private readonly waits: ExportTable,
    private readonly calls: ExportTable,
  ) {
    this.clock = new RecordClock(file);
    this.waitIds = { dataset: waits.batch.idOf(W.dataset, dataset), file: waits.batch.idOf(W.file, file.fileName), pid: undefined, pidId: -1, sessions: [] };
    this.callIds = { dataset: calls.batch.idOf(C.dataset, dataset), file: calls.batch.idOf(C.file, file.fileName), pid: undefined, pidId: -1, sessions: [] };
    this.sessionText = file.sessions.map((s) => (s.sid === null ? null : `${s.sid}.${s.serial ?? ''}`));
  }

  onWait(w: VisitedWait, at: RecordPosition): void {
    this.context.atWait(w, at);
    const r = this.waits.row();
    const b = this.waits.batch;
    // `WAIT #0:` (most waits of a commit loop) has no cursor: no statement to look up.
    const noCursor = w.bytes[w.start + 6] === DIGIT_0 && w.bytes[w.start + 7] === COLON;
    this.where(b, r, W, this.waitIds, at, noCursor);
    b.id(W.event)[r] = b.idOf(W.event, w.event);
    b.number(W.ela_us)[r] = w.ela;
    b.number(W.tim)[r] = w.tim * at.microsPerUnit;
    this.when(b, r, W, w.tim, at);
    this.parameters(b, r, w.event, this.context.parameters());
  }

  onCall(c: VisitedCall, at: RecordPosition): void {
    this.context.atCall(c, at);
    const r = this.calls.row();
    const b = this.calls.batch;
    this.where(b, r, C, this.callIds, at, c.cursor === '' || c.cursor === '0');
    b.id(C.call)[r] = b.idOf(C.call, c.call);
    b.id(C.cursor)[r] = c.cursor === '' ? -1 : b.idOf(C.cursor, c.cursor);
    b.number(C.dep)[r] = c.dep;
    b.number(C.c_us)[r] = c.c;
    b.number(C.e_us)[r] = c.e;
    b.number(C.p)[r] = c.p;
    b.number(C.cr)[r] = c.cr;
    b.number(C.cu)[r] = c.cu;
    b.number(C.mis)[r] = c.mis;
    b.number(C.r)[r] = c.r;
    b.number(C.og)[r] = c.og;
    b.number(C.plh)[r] = c.plh;
    b.number(C.tim)[r] = c.tim;
    // A call's tim is µs already (call-line.ts); the clock takes the trace's unit.
    this.when(b, r, C, c.tim / at.microsPerUnit, at);
    b.number(C.close_type)[r] = c.type;
    b.number(C.rlbk)[r] = c.rlbk;
    b.number(C.rd_only)[r] = c.rdOnly;
  }

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    this.context.onCursor(c, at);
  }

  /** The columns every row starts with (parquet-tables.ts `where`); ids are the table's (`ids`), pid and session ids kept while they repeat. */
  private where(b: ColumnBatch, r: number, k: typeof W | typeof C, ids: RowIds, at: RecordPosition, noCursor: boolean): void {
    b.id(k.dataset)[r] = ids.dataset;
    b.id(k.file)[r] = ids.file;
    b.number(k.line)[r] = at.line;
    b.number(k.byte_offset)[r] = at.offset;
    if (at.pid !== ids.pid) {
      ids.pid = at.pid;
      ids.pidId = b.idOf(k.pid, at.pid);
    }
    b.id(k.pid)[r] = ids.pidId;
    b.id(k.session)[r] = ids.sessions[at.session] ??= b.idOf(k.session, this.sessionText[at.session] ?? null);
    if (noCursor) b.id(k.sql_id)[r] = -1;
    else {
      const key = this.context.label(SQL_ID);
      b.id(k.sql_id)[r] = key === NO_VALUE || key === NO_CURSOR ? -1 : b.idOf(k.sql_id, key);
    }
  }

  private when(b: ColumnBatch, r: number, k: typeof W | typeof C, raw: number, at: RecordPosition): void {
    this.clock.place(raw, at.pid);
    b.number(k.wall_time)[r] = this.clock.local;
    b.number(k.wall_time_utc)[r] = this.clock.utc;
  }

  /** p1 … p3 with their names, and obj#; an event's names are made into strings only when they change. */
  private parameters(b: ColumnBatch, r: number, event: string, params: WaitParams | null): void {
    const names = this.namesOf(event, params, b);
    const fields = params?.fieldCount ?? 0;
    for (let i = 0; i < PARAMETERS; i++) {
      const present = names.names[i] !== null;
      b.id((W.p1_name + 2 * i) as number)[r] = present ? (names.ids[i] as number) : -1;
      b.number((W.p1 + 2 * i) as number)[r] = present && params !== null ? params.integerAt(i) : NaN;
    }
    let obj = NaN;
    for (let i = 0; i < fields; i++) {
      if ((params as WaitParams).fieldNameIs(i, 'obj#')) {
        obj = (params as WaitParams).integerAt(i);
        break;
      }
    }
    b.number(W.obj)[r] = obj;
  }

  private namesOf(event: string, params: WaitParams | null, b: ColumnBatch): EventNames {
    const known = this.eventNames.get(event);
    if (known !== undefined && params !== null && sameNames(known, params)) return known;
    const names = Array.from({ length: PARAMETERS }, (_, i) => params?.positionalName(i) ?? null);
    const fresh = { names, ids: names.map((n, i) => b.idOf((W.p1_name + 2 * i) as number, n)) };
    this.eventNames.set(event, fresh);
    return fresh;
  }
}

function sameNames(known: EventNames, params: WaitParams): boolean {
  for (let i = 0; i < PARAMETERS; i++) {
    const name = known.names[i];
    if (name === null || name === undefined) {
      if (i < params.fieldCount && !params.fieldNameIs(i, 'obj#') && !params.fieldNameIs(i, 'tim')) return false;
    } else if (!params.fieldNameIs(i, name)) return false;
  }
  return true;
}
