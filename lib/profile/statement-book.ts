import type { RecordPosition, VisitedCall, VisitedCursor } from '../trace/trace-visitor';
import { addCall, depthOf, emptyCallSums } from './call-book';
import type { CallSums, StatementTotals } from './profile-model';
import { rangeCursorKey, statementKey, unknownStatementKey } from './statement-key';
import type { StatementCarry } from './range-profile';
import { PerProcess } from '../trace/per-process';
import { ValueTally } from './value-tally';
import { DOUBLE_ZERO } from '../double-zero';
import { adoptedFrom, HeldCalls } from './held-calls';
import { leavesToNextCall } from '../trace/call-line';

type WaitSums = StatementTotals['waits'][string];

/**
 * A statement while the pass runs: StatementTotals with sets and an open tally, its fields in
 * StatementTotals' order (totals() spreads it). A class, not an object literal: the literal shared
 * its hidden classes with totals()' output, whose `children`, `parents` and `executions` are arrays
 * and counts, so the first statement of a thread's second range threw away the optimized `call`,
 * `execution` and `endExecution` (V8 --trace-deopt: "code dependencies").
 */
class OpenStatement {
  readonly key: string;
  readonly sqlId: string | null;
  readonly hashValue: number | null;
  readonly unknownCursor: string | null;
  /** Its PARSING IN CURSOR's dep (or its first call's, when not parsed in the file). */
  readonly dep: number;
  /** The shallowest and deepest depths of its calls but CLOSE (Infinity and −1 before the first). */
  minCallDep = Infinity;
  maxCallDep = -1;
  text: string | null = null;
  readonly calls: Record<string, CallSums> = {};
  readonly waits: Record<string, WaitSums> = {};
  recursiveE = DOUBLE_ZERO;
  readonly children = new Set<string>();
  readonly parents = new Set<string>();
  readonly executions = new ValueTally();
  /** The entries of `waits` by event id (VisitedWait.id), found without hashing a name. */
  readonly waitsById: (WaitSums | undefined)[] = [];

  constructor(key: string, sqlId: string | null, hashValue: number | null, unknownCursor: string | null, dep: number) {
    this.key = key;
    this.sqlId = sqlId;
    this.hashValue = hashValue;
    this.unknownCursor = unknownCursor;
    this.dep = dep;
  }
}

/**
 * Where recursive calls go that no call in the trace adopts (StatementBook.settle): their parent's
 * line is not in the trace (tracing started or ended inside it, or a client call that writes none,
 * as jkstill's latency traces show). For the response-time profile they are top-level calls, as a
 * dep 0 call is: their c is CPU in calls, their waits are within calls, and e − c − those waits is
 * unaccounted-for within calls. Without this, a trace of a PL/SQL block's recursive SQL alone
 * (LucaCanali's 10046 sample: no dep=0 line) showed its 175 s of reads inside FETCH calls as
 * between calls and no CPU at all.
 */
export interface TopLevelCalls {
  topLevelCall(name: string, c: number, unaccounted: number): void;
}

/** One process's view of its cursors (trcsess interleaves processes; response-time.md). */
class ProcessCursors {
  /** Per cursor number: one lookup per call finds all a call needs. */
  readonly cursors = new Map<string, CursorState>();
  /** Per depth d ≥ 1: the calls at d that wait for their parent at d − 1, in order. */
  readonly held: (HeldCalls | undefined)[] = [];
}

interface CursorState {
  /** The statement of its latest PARSING IN CURSOR (or the unknown one, or a range's stand-in); null until known. */
  statement: OpenStatement | null;
  /** µs: the elapsed time of its execution in progress (EXEC and the FETCHes after it); NaN when none is. */
  open: number;
}

/**
 * Statements and their calls, as tkprof and TVD$XTAT show them (response-time.md "What tkprof
 * shows"), with what tkprof loses kept: the parent–child relation, the recursive share of each
 * statement's time, and the distribution of e per execution.
 *
 * Ordering (Millsap & Holt ch. 5; Debes ch. 24): a line is written when its call ends, so the
 * dep + 1 calls made inside a call come before it. Calls at depth d are held until the next call
 * of the same process at depth d − 1, which is their parent.
 */
export class StatementBook {
  private readonly statements = new Map<string, OpenStatement>();
  private readonly processes = new PerProcess<ProcessCursors>(() => new ProcessCursors());
  /** Set for a byte range of a file: what the join needs besides the totals (RangeNotes). */
  private readonly range: RangeNotes | null;
  private lastCursor = '';
  private lastProcess: ProcessCursors | null = null;
  private lastState: CursorState | null = null;

  constructor(options: { range?: boolean } = {}) {
    this.range = options.range ? new RangeNotes() : null;
  }

  cursor(record: VisitedCursor, pid: string | null): void {
    const key = statementKey(record.sqlId, record.hv === record.hv ? record.hv : null);
    const state = cursorState(this.processes.get(pid), record.cursor);
    this.endExecution(state, record.cursor);
    let statement = this.statements.get(key);
    if (statement === undefined) {
      statement = this.open(key, record.sqlId, record.hv === record.hv ? record.hv : null, null, record.dep === record.dep ? record.dep : 0);
    }
    statement.text ??= record.text;
    state.statement = statement;
  }

  /**
   * A call with a cursor; returns the statement it belongs to (null for XCTEND and LOB calls). Its
   * place among the calls around it comes after its waits are known: settle().
   */
  call(call: VisitedCall, pid: string | null): OpenStatement | null {
    if (call.cursor === '') return null;
    const process = this.processes.get(pid);
    const state = this.cursorStateOf(process, call.cursor);
    const dep = depthOf(call);
    const statement = this.statementFor(state, call.cursor, dep);
    // Not a CLOSE's: Oracle writes a recursive cursor's CLOSE at dep=0 when the client's call closes
    // it (6 corpus traces; the result cache's `delete from CRC$_RESULT_CACHE_STATS` ran at dep 1 and
    // showed as dep 0–1, in the client's statements).
    if (call.call !== 'CLOSE') {
      if (dep < statement.minCallDep) statement.minCallDep = dep;
      if (dep > statement.maxCallDep) statement.maxCallDep = dep;
    }
    let sums = statement.calls[call.call];
    if (sums === undefined) {
      this.range?.seen(statement, 'call', call.call);
      sums = statement.calls[call.call] = emptyCallSums();
    }
    addCall(sums, call);
    this.execution(state, call);
    return statement;
  }

  /**
   * After call(): the call adopts its recursive calls (adoptChildren), and a recursive call is held
   * for its own parent. `waited`: µs of the call's own waits. Returns µs of the waits inside the
   * calls it adopted (so all its waits are `waited` plus that); held calls it did not adopt go to
   * `topLevel`. `at`: the call's process, the unit of the trace's clock (the rounding of each e) and
   * whether its calls nest in time (adoptChildren).
   */
  settle(call: VisitedCall, at: RecordPosition, statement: OpenStatement | null, waited: number, topLevel: TopLevelCalls): number {
    const pid = at.pid;
    if (leavesToNextCall(call)) return 0;
    const process = this.processes.get(pid);
    const dep = depthOf(call);
    const held = this.heldBelow(process, dep);
    const inside = held !== undefined && held.n > 0 ? this.adoptChildren(process, dep, held, statement, call, at, topLevel) : 0;
    if (dep >= 1 && statement !== null) this.hold(process, dep, statement.key, call, waited + inside);
    return inside;
  }

  /**
   * The calls held at dep + 1, with those held deeper passed up to them, in order: a call at dep + 2
   * still held when a call at dep comes had no parent line at dep + 1 (it would have come before),
   * so it can only be inside this call, or before it.
   */
  private heldBelow(process: ProcessCursors, dep: number): HeldCalls | undefined {
    const held = process.held;
    for (let d = held.length - 1; d > dep + 1; d--) {
      const deeper = held[d];
      if (deeper === undefined || deeper.n === 0) continue;
      // Each call at d − 1 passed up (or adopted) those before it, so these all came after every call held at d − 1.
      (held[d - 1] ??= new HeldCalls()).take(deeper, 0, deeper.n);
      deeper.clear();
    }
    return held[dep + 1];
  }

  /** Every call still held goes to `topLevel`: at the end of the trace no parent of theirs comes. */
  releaseHeld(topLevel: TopLevelCalls): void {
    for (const process of this.processes.values()) this.release(process, topLevel);
  }

  /**
   * A dep 0 parse failed (`PARSE ERROR`): the calls its process holds ran inside it, and it wrote
   * no call line, so they go to `topLevel` with no parent (README "statements"). Without this the
   * next dep 0 call adopted them by its e: in the 9.2 corpus trace the PARSE 80 s after a failed
   * parse took 51 of its dictionary calls (107 ms) as its own recursive statements.
   */
  parseFailed(pid: string | null, dep: number, topLevel: TopLevelCalls): void {
    if (dep === 0) this.release(this.processes.get(pid), topLevel);
  }

  private release(process: ProcessCursors, topLevel: TopLevelCalls): void {
    const held = this.heldBelow(process, 0);
    if (held !== undefined) toTopLevel(held, 0, held.n, topLevel);
    held?.clear();
  }

  /** cursorState, with the last one remembered: calls come in runs on one cursor (a state is never replaced). */
  private cursorStateOf(process: ProcessCursors, cursor: string): CursorState {
    if (cursor === this.lastCursor && process === this.lastProcess) return this.lastState as CursorState;
    const state = cursorState(process, cursor);
    this.lastCursor = cursor;
    this.lastProcess = process;
    this.lastState = state;
    return state;
  }

  /** A wait of event `id` (named `names[id]`) that belongs to a call of `statement`. */
  wait(statement: OpenStatement, id: number, names: readonly string[], ela: number): void {
    let w = statement.waitsById[id];
    if (w === undefined) {
      const event = names[id] as string;
      if (this.range !== null && statement.waits[event] === undefined) this.range.seen(statement, 'wait', event);
      w = statement.waitsById[id] = statement.waits[event] ??= { count: 0, total: DOUBLE_ZERO };
    }
    w.count++;
    w.total += ela;
  }

  finish(): StatementTotals[] {
    for (const process of this.processes.values()) {
      for (const [cursor, state] of process.cursors) this.endExecution(state, cursor);
    }
    return this.totals();
  }

  /**
   * Ends a range's pass (constructed with `range`): executions still open stay open, for the ranges
   * after it, and what the join needs comes with the statements.
   */
  finishRange(): { statements: StatementTotals[]; carry: StatementCarry; firstSeen: Record<string, number>[] } {
    const processes = [...this.processes.values()];
    const only = processes.length === 1 ? processes[0] : undefined;
    const carry: StatementCarry = {
      cursors: only ? [...only.cursors].flatMap(([cursor, c]): [string, string][] => (c.statement ? [[cursor, c.statement.key]] : [])) : [],
      open: only ? [...only.cursors].flatMap(([cursor, c]): [string, number][] => (c.open === c.open ? [[cursor, c.open]] : [])) : [],
      carriedIn: [...(this.range?.carriedIn ?? [])],
      // One process per range: trcsess output, which interleaves several, is read in one pass.
      clean: processes.length <= 1 && (only?.held.every((held) => held === undefined || held.n === 0) ?? true),
    };
    const firstSeen = [...this.statements.values()].map((s) => this.range?.firstSeen.get(s) ?? {});
    return { statements: this.totals(), carry, firstSeen };
  }

  private totals(): StatementTotals[] {
    return [...this.statements.values()].map(({ waitsById: _byId, minCallDep, maxCallDep, ...s }) => ({
      ...s,
      dep: maxCallDep < 0 ? s.dep : minCallDep,
      maxDep: maxCallDep < 0 ? s.dep : maxCallDep,
      callDepths: maxCallDep >= 0,
      children: [...s.children],
      parents: [...s.parents],
      executions: s.executions.take(),
    }));
  }

  private statementFor(state: CursorState, cursor: string, dep: number): OpenStatement {
    const known = state.statement;
    if (known !== null) return known;
    // In a range, an earlier range may have parsed the cursor: a stand-in until the join knows.
    const key = this.range !== null ? rangeCursorKey(cursor) : unknownStatementKey(cursor);
    const statement = this.statements.get(key) ?? this.open(key, null, null, cursor, dep);
    state.statement = statement;
    return statement;
  }

  /** EXEC starts an execution, FETCH adds to it; the next EXEC, PARSE or CLOSE of the cursor ends it. */
  private execution(state: CursorState, call: VisitedCall): void {
    const e = call.e === call.e ? call.e : 0;
    if (call.call === 'EXEC') {
      this.endExecution(state, call.cursor);
      state.open = e;
    } else if (call.call === 'FETCH') {
      if (state.open === state.open) state.open += e;
      else this.range?.fetchBeforeOwn(call.cursor, e);
    } else if (call.call === 'CLOSE' || call.call === 'PARSE') {
      this.endExecution(state, call.cursor);
    }
  }

  private endExecution(state: CursorState, cursor: string): void {
    const e = state.open;
    if (e !== e) {
      this.range?.endBeforeOwn(cursor);
      return;
    }
    state.open = NaN;
    state.statement?.executions.add(e);
  }

  /**
   * Calls at dep + 1 held since this depth's last call are this call's children (a line is written
   * when its call ends: Millsap & Holt ch. 5), those `adoptedFrom` says (the rule and its evidence
   * are there). The earlier ones ran inside a call the trace does not show: at dep 0 they are
   * top-level calls (`topLevel`); deeper, they are held one depth up, for a parent above. A LOB call
   * (no statement) adopts by its e too, with no statement to link. Returns µs of the adopted calls'
   * waits.
   */
  private adoptChildren(process: ProcessCursors, dep: number, held: HeldCalls, statement: OpenStatement | null, call: VisitedCall, at: RecordPosition, topLevel: TopLevelCalls): number {
    const n = held.n;
    const first = adoptedFrom(held, call, at);
    let e = 0;
    let waited = 0;
    for (let i = first; i < n; i++) {
      e += held.e[i] as number;
      waited += held.waited[i] as number;
    }
    if (statement !== null && first < n) this.link(statement, held, first, n, e);
    if (first > 0) {
      if (dep === 0) toTopLevel(held, 0, first, topLevel);
      else (process.held[dep] ??= new HeldCalls()).take(held, 0, first);
    }
    // A dep 0 call without e (a CLOSE before 11.2) has no e − c that holds them: its calls are
    // top-level calls for the profile, though its statement is their parent.
    if (dep === 0 && call.e !== call.e) {
      toTopLevel(held, first, n, topLevel);
      waited = 0;
    }
    held.clear();
    return waited;
  }

  /** The statements of held calls [from, to) are children of `parent`, in the order first met; `e`: theirs, summed. */
  private link(parent: OpenStatement, held: HeldCalls, from: number, to: number, e: number): void {
    parent.recursiveE += e;
    for (let i = from; i < to; i++) {
      const key = held.key[i] as string;
      if (parent.children.has(key)) continue;
      const found = this.statements.get(key);
      if (this.range !== null) {
        this.range.seen(parent, 'child', key);
        if (found !== undefined && !found.parents.has(parent.key)) this.range.seen(found, 'parent', parent.key);
      }
      parent.children.add(key);
      found?.parents.add(parent.key);
    }
  }

  /** A recursive call waits for its parent, with the µs of the waits inside it (its own and its adopted calls'). */
  private hold(process: ProcessCursors, dep: number, key: string, call: VisitedCall, waited: number): void {
    const e = call.e === call.e ? call.e : 0;
    (process.held[dep] ??= new HeldCalls()).push(key, call.call, e, call.c, waited, call.e - (call.c === call.c ? call.c : 0) - waited, call.tim);
  }

  private open(key: string, sqlId: string | null, hashValue: number | null, unknownCursor: string | null, dep: number): OpenStatement {
    const statement = new OpenStatement(key, sqlId, hashValue, unknownCursor, dep);
    this.statements.set(key, statement);
    return statement;
  }
}

/**
 * What a byte range's book notes for the join (range-profile.ts), whose ranges before it are unknown
 * here: per cursor met before any execution of its own, the FETCH time and the end an execution open
 * before the range would get (`carriedIn`); and when each statement's call names, wait events,
 * children and parents were first met (one counter for the range), so that a statement's two entries
 * (its stand-in and itself) are joined in the order one pass meets them.
 */
class RangeNotes {
  readonly carriedIn = new Map<string, { fetchE: number; ended: boolean }>();
  readonly firstSeen = new Map<OpenStatement, Record<string, number>>();
  private seq = 0;

  seen(statement: OpenStatement, list: FirstSeenList, key: string): void {
    let of = this.firstSeen.get(statement);
    if (of === undefined) this.firstSeen.set(statement, (of = {}));
    of[firstSeenKey(list, key)] = this.seq++;
  }

  /** A FETCH with no execution of the range's own open on its cursor. */
  fetchBeforeOwn(cursor: string, e: number): void {
    const carried = this.carriedIn.get(cursor);
    if (carried === undefined) this.carriedIn.set(cursor, { fetchE: e, ended: false });
    else if (!carried.ended) carried.fetchE += e;
  }

  /** An EXEC, PARSE, CLOSE or PARSING IN CURSOR with no execution of the range's own open on its cursor. */
  endBeforeOwn(cursor: string): void {
    const carried = this.carriedIn.get(cursor);
    if (carried === undefined) this.carriedIn.set(cursor, { fetchE: 0, ended: true });
    else carried.ended = true;
  }
}

function toTopLevel(held: HeldCalls, from: number, to: number, topLevel: TopLevelCalls): void {
  for (let i = from; i < to; i++) topLevel.topLevelCall(held.name[i] as string, held.c[i] as number, held.unaccounted[i] as number);
}

function cursorState(process: ProcessCursors, cursor: string): CursorState {
  let state = process.cursors.get(cursor);
  if (state === undefined) {
    state = { statement: null, open: NaN };
    process.cursors.set(cursor, state);
  }
  return state;
}

/** The lists of a statement whose order the join restores (range-profile.ts). */
export type FirstSeenList = 'call' | 'wait' | 'child' | 'parent';

export const firstSeenKey = (list: FirstSeenList, key: string): string => `${list}\u0000${key}`;
