import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait } from '../trace/trace-visitor';
import { CallBook, depthOf } from './call-book';
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
import { StatementBook } from './statement-book';
import type { RangeProfile } from './range-profile';
import { PerProcess } from '../trace/per-process';
import { ValueTally } from './value-tally';

/** A wait not yet given to a call. */
interface HeldWait {
  event: string;
  ela: number;
  /** µs; NaN without tim. */
  tim: number;
}

/** One process's waits on their way to a call (trcsess interleaves processes). */
interface ProcessWaits {
  /** Waits since the last call line, not yet given to any call. */
  pending: HeldWait[];
  /** How many of `pending` are held (the array is reused: setting an array's length is slow in V8). */
  pendingN: number;
  /** Waits given to recursive (dep ≥ 1) calls, waiting for the dep 0 call they are within. */
  inRecursive: HeldWait[];
  inRecursiveN: number;
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
export class ProfileCollector implements TraceVisitor {
  private readonly processes = new PerProcess<ProcessWaits>(() => ({ pending: [], pendingN: 0, inRecursive: [], inRecursiveN: 0 }));
  /** Rows per kind, by subject; `order` keeps them as first met. */
  private readonly rows: Record<ComponentKind, Map<string, OpenComponent>> = {
    cpu: new Map(),
    'wait-within': new Map(),
    'wait-between': new Map(),
    'think-time': new Map(),
    'unaccounted-within': new Map(),
    'unaccounted-between': new Map(),
  };
  private readonly order: OpenComponent[] = [];
  private readonly spare: HeldWait[] = [];
  private readonly callBook = new CallBook();
  private readonly statements: StatementBook;
  /** Per session index: earliest start and latest end, µs. */
  private readonly t0: number[] = [];
  private readonly t1: number[] = [];
  private readonly thinkTime: number;

  /** `range`: the pass is over one byte range of a file (range-profile.ts joins the ranges). */
  constructor(options: ProfileOptions & { range?: boolean } = {}) {
    this.thinkTime = options.thinkTimeMicros ?? DEFAULT_THINK_TIME_MICROS;
    this.statements = new StatementBook({ range: options.range === true });
  }

  onWait(record: VisitedWait, at: RecordPosition): void {
    // VisitedWait.tim is in the trace's unit; ela is µs already. Before 9i both are centiseconds.
    const tim = record.tim * at.microsPerUnit;
    this.span(at.session, tim - record.ela, tim);
    // Held waits are pooled: a trace has millions, and each lives only until the next call line.
    const w = this.spare.pop() ?? { event: '', ela: 0, tim: 0 };
    w.event = record.event;
    w.ela = record.ela;
    w.tim = tim;
    const waits = this.processes.get(at.pid);
    waits.pending[waits.pendingN++] = w;
  }

  onCall(call: VisitedCall, at: RecordPosition): void {
    this.callBook.add(call);
    const e = call.e === call.e ? call.e : 0;
    this.span(at.session, call.tim - e, call.tim);
    const statement = this.statements.call(call, at.pid);
    const waits = this.processes.get(at.pid);
    const start = call.tim - e;
    const pending = waits.pending;
    const held = waits.pendingN;
    if (depthOf(call) >= 1) {
      // Recursive: its waits are within whatever dep 0 call it runs under; the others wait for the parent.
      let kept = 0;
      for (let i = 0; i < held; i++) {
        const w = pending[i] as HeldWait;
        if (isWithin(w, start, call)) {
          if (statement !== null) this.statements.wait(statement, w.event, w.ela);
          waits.inRecursive[waits.inRecursiveN++] = w;
        } else pending[kept++] = w;
      }
      waits.pendingN = kept;
      return;
    }
    let waited = 0;
    for (let i = 0; i < waits.inRecursiveN; i++) {
      const w = waits.inRecursive[i] as HeldWait;
      this.add('wait-within', w.event, w.ela);
      waited += w.ela;
      this.spare.push(w);
    }
    waits.inRecursiveN = 0;
    for (let i = 0; i < held; i++) {
      const w = pending[i] as HeldWait;
      if (isWithin(w, start, call)) {
        if (statement !== null) this.statements.wait(statement, w.event, w.ela);
        this.add('wait-within', w.event, w.ela);
        waited += w.ela;
      } else this.betweenWait(w);
      this.spare.push(w);
    }
    waits.pendingN = 0;
    // XCTEND and a CLOSE without times have no c or e: nothing of R is inside them.
    if (call.c === call.c) this.add('cpu', call.call, call.c);
    if (call.e === call.e) this.add('unaccounted-within', '', e - (call.c === call.c ? call.c : 0) - waited);
  }

  onCursor(record: VisitedCursor, at: RecordPosition): void {
    this.statements.cursor(record, at.pid);
  }

  /** Ends the pass. Waits never followed by a call of theirs (the trace ended mid-call) are between calls. */
  finish(): DatasetProfile {
    this.endWaits();
    const { responseTime, sessions } = responseTimeOfSpans(this.t0, this.t1);
    return withUnaccountedBetween({ responseTime, sessions, components: this.components(), calls: this.callBook.totals(), statements: this.statements.finish(), thinkTimeMicros: this.thinkTime });
  }

  /**
   * Ends the pass over one byte range (constructed with `range`). Its waits still held go between
   * calls, as at a file's end: right for the last range, and the join rescans the file in one pass
   * where another range ended holding some (its cuts are chosen so none does: range-plan.ts).
   */
  finishRange(): RangeProfile {
    const held = [...this.processes.values()].some((w) => w.pendingN > 0 || w.inRecursiveN > 0);
    this.endWaits();
    const { statements, carry, firstSeen } = this.statements.finishRange();
    return {
      profile: { responseTime: 0, sessions: 0, components: this.components(), calls: this.callBook.totals(), statements, thinkTimeMicros: this.thinkTime },
      spans: { t0: [...this.t0], t1: [...this.t1] },
      statements: { ...carry, clean: carry.clean && !held },
      firstSeen,
    };
  }

  private endWaits(): void {
    for (const waits of this.processes.values()) {
      for (let i = 0; i < waits.inRecursiveN; i++) this.betweenWait(waits.inRecursive[i] as HeldWait);
      for (let i = 0; i < waits.pendingN; i++) this.betweenWait(waits.pending[i] as HeldWait);
      waits.inRecursiveN = 0;
      waits.pendingN = 0;
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

  private betweenWait(w: HeldWait): void {
    if (w.event === THINK_TIME_EVENT && w.ela >= this.thinkTime) this.add('think-time', w.event, w.ela);
    else this.add('wait-between', w.event, w.ela);
  }

  /**
   * Books a value on the row of a kind and subject (event or call name; '' for unaccounted-for
   * time). Rows are found by the subject string the scan hands over, one instance per name, so
   * the lookup hashes no new string; the row's name is built once, when it is made.
   */
  private add(kind: ComponentKind, subject: string, value: number): void {
    const rows = this.rows[kind];
    let row = rows.get(subject);
    if (row === undefined) {
      row = { component: componentName(kind, subject), kind, subject: subject === '' ? null : subject, total: 0, tally: new ValueTally() };
      rows.set(subject, row);
      this.order.push(row);
    }
    row.total += value;
    row.tally.add(value);
  }

  private span(session: number, start: number, end: number): void {
    if (!(end === end)) return; // no tim: no place in time
    const t0 = this.t0[session];
    if (t0 === undefined || start < t0) this.t0[session] = start;
    const t1 = this.t1[session];
    if (t1 === undefined || end > t1) this.t1[session] = end;
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

/** Whether a wait lies within a call that started at `start`: by its midpoint, else (no tim) by its name. */
function isWithin(w: HeldWait, start: number, call: VisitedCall): boolean {
  if (w.tim === w.tim && call.tim === call.tim) return w.tim - w.ela / 2 >= start;
  return !BETWEEN_CALL_EVENTS.has(w.event);
}
