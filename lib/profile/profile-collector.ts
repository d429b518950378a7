import type { CommitRun, RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait, WaitRun } from '../trace/trace-visitor';
import { CallBook, depthOf } from './call-book';
import { leavesToNextCall } from '../trace/call-line';
import {
  BETWEEN_CALL_EVENTS,
  cpuComponent,
  THINK_TIME_COMPONENT,
  THINK_TIME_EVENT,
  UNACCOUNTED_BETWEEN,
  UNACCOUNTED_WITHIN,
  waitBetweenComponent,
  waitWithinComponent,
} from './component-names';
import type { ComponentKind, DatasetProfile, ProfileComponent } from './profile-model';
import { StatementBook, type TopLevelCalls } from './statement-book';
import type { RangeProfile } from './range-profile';
import { PerProcess } from '../trace/per-process';
import { ValueTally } from './value-tally';
import { HeldWaits } from './held-waits';
import { SessionSpans } from './session-spans';
import { DOUBLE_ZERO } from '../double-zero';
import { LOG_WRITE_WARNING } from '../trace/log-write-warning';

/**
 * One process's waits on their way to a call (trcsess interleaves processes). A class, not an
 * object literal: literals of the same first keys share hidden classes with every other such
 * literal, and a field type widened there threw away the optimized onCall and onWaitRun when a
 * thread profiled a second range (a tail split) and made its next collector
 * (test/profile/second-range.test.ts).
 */
class ProcessWaits {
  /** Waits since the last call line, not yet given to any call. */
  readonly pending = new HeldWaits();
}

interface OpenComponent {
  component: string;
  kind: ComponentKind;
  subject: string | null;
  total: number;
  tally: ValueTally;
}

export interface ProfileOptions {
  /** SQL*Net message from client waits at or above this are think time (µs; default 1 s, as jkstill's cull-snmfc and mrprof's --thinktime). */
  thinkTimeMicros?: number;
  /**
   * false: no statement totals (the profile's `statements` is empty), for a command that shows none
   * (`waitscope profile`); default true. The rows, calls and R are the same either way: recursive
   * calls still go through the statement book, which holds them for their parent call.
   */
  statements?: boolean;
}

export const DEFAULT_THINK_TIME_MICROS = 1_000_000;

/**
 * The response-time profile of one pass (response-time.md "The response-time profile"), as a
 * trace visitor: it sees waits, calls and cursors in file order.
 *
 * Attribution (Millsap & Holt ch. 5, Debes ch. 24): lines are written when a call or wait ends, so
 * a call's waits come before its line. A wait belongs to the next call line of its process if it
 * lies within that call's span [tim − e, tim]; we test the wait's midpoint, so that a wait ending
 * the very µs the call starts (the client's request arriving) is not counted inside it. Waits
 * without `tim` fall back to the list of between-call events. A dep 0 call's waits, with those of
 * the recursive calls before it, are "within calls"; the other waits are "between calls".
 */
export class ProfileCollector implements TraceVisitor, TopLevelCalls {
  private readonly processes = new PerProcess<ProcessWaits>(() => new ProcessWaits());
  /** The rows of waits, per kind by event id; `order` keeps all rows as first met. */
  private readonly waitRows: Record<WaitKind, (OpenComponent | undefined)[]> = { 'wait-within': [], 'wait-between': [], 'think-time': [] };
  /** The same rows by event name: two ids may share a name (bytes that are not UTF-8 decode alike), and a profile has one row per name. */
  private readonly waitRowsByName: Record<WaitKind, Map<string, OpenComponent>> = { 'wait-within': new Map(), 'wait-between': new Map(), 'think-time': new Map() };
  /** CPU rows by call name, and the last one found (calls come in runs of one name). */
  private readonly cpuRows = new Map<string, OpenComponent>();
  private lastCpu: OpenComponent | null = null;
  private unaccountedWithin: OpenComponent | null = null;
  private readonly order: OpenComponent[] = [];
  /** Event names by id, as the scan hands them over: ids are one scan's, so a collector takes one scan's records. */
  private readonly names: string[] = [];
  /** How many of a run's names (the scan's table, which only grows) were copied into `names`. */
  private namesCopied = 0;
  private readonly callBook = new CallBook();
  private readonly statements: StatementBook;
  /** Per session index: earliest start and latest end, µs. */
  private readonly spans = new SessionSpans();
  private readonly thinkTime: number;
  /** ProfileOptions.statements. */
  private readonly withStatements: boolean;

  /** `range`: the pass is over one byte range of a file (range-profile.ts joins the ranges). */
  constructor(options: ProfileOptions & { range?: boolean } = {}) {
    this.thinkTime = options.thinkTimeMicros ?? DEFAULT_THINK_TIME_MICROS;
    this.withStatements = options.statements !== false;
    this.statements = new StatementBook({ range: options.range === true });
  }

  onWait(record: VisitedWait, at: RecordPosition): void {
    // LGWR's log write warnings are the parser's pseudo-waits (log-write-warning.ts), not a session's
    // time: LGWR's own WAITs cover the same writes, and a trace of warnings alone (the corpus'
    // NON10046 LGWR trace) made R the 11.7 days between its first and last *** stamp.
    if (record.event === LOG_WRITE_WARNING) return;
    // VisitedWait.tim is in the trace's unit; ela is µs already. Before 9i both are centiseconds.
    const tim = record.tim * at.microsPerUnit;
    if (this.names[record.id] === undefined) this.names[record.id] = record.event;
    if (tim === tim) this.spans.add(at.session, tim - record.ela, tim);
    else this.spans.untimed(at.session, record.ela, !this.withinByName(record.id));
    this.processes.get(at.pid).pending.push(record.id, record.ela, tim);
  }

  /** The WAITs the kernel booked (trace-visitor.ts WaitRun): as onWait, in a loop over its columns. */
  onWaitRun(run: WaitRun, from: number, to: number, at: RecordPosition): void {
    const perUnit = at.microsPerUnit;
    const pending = this.processes.get(at.pid).pending;
    if (run.names.length > this.namesCopied) this.copyNames(run.names);
    const { id, ela, tim } = run;
    // The span in locals that are always numbers (a local that may be undefined is boxed).
    const session = at.session;
    const spans = this.spans;
    spans.reach(session);
    let t0 = spans.start[session] as number;
    let t1 = spans.end[session] as number;
    // Written to the columns here, not through push(): see onCall.
    pending.reserve(to - from);
    const heldId = pending.id;
    const heldEla = pending.ela;
    const heldTim = pending.tim;
    let n = pending.n;
    for (let i = from; i < to; i++) {
      const micros = (ela[i] as number) * perUnit;
      const end = (tim[i] as number) * perUnit;
      const start = end - micros;
      // Every WAIT here has a tim: the kernel hands one without tim over by itself (onWait places it).
      if (start < t0) t0 = start;
      if (end > t1) t1 = end;
      heldId[n] = id[i] as number;
      heldEla[n] = micros;
      heldTim[n] = end;
      n++;
    }
    pending.n = n;
    spans.start[session] = t0;
    spans.end[session] = t1;
    spans.after[session] = 0; // a timed record: the untimed waits before it lie inside the span
  }

  private copyNames(names: readonly string[]): void {
    for (let id = this.namesCopied; id < names.length; id++) this.names[id] ??= names[id] as string;
    this.namesCopied = names.length;
  }

  onCall(call: VisitedCall, at: RecordPosition): void {
    this.callBook.add(call);
    const e = call.e === call.e ? call.e : 0;
    const end = call.tim;
    const start = end - e;
    // The span, and below each wait's place, in this function's own code, not through span() and
    // a helper: onCall is too large for V8 to inline them all, and a call passes its doubles boxed.
    // With SessionSpans.add here and push() in onWaitRun the profile's pass ran ~10% slower
    // (single thread, 256 MiB, CPU time, three rounds each).
    const timed = end === end;
    if (timed) {
      const { spans } = this;
      const session = at.session;
      spans.reach(session);
      if (start < (spans.start[session] as number)) spans.start[session] = start;
      if (end > (spans.end[session] as number)) spans.end[session] = end;
      spans.after[session] = 0;
    }
    // A client's commit leaves them between calls all the same at the next call.
    if (leavesToNextCall(call)) return;
    const recursive = depthOf(call) >= 1;
    // Without statement totals a top-level call needs no statement: it holds nothing for a parent,
    // and its statement's sums, waits and children would not be shown. The statement book's work
    // per call was ~15 % of a profile's pass of the benchmark trace (one thread, in-process, 2026-12-04).
    const statement = this.withStatements || recursive ? this.statements.call(call, at.pid) : null;
    const pending = this.processes.get(at.pid).pending;
    const held = pending.n;
    // The call's own waits: within calls, whatever its depth (a recursive call is inside its
    // parent, or a top-level call itself: statement-book.ts TopLevelCalls); the others stay for
    // the next call (a recursive call's) or lie between calls (a dep 0 call's).
    let waited = 0;
    let kept = 0;
    for (let i = 0; i < held; i++) {
      const id = pending.id[i] as number;
      const ela = pending.ela[i] as number;
      const tim = pending.tim[i] as number;
      if (timed && tim === tim ? tim - ela / 2 >= start : this.withinByName(id)) {
        if (statement !== null) this.statements.wait(statement, id, this.names, ela);
        this.addWait('wait-within', id, ela);
        waited += ela;
      } else if (recursive) pending.move(i, kept++);
      else this.betweenWait(id, ela);
    }
    pending.n = kept;
    waited += this.statements.settle(call, at, statement, waited, this);
    if (recursive) return;
    // XCTEND and a CLOSE without times have no c or e: nothing of R is inside them.
    if (call.c === call.c) this.addCpu(call.call, call.c);
    if (call.e === call.e) this.addUnaccountedWithin(e - (call.c === call.c ? call.c : 0) - waited);
  }

  /**
   * XCTENDs in bulk (trace-visitor.ts onCommitRun), booked as onCall books one: its count in the
   * call book and its tim in its session's span. A commit has no e and no cursor: it holds no waits
   * and adopts no calls (leavesToNextCall).
   */
  onCommitRun(run: CommitRun, from: number, to: number, at: RecordPosition): void {
    this.callBook.count(XCTEND, 0, to - from);
    const perUnit = at.microsPerUnit;
    const session = at.session;
    const spans = this.spans;
    const tim = run.tim;
    for (let i = from; i < to; i++) {
      const end = (tim[i] as number) * perUnit;
      if (!(end === end)) continue; // no tim before 11g: no place in time
      spans.reach(session);
      if (end < (spans.start[session] as number)) spans.start[session] = end;
      if (end > (spans.end[session] as number)) spans.end[session] = end;
      spans.after[session] = 0;
    }
  }

  /** A recursive call no call of the trace adopted (statement-book.ts TopLevelCalls): its CPU and unaccounted-for time, as a dep 0 call's. */
  topLevelCall(name: string, c: number, unaccounted: number): void {
    if (c === c) this.addCpu(name, c);
    if (unaccounted === unaccounted) this.addUnaccountedWithin(unaccounted);
  }

  onParseError(dep: number, at: RecordPosition): void {
    this.statements.parseFailed(at.pid, dep, this);
  }

  onCursor(record: VisitedCursor, at: RecordPosition): void {
    this.statements.cursor(record, at.pid);
  }

  /** Ends the pass. Waits never followed by a call of theirs (the trace ended mid-call) are between calls. */
  finish(): DatasetProfile {
    this.endWaits();
    this.statements.releaseHeld(this);
    const { t0, t1 } = this.spans.lists();
    const { responseTime, sessions } = responseTimeOfSpans(t0, t1);
    const statements = this.withStatements ? this.statements.finish() : [];
    return withUnaccountedBetween({ responseTime, sessions, components: this.components(), calls: this.callBook.totals(), statements, thinkTimeMicros: this.thinkTime });
  }

  /**
   * Ends the pass over one byte range (constructed with `range`). Its waits still held go between
   * calls, as at a file's end: right for the last range, and the join rescans the file in one pass
   * where another range ended holding some (its cuts are chosen so none does: range-plan.ts).
   */
  finishRange(): RangeProfile {
    const held = [...this.processes.values()].some((w) => w.pending.n > 0);
    this.endWaits();
    const { statements, carry, firstSeen } = this.statements.finishRange();
    // Calls still held: top-level calls, as at a file's end (right for the last range; a range
    // before it that holds some is not clean, and the join reads the file in one pass).
    this.statements.releaseHeld(this);
    return {
      profile: { responseTime: 0, sessions: 0, components: this.components(), calls: this.callBook.totals(), statements: this.withStatements ? statements : [], thinkTimeMicros: this.thinkTime },
      spans: this.spans.parts(),
      statements: { ...carry, clean: carry.clean && !held },
      firstSeen: this.withStatements ? firstSeen : [],
    };
  }

  private endWaits(): void {
    for (const { pending } of this.processes.values()) {
      for (let i = 0; i < pending.n; i++) this.betweenWait(pending.id[i] as number, pending.ela[i] as number);
      pending.n = 0;
    }
  }

  private components(): ProfileComponent[] {
    return this.order.map((c) => ({
      component: c.component,
      kind: c.kind,
      subject: c.subject,
      total: c.total,
      count: c.tally.count,
      counts: c.tally.take(),
    }));
  }

  private betweenWait(id: number, ela: number): void {
    if (ela >= this.thinkTime && this.names[id] === THINK_TIME_EVENT) this.addWait('think-time', id, ela);
    else this.addWait('wait-between', id, ela);
  }

  /**
   * Books a value on a row; rows are made as first met (their names built once then). Wait rows
   * are found by event id and CPU rows by the call name the scan hands over (one string per
   * name), so no lookup hashes a new string.
   */
  private addWait(kind: WaitKind, id: number, value: number): void {
    const rows = this.waitRows[kind];
    book(rows[id] ?? (rows[id] = this.waitRow(kind, this.names[id] as string)), value);
  }

  /** The row of waits of `kind` of the event `name`, made when first met (once per id: see waitRowsByName). */
  private waitRow(kind: WaitKind, name: string): OpenComponent {
    const byName = this.waitRowsByName[kind];
    let row = byName.get(name);
    if (row === undefined) byName.set(name, (row = this.row(kind, name)));
    return row;
  }

  private addCpu(call: string, value: number): void {
    let row = this.lastCpu;
    if (row === null || row.subject !== call) {
      row = this.cpuRows.get(call) ?? this.cpuRows.set(call, this.row('cpu', call)).get(call) as OpenComponent;
      this.lastCpu = row;
    }
    book(row, value);
  }

  private addUnaccountedWithin(value: number): void {
    book((this.unaccountedWithin ??= this.row('unaccounted-within', '')), value);
  }

  private row(kind: ComponentKind, subject: string): OpenComponent {
    const row = { component: componentName(kind, subject), kind, subject: subject === '' ? null : subject, total: DOUBLE_ZERO, tally: new ValueTally() };
    this.order.push(row);
    return row;
  }

  /**
   * Whether a wait lies within the call after it: by its midpoint, tested in onCall, where both
   * have a tim; else (no tim) by the event's name.
   */
  private withinByName(id: number): boolean {
    return !BETWEEN_CALL_EVENTS.has(this.names[id] as string);
  }
}

/** R = Σ over sessions of t1 − t0 (response-time.md), summed in session order; sessions with no span count none. */
export function responseTimeOfSpans(t0: readonly (number | undefined)[], t1: readonly (number | undefined)[]): { responseTime: number; sessions: number } {
  let responseTime = 0;
  let sessions = 0;
  for (let s = 0; s < t0.length; s++) {
    const start = t0[s];
    const end = t1[s];
    if (start === undefined || end === undefined) continue;
    sessions++;
    responseTime += end - start;
  }
  return { responseTime, sessions };
}

/** Adds the last row: R less every component, unaccounted-for between calls (response-time.md). */
export function withUnaccountedBetween(profile: DatasetProfile): DatasetProfile {
  const accounted = profile.components.reduce((sum, c) => sum + c.total, 0);
  const row: ProfileComponent = { component: UNACCOUNTED_BETWEEN, kind: 'unaccounted-between', subject: null, total: profile.responseTime - accounted, count: profile.sessions, counts: null };
  return { ...profile, components: [...profile.components, row] };
}

function componentName(kind: ComponentKind, subject: string): string {
  switch (kind) {
    case 'cpu':
      return cpuComponent(subject);
    case 'wait-within':
      return waitWithinComponent(subject);
    case 'wait-between':
      return waitBetweenComponent(subject);
    case 'think-time':
      return THINK_TIME_COMPONENT;
    case 'unaccounted-within':
      return UNACCOUNTED_WITHIN;
    case 'unaccounted-between':
      return UNACCOUNTED_BETWEEN;
  }
}

const XCTEND = 'XCTEND';

type WaitKind = 'wait-within' | 'wait-between' | 'think-time';

function book(row: OpenComponent, value: number): void {
  row.total += value;
  row.tally.add(value);
}
