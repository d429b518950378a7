import { unknownStatementKey } from '../profile/statement-key';
import { NO_VALUE } from '../scope/group-key';
import { RecordContext } from '../scope/record-context';
import type { TraceFileResult } from '../trace/types';
import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait, WaitRun } from '../trace/trace-visitor';
import { WaitParams, type KnownFields } from '../trace/wait-params';
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

/**
 * The columns every row of both tables has, as the batch's typed arrays (one shape for both
 * tables, so the code that fills them sees one shape), with the file's constant ids, its last pid's
 * id and each session's.
 */
interface RowColumns {
  batch: ColumnBatch;
  dataset: Int32Array;
  file: Int32Array;
  line: Float64Array;
  offset: Float64Array;
  pid: Int32Array;
  session: Int32Array;
  sqlId: Int32Array;
  tim: Float64Array;
  wall: Float64Array;
  wallUtc: Float64Array;
  pidColumn: number;
  sessionColumn: number;
  sqlIdColumn: number;
  datasetId: number;
  fileId: number;
  lastPid: string | null | undefined;
  lastPidId: number;
  sessionIds: number[];
}

function rowColumns(b: ColumnBatch, k: typeof W | typeof C, dataset: string, fileName: string): RowColumns {
  return {
    batch: b,
    dataset: b.id(k.dataset),
    file: b.id(k.file),
    line: b.number(k.line),
    offset: b.number(k.byte_offset),
    pid: b.id(k.pid),
    session: b.id(k.session),
    sqlId: b.id(k.sql_id),
    tim: b.number(k.tim),
    wall: b.number(k.wall_time),
    wallUtc: b.number(k.wall_time_utc),
    pidColumn: k.pid,
    sessionColumn: k.session,
    sqlIdColumn: k.sql_id,
    datasetId: b.idOf(k.dataset, dataset),
    fileId: b.idOf(k.file, fileName),
    lastPid: undefined,
    lastPidId: -1,
    sessionIds: [],
  };
}

function waitColumns(b: ColumnBatch) {
  return {
    event: b.id(W.event),
    ela: b.number(W.ela_us),
    names: [b.id(W.p1_name), b.id(W.p2_name), b.id(W.p3_name)],
    values: [b.number(W.p1), b.number(W.p2), b.number(W.p3)],
    obj: b.number(W.obj),
  };
}

function callColumns(b: ColumnBatch) {
  return {
    call: b.id(C.call),
    cursor: b.id(C.cursor),
    dep: b.number(C.dep),
    c: b.number(C.c_us),
    e: b.number(C.e_us),
    p: b.number(C.p),
    cr: b.number(C.cr),
    cu: b.number(C.cu),
    mis: b.number(C.mis),
    r: b.number(C.r),
    og: b.number(C.og),
    plh: b.number(C.plh),
    closeType: b.number(C.close_type),
    rlbk: b.number(C.rlbk),
    rdOnly: b.number(C.rd_only),
  };
}

/** One event's parameter names as last seen, with their ids; checked against each line's bytes. */
interface EventNames {
  names: (string | null)[];
  ids: number[];
  /** The names as WaitParams.readKnown() takes them, when they are three parameters then obj#. */
  known: KnownFields | null;
}

/** What an export visitor reads of the file's first pass: its name, header, `***` stamps and sessions. */
export type ExportFileFacts = Pick<TraceFileResult, 'fileName' | 'facts' | 'anchors' | 'sessions'>;

/**
 * The columns every row of a table has (parquet-tables.ts `where` and `when`), placed from the
 * record's position: its statement from RecordContext (lib/scope), its wall-clock time from
 * RecordClock. One per table visitor, each with the context its records keep.
 */
class RowPlace {
  private readonly clock: RecordClock;
  /** Per session index of the first pass: its `sid.serial`, or null. */
  private readonly sessionText: (string | null)[];
  /** The table's columns that every row has. */
  readonly row: RowColumns;
  /** The last statement key placed, and its id in the sql_id column. */
  private lastKey = NO_VALUE;
  private lastKeyId = -1;

  constructor(
    table: ExportTable,
    k: typeof W | typeof C,
    dataset: string,
    file: ExportFileFacts,
    private readonly context: RecordContext,
  ) {
    this.clock = new RecordClock(file);
    this.sessionText = file.sessions.map((s) => (s.sid === null ? null : `${s.sid}.${s.serial ?? ''}`));
    this.row = rowColumns(table.batch, k, dataset, file.fileName);
  }

  /** Row `r`'s columns; `raw` is the record's tim in the trace's unit. */
  fill(r: number, at: RecordPosition, noCursor: boolean, raw: number): void {
    const k = this.row;
    k.dataset[r] = k.datasetId;
    k.file[r] = k.fileId;
    k.line[r] = at.line;
    k.offset[r] = at.offset;
    if (at.pid !== k.lastPid) {
      k.lastPid = at.pid;
      k.lastPidId = k.batch.idOf(k.pidColumn, at.pid);
    }
    k.pid[r] = k.lastPidId;
    k.session[r] = k.sessionIds[at.session] ??= k.batch.idOf(k.sessionColumn, this.sessionText[at.session] ?? null);
    if (noCursor) k.sqlId[r] = -1;
    else {
      const key = this.context.label(SQL_ID);
      // Records come in runs of one statement: its id again without a dictionary lookup.
      if (key !== this.lastKey) {
        this.lastKey = key;
        this.lastKeyId = key === NO_VALUE || key === NO_CURSOR ? -1 : k.batch.idOf(k.sqlIdColumn, key);
      }
      k.sqlId[r] = this.lastKeyId;
    }
    this.clock.place(raw, at.pid);
    k.wall[r] = this.clock.local;
    k.wallUtc[r] = this.clock.utc;
  }
}

/**
 * Fills the waits table from one pass over one file (the parser's own scan, with this as its
 * visitor: the rows are the records the parser booked, no second grammar). It takes no call
 * lines, so the line kernel keeps its fast path for them, and it takes WAITs in runs, so the
 * kernel books them (trace-visitor.ts); each is then read from its line as one that comes alone.
 */
export class WaitRows implements TraceVisitor {
  private readonly context = new RecordContext();
  private readonly place: RowPlace;
  /** The waits' own columns (typed arrays of the reused batch, looked up once). */
  private readonly w: ReturnType<typeof waitColumns>;
  /** By event id of the scan: its parameter names, and its id in the event column's dictionary (global to the table). */
  private readonly eventNames: (EventNames | undefined)[] = [];
  private readonly eventIds: number[] = [];
  /** Reads the fields of a record whose names are known (knownParameters), and their values. */
  private readonly known = new WaitParams();
  private readonly values = new Float64Array(PARAMETERS + 1);

  /** A run's WAIT, as onWait takes one, and where it is. */
  private readonly visited: VisitedWait = { event: '', id: 0, ela: 0, tim: NaN, bytes: new Uint8Array(0), start: 0, end: 0 };
  private readonly position: RecordPosition = { line: 0, offset: 0, pid: null, session: 0, microsPerUnit: 1, callsNestInTime: false };

  constructor(
    dataset: string,
    file: ExportFileFacts,
    private readonly waits: ExportTable,
  ) {
    this.place = new RowPlace(waits, W, dataset, file, this.context);
    this.w = waitColumns(waits.batch);
  }

  onWaitRun(run: WaitRun, from: number, to: number, at: RecordPosition): void {
    const w = this.visited;
    const position = this.position;
    position.pid = at.pid;
    position.session = at.session;
    position.microsPerUnit = at.microsPerUnit;
    position.callsNestInTime = at.callsNestInTime;
    w.bytes = run.bytes;
    for (let i = from; i < to; i++) {
      const start = run.start[i] as number;
      const id = run.id[i] as number;
      w.id = id;
      w.event = run.names[id] as string;
      w.ela = (run.ela[i] as number) * at.microsPerUnit;
      w.tim = run.tim[i] as number;
      w.start = run.at + start;
      w.end = run.at + (run.end[i] as number);
      position.line = run.firstLine + (run.line[i] as number);
      position.offset = run.offsetAt + start;
      this.onWait(w, position);
    }
  }

  onWait(w: VisitedWait, at: RecordPosition): void {
    this.context.atWait(w, at);
    const r = this.waits.row();
    // `WAIT #0:` (most waits of a commit loop) has no cursor: no statement to look up.
    const noCursor = w.bytes[w.start + 6] === DIGIT_0 && w.bytes[w.start + 7] === COLON;
    this.place.fill(r, at, noCursor, w.tim);
    const k = this.w;
    k.event[r] = this.eventIds[w.id] ??= this.waits.batch.idOf(W.event, w.event);
    k.ela[r] = w.ela;
    this.place.row.tim[r] = w.tim * at.microsPerUnit;
    // A WAIT on a cursor had its fields read for its statement (RowPlace.fill): those, not a second pass.
    const names = this.eventNames[w.id];
    if (noCursor && names?.known && this.known.readKnown(w.bytes, w.start, w.end, w.event.length, names.known, this.values)) this.knownParameters(r, names);
    else this.parameters(r, w.id, this.context.parameters());
  }

  /** p1 … p3 and obj# as readKnown() read them: most records, since an event's records name their fields alike. */
  private knownParameters(r: number, names: EventNames): void {
    const k = this.w;
    for (let i = 0; i < PARAMETERS; i++) {
      (k.names[i] as Int32Array)[r] = names.ids[i] as number;
      (k.values[i] as Float64Array)[r] = this.values[i] as number;
    }
    k.obj[r] = this.values[PARAMETERS] as number;
  }

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    this.context.onCursor(c, at);
  }

  /** p1 … p3 with their names, and obj#; an event's names are made into strings only when they change. */
  private parameters(r: number, event: number, params: WaitParams | null): void {
    const k = this.w;
    const names = this.namesOf(event, params);
    for (let i = 0; i < PARAMETERS; i++) {
      const present = names.names[i] !== null;
      (k.names[i] as Int32Array)[r] = present ? (names.ids[i] as number) : -1;
      (k.values[i] as Float64Array)[r] = present && params !== null ? params.integerAt(i) : NaN;
    }
    let obj = NaN;
    const fields = params?.fieldCount ?? 0;
    for (let i = 0; i < fields; i++) {
      if ((params as WaitParams).fieldNameIs(i, 'obj#')) {
        obj = (params as WaitParams).integerAt(i);
        break;
      }
    }
    k.obj[r] = obj;
  }

  private namesOf(event: number, params: WaitParams | null): EventNames {
    const b = this.waits.batch;
    const known = this.eventNames[event];
    if (known !== undefined && params !== null && sameNames(known, params)) return known;
    const names = Array.from({ length: PARAMETERS }, (_, i) => params?.positionalName(i) ?? null);
    const fresh = { names, ids: names.map((n, i) => b.idOf([W.p1_name, W.p2_name, W.p3_name][i] as number, n)), known: params?.knownFields() ?? null };
    this.eventNames[event] = fresh;
    return fresh;
  }
}

/**
 * Fills the calls table from one pass over one file, as WaitRows the waits. It takes WAITs in runs
 * and does nothing with them, so beside the call profile (which takes runs too) the line kernel
 * still books the WAITs itself.
 */
export class CallRows implements TraceVisitor {
  private readonly context = new RecordContext();
  private readonly place: RowPlace;
  private readonly c: ReturnType<typeof callColumns>;
  /** The last call's cursor and its id in the cursor column (calls come in runs on one cursor). */
  private lastCursor = '';
  private lastCursorId = -1;

  constructor(
    dataset: string,
    file: ExportFileFacts,
    private readonly calls: ExportTable,
  ) {
    this.place = new RowPlace(calls, C, dataset, file, this.context);
    this.c = callColumns(calls.batch);
  }

  onWait(): void {}

  onWaitRun(): void {}

  onCall(c: VisitedCall, at: RecordPosition): void {
    this.context.atCall(c, at);
    const r = this.calls.row();
    // A call's tim is µs already (call-line.ts); the clock takes the trace's unit.
    this.place.fill(r, at, c.cursor === '' || c.cursor === '0', c.tim / at.microsPerUnit);
    this.place.row.tim[r] = c.tim;
    const k = this.c;
    const b = this.calls.batch;
    k.call[r] = b.idOf(C.call, c.call);
    if (c.cursor !== this.lastCursor) {
      this.lastCursor = c.cursor;
      this.lastCursorId = c.cursor === '' ? -1 : b.idOf(C.cursor, c.cursor);
    }
    k.cursor[r] = this.lastCursorId;
    k.dep[r] = c.dep;
    k.c[r] = c.c;
    k.e[r] = c.e;
    k.p[r] = c.p;
    k.cr[r] = c.cr;
    k.cu[r] = c.cu;
    k.mis[r] = c.mis;
    k.r[r] = c.r;
    k.og[r] = c.og;
    k.plh[r] = c.plh;
    k.closeType[r] = c.type;
    k.rlbk[r] = c.rlbk;
    k.rdOnly[r] = c.rdOnly;
  }

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    this.context.onCursor(c, at);
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
