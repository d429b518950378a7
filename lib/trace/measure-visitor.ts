import { depthOf } from './call-line';
import type { Measure } from './measure';
import { PerProcess } from './per-process';
import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait } from './trace-visitor';

/** Where a measured value goes: µs, the record's tim in µs (NaN if none), and where the record is. */
export type MeasureSink = (micros: number, timMicros: number, at: RecordPosition) => void;

/** SQL*Net messages: the reply to the client, or its next request, ends a commit. */
const CLIENT_MESSAGE = /^SQL\*Net (message|more data) (to|from) client$/;

/** `COMMIT` issued as a statement: oct 44 (Oracle's command type for COMMIT). */
const COMMIT_COMMAND_TYPE = 44;

interface OpenCommit {
  start: number;
  end: number;
  /** Where the commit is on the clock: its XCTEND's tim, else the start of the first timed wait after it; NaN until known. */
  placed: number;
  at: RecordPosition;
}

interface ProcessState {
  /** End of the process's latest record (a call or a wait), µs. */
  lastEnd: number;
  /** Cursor → its statement's sql_id, hash value and whether it is a COMMIT. */
  cursors: Map<string, { sqlId: string | null; hv: number; isCommit: boolean }>;
  commit: OpenCommit | null;
  /** The XCTEND since the process's last other call was read-only (rd_only=1). */
  readOnly: boolean;
  /** A WAIT of the process was read: the trace has its waits (level 8 or 12), and so the client's requests. */
  sawWait: boolean;
  /** Commits of XCTEND ended before the process's first WAIT: measured at it, or left out at the end (see the class's note). */
  unsure: { micros: number; tim: number; at: RecordPosition }[];
  /** More than UNSURE_LIMIT commits came before any WAIT: the process is taken to have none. */
  waitless: boolean;
}

/**
 * Commits held per process for its first WAIT (~120 B each): a level 1 trace of millions of commits
 * must not hold them all. Past this many with no WAIT the process is taken to be traced without
 * waits, and its commits are left out as they end.
 */
const UNSURE_LIMIT = 100_000;

/**
 * What the measure tells its scan to say (MeasureVisitor's `note`): a read-only commit left out,
 * a commit left out because its process has no WAIT lines to start it by, or a --sql-id asked of a
 * trace whose cursors have none (before 11g: PARSING IN CURSOR has no sqlid=, trace-format.md §6),
 * which --hash-value would find.
 */
export type MeasureNote = 'read-only-commit' | 'commit-without-waits' | 'no-sql-id';

/**
 * The values of a call or commit measure, from the records a scan visits in file order.
 *
 * A call measure takes e of each matching call line; its statement is the latest PARSING IN
 * CURSOR of its cursor number in its process (response-time.md, "Cursor numbers are reused").
 *
 * The commit, as the client feels it: an `XCTEND rlbk=0` starts at the end of the process's record
 * before it (the call whose work it commits, or the client's request) and lasts to the end of the
 * waits that follow it until the reply to the client or the next call, which is where its
 * `log file sync` is (trace-format.md §5: "A log file sync WAIT usually sits just before or after
 * the XCTEND"). Where the application commits with a `COMMIT` statement, XCTEND and the sync
 * lie inside that statement's EXEC, and the EXEC's e is the commit.
 *
 * Before 11g XCTEND has no tim (trace-format.md §5): the commit is placed by the first timed wait
 * after it, and a wait without tim (9i writes none) adds its ela to the commit's end. A read-only
 * commit (`rd_only=1`: nothing to write, so no redo and no log file sync) is not measured, in
 * either form, and is counted as left out (`note`): a DBA asks how long commits that write
 * take, and a run with more read-only ones would look faster for no reason of the storage's.
 *
 * A commit of XCTEND is measured only in a process whose WAIT lines the trace holds. Traced without
 * waits (10046 level 1 or 4), the client's request before a commit call (`SQL*Net message from
 * client`) is not written, so the record before the XCTEND is the call before the user's think time,
 * and the commit would take that time in: the corpus' `malformed_stat.trc` (no WAIT at all) gave a
 * commit of 17,085 µs, the client's pause after a FETCH, and one of the generated commits without
 * its waits 5 s. Commits that end before the process's first WAIT are held until it comes (a PL/SQL
 * loop commits without waiting for its sync, so a level 8 trace may start with several), and left
 * out and counted (`note`) when none does. A COMMIT statement's EXEC is measured by its own e.
 * Not caught: a trace switched from level 1 to 8 between an XCTEND and its sync.
 */
export class MeasureVisitor implements TraceVisitor {
  private readonly processes = new PerProcess<ProcessState>(() => ({ lastEnd: NaN, cursors: new Map(), commit: null, readOnly: false, sawWait: false, unsure: [], waitless: false }));
  /** Cursors seen, and whether one had a sql_id: a --sql-id on a trace of none says why it finds nothing. */
  private cursorsSeen = 0;
  private sqlIdSeen = false;
  private lastCursorAt: RecordPosition | null = null;

  constructor(
    private readonly measure: Exclude<Measure, { kind: 'event' }>,
    private readonly sink: MeasureSink,
    private readonly note: (why: MeasureNote, at: RecordPosition) => void = () => {},
  ) {}

  onWait(w: VisitedWait, at: RecordPosition): void {
    const p = this.processes.get(at.pid);
    if (!p.sawWait && !p.waitless) {
      p.sawWait = true;
      for (const c of p.unsure) this.sink(c.micros, c.tim, c.at);
      p.unsure = [];
    }
    const tim = w.tim * at.microsPerUnit;
    const open = p.commit;
    if (open !== null) {
      if (CLIENT_MESSAGE.test(w.event)) this.endCommit(p);
      else if (tim !== tim) open.end += w.ela;
      else {
        if (tim > open.end) open.end = tim;
        if (open.placed !== open.placed) open.placed = tim - w.ela;
      }
    }
    if (tim === tim) p.lastEnd = tim;
  }

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    const isCommit = c.oct === COMMIT_COMMAND_TYPE || c.text.trim().toUpperCase() === 'COMMIT';
    this.cursorsSeen++;
    if (c.sqlId !== null) this.sqlIdSeen = true;
    this.lastCursorAt = at;
    this.processes.get(at.pid).cursors.set(c.cursor, { sqlId: c.sqlId, hv: c.hv, isCommit });
  }

  onCall(call: VisitedCall, at: RecordPosition): void {
    const p = this.processes.get(at.pid);
    if (this.measure.kind === 'call') this.callValue(p, call, at);
    else this.commitCall(p, call, at);
    if (call.tim === call.tim) p.lastEnd = call.tim;
  }

  /** Ends the pass: a commit still open at the end of the file ends at its last wait. */
  finish(): void {
    for (const p of this.processes.values()) {
      this.endCommit(p);
      for (const c of p.unsure) this.note('commit-without-waits', c.at);
    }
    const m = this.measure;
    if (m.kind === 'call' && m.sqlId !== null && this.cursorsSeen > 0 && !this.sqlIdSeen) this.note('no-sql-id', this.lastCursorAt as RecordPosition);
  }

  private callValue(p: ProcessState, call: VisitedCall, at: RecordPosition): void {
    const m = this.measure as Extract<Measure, { kind: 'call' }>;
    if (call.call !== m.call || !(call.e === call.e)) return;
    if (m.dep !== null && depthOf(call) !== m.dep) return;
    if (m.sqlId !== null || m.hashValue !== null) {
      const s = p.cursors.get(call.cursor);
      if (s === undefined) return;
      if (m.sqlId !== null ? s.sqlId !== m.sqlId : s.hv !== m.hashValue) return;
    }
    this.sink(call.e, call.tim, at);
  }

  private commitCall(p: ProcessState, call: VisitedCall, at: RecordPosition): void {
    const open = p.commit;
    const readOnly = p.readOnly;
    p.readOnly = false;
    if (call.call === 'EXEC' && p.cursors.get(call.cursor)?.isCommit === true && call.e === call.e) {
      // The COMMIT statement's EXEC holds the XCTEND and the sync written before it.
      p.commit = null;
      // An XCTEND before this EXEC began is a commit of its own, ended by it; this EXEC is one too,
      // unless the XCTEND inside it was read-only. One without a place is taken to be inside it.
      if (open !== null && open.placed < call.tim - call.e) this.commitValue(p, open, open.placed);
      if (!readOnly) this.sink(call.e, call.tim, { ...at });
      return;
    }
    this.endCommit(p);
    if (call.call !== 'XCTEND' || call.rlbk !== 0) return;
    if (call.rdOnly === 1) {
      p.readOnly = true; // and so is a COMMIT statement's EXEC that holds it
      this.note('read-only-commit', at);
      return;
    }
    const start = p.lastEnd === p.lastEnd ? p.lastEnd : call.tim;
    if (start !== start) return; // no time before it or of its own: nothing to measure from
    p.commit = { start, end: call.tim === call.tim ? call.tim : start, placed: call.tim, at: { ...at } };
  }

  private endCommit(p: ProcessState): void {
    const open = p.commit;
    if (open === null) return;
    p.commit = null;
    this.commitValue(p, open, open.placed === open.placed ? open.placed : open.start);
  }

  /** A commit of XCTEND placed at `tim`: measured, or held until the process's first WAIT (see the class's note). */
  private commitValue(p: ProcessState, open: OpenCommit, tim: number): void {
    if (p.sawWait) this.sink(open.end - open.start, tim, open.at);
    else if (p.waitless) this.note('commit-without-waits', open.at);
    else if (p.unsure.push({ micros: open.end - open.start, tim, at: open.at }) > UNSURE_LIMIT) {
      p.waitless = true;
      for (const c of p.unsure) this.note('commit-without-waits', c.at);
      p.unsure = [];
    }
  }
}
