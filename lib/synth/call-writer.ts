import { noObject, waitParams, type Dialect } from './dialects';
import type { Rng } from './random';
import type { SessionWriter } from './session-writer';
import type { TraceBuilder } from './trace-writer';
import type { TruthBook } from './call-truth';

/**
 * Writes database calls with consistent timings and books each one in a TruthBook as it goes.
 *
 * Time runs on the session's Clock, in the file's unit ("ticks": µs, or centiseconds in 8i). A call is
 * `open()`ed when it starts; its waits and recursive calls are written while it is open, and its own
 * line when it is `close…()`d, at its end: so every line is written when its call or wait ends, and a
 * call's waits and dep+1 calls come before it (response-time.md "Ordering and attribution"; Millsap &
 * Holt, *Optimizing Oracle Performance*, ch. 5). By construction:
 * - tim of a call is its end, e = end − start, and every wait inside lies within [tim − e, tim];
 * - a parent's e, c, p, cr and cu include its children's;
 * - a wait written with no call open lies between calls: it ends at least one tick before the next
 *   call starts (in µs files; 8i files write no wait tim, so it cannot matter there).
 */

/** A statement as the generator knows it: its text and the identities the trace writes for it. */
export interface SqlStatement {
  /** sql_id where the dialect writes one, else the hash value as text. */
  key: string;
  text: readonly string[];
  oct: number;
  dep: number;
  hv: number;
  sqlId: string;
  ad: string;
  plh: number;
  parent: string | null;
}

interface Frame {
  start: number;
  /** CPU of the calls closed inside it, µs, as their lines say. */
  childCpuUs: number;
  p: number;
  cr: number;
  cu: number;
  /** Ticks of waits inside it, at any depth. */
  waitTicks: number;
}

export interface CallFigures {
  /** The call's own CPU, µs (its children's is added). */
  cpuUs: number;
  /** Its own elapsed time beyond its CPU, µs. Default: 3–80 µs. */
  slackUs?: number;
  cr?: number;
  cu?: number;
  r?: number;
  mis?: number;
  /**
   * Make c exceed e − waits by this many µs: CPU counted twice, e.g. inside an instrumented wait
   * (response-time.md, NN), so unaccounted-for within the call is negative. At least one tick (1 cs
   * in 8i); ignored in 9i, whose CPU steps of 10 ms make such calls anyway.
   */
  overlapUs?: number;
}

/** Physical blocks one wait of these events reads. */
const BLOCKS: Record<string, number> = { 'db file sequential read': 1, 'db file scattered read': 8, 'direct path read': 1 };

export class CallWriter {
  /** µs per tick of the file's unit. */
  readonly tick: number;
  private readonly stack: Frame[] = [];
  private readonly scn: { scn: number };

  constructor(
    readonly b: TraceBuilder,
    readonly s: SessionWriter,
    readonly d: Dialect,
    readonly rng: Rng,
    readonly truth: TruthBook,
  ) {
    this.tick = d.unit === 'cs' ? 10_000 : 1;
    this.scn = { scn: 40_218_191_431_498 + rng.int(0, 99_999_999) };
  }

  /** Now, in ticks (the `tim` the next line would write). */
  get now(): number {
    return this.s.clock.tim;
  }

  /** Calls open right now: the depth of the next call. */
  get depth(): number {
    return this.stack.length;
  }

  ticks(us: number): number {
    return Math.max(0, Math.round(us / this.tick));
  }

  private advance(ticks: number): void {
    this.s.clock.advance(ticks * this.tick);
  }

  /** A short pause between two records: 2–30 µs (0 ticks in centisecond files, usually). */
  private gap(): void {
    this.advance(this.ticks(this.rng.int(2, 30)));
  }

  /** A call starts now. Close it with `close()`, `closeCursor()` or `lobRead()`. */
  open(): this {
    this.gap();
    this.stack.push({ start: this.now, childCpuUs: 0, p: 0, cr: 0, cu: 0, waitTicks: 0 });
    return this;
  }

  /** A WAIT of `us` µs (rounded to the file's unit); inside the open call, or between calls when none is open. */
  wait(cursor: string, event: string, us: number, obj?: number): this {
    this.gap();
    const ela = this.ticks(us);
    this.advance(ela);
    const params = waitParams(event, this.d, this.rng, this.scn);
    this.b.wait({
      cursor,
      event,
      ela,
      params,
      obj: this.d.obj === 'absent' ? null : (obj ?? noObject(this.d)),
      tim: this.d.waitTim ? this.now : null,
      unit: this.d.unit,
      elaSpace: this.d.elaSpace,
    });
    const top = this.stack[this.stack.length - 1];
    if (top) {
      top.waitTicks += ela;
      top.p += BLOCKS[event] ?? 0;
    }
    this.truth.wait(event, ela * this.tick, top !== undefined, this.now * this.tick);
    return this;
  }

  /** `=====================` + `PARSING IN CURSOR … END OF STMT` (trace-format.md §5), at the current time. */
  parsing(cursor: string, st: SqlStatement): this {
    this.truth.statement({ key: st.key, sqlId: this.d.sqlid ? st.sqlId : null, hashValue: st.hv, dep: st.dep, parent: st.parent });
    const len = st.text.reduce((n, l) => n + l.length, 0) + st.text.length - 1;
    const user = st.dep === 0 ? 108 : 0;
    const sqlid = this.d.sqlid ? ` sqlid='${st.sqlId}'` : '';
    this.b.lineOf('=====================');
    this.b.lineOf(`PARSING IN CURSOR #${cursor} len=${len} dep=${st.dep} uid=${user} oct=${st.oct} lid=${user} tim=${this.now} hv=${st.hv} ad='${st.ad}'${sqlid}`);
    this.b.lines(st.text);
    this.b.lineOf('END OF STMT');
    return this;
  }

  /** Ends the open call: a PARSE, EXEC or FETCH line on `cursor` of `st` (null: a cursor never parsed in the file). */
  close(kind: 'PARSE' | 'EXEC' | 'FETCH', cursor: string, st: SqlStatement | null, f: CallFigures): this {
    const frame = this.pop(kind);
    this.advance(this.ticks(f.cpuUs + (f.slackUs ?? this.rng.int(3, 80))));
    const dep = this.stack.length;
    const e = this.now - frame.start;
    let c = this.cpuTicks(frame.childCpuUs + f.cpuUs);
    // 9i's 10 ms CPU steps make such calls on their own.
    if (f.overlapUs !== undefined && this.d.family !== '9i') c = e - frame.waitTicks + Math.max(1, this.ticks(f.overlapUs));
    const p = frame.p;
    const cr = frame.cr + (f.cr ?? 0);
    const cu = frame.cu + (f.cu ?? 0);
    const r = f.r ?? 0;
    const mis = f.mis ?? 0;
    const og = this.d.family === '8i' || this.d.family === '9i' ? 4 : 1;
    const plh = this.d.plh ? `,plh=${st?.plh ?? 0}` : '';
    this.b.lineOf(`${kind} #${cursor}:c=${c},e=${e},p=${p},cr=${cr},cu=${cu},mis=${mis},r=${r},dep=${dep},og=${og}${plh},tim=${this.now}`);
    this.finishCall(frame, { call: kind, dep, e, c, p, cr, cu, r, mis, timed: true, statement: st?.key ?? unknownStatement(cursor) });
    return this;
  }

  /** `CLOSE #c:c=0,e=…,dep=…,type=…,tim=…` (11g+; response-time.md: type 0 hard close, 1–3 cached). No-op before 11g. */
  closeCursor(cursor: string, type: 0 | 1 | 2 | 3): this {
    if (!this.d.closeLines) return this;
    this.open();
    const frame = this.pop('CLOSE');
    this.advance(this.ticks(this.rng.int(1, 14)));
    const dep = this.stack.length;
    const e = this.now - frame.start;
    this.b.lineOf(`CLOSE #${cursor}:c=0,e=${e},dep=${dep},type=${type},tim=${this.now}`);
    this.finishCall(frame, { call: 'CLOSE', dep, e, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0, timed: true, statement: null });
    return this;
  }

  /** Ends the open call as a LOB read: no cursor, depth 0 (trace-format.md §5: `LOBREAD: type=PERSISTENT LOB,bytes=…`). */
  lobRead(bytes: number, f: CallFigures): this {
    const frame = this.pop('LOBREAD');
    this.advance(this.ticks(f.cpuUs + (f.slackUs ?? this.rng.int(3, 80))));
    const e = this.now - frame.start;
    const c = this.cpuTicks(frame.childCpuUs + f.cpuUs);
    const cr = frame.cr + (f.cr ?? 0);
    const cu = frame.cu + (f.cu ?? 0);
    this.b.lineOf(`LOBREAD: type=PERSISTENT LOB,bytes=${bytes},c=${c},e=${e},p=${frame.p},cr=${cr},cu=${cu},tim=${this.now}`);
    this.finishCall(frame, { call: 'LOBREAD', dep: 0, e, c, p: frame.p, cr, cu, r: 0, mis: 0, timed: true, statement: null });
    return this;
  }

  /** `XCTEND rlbk=0, rd_only=0[, tim=…]`: a commit. It has no span of its own. */
  xctend(): this {
    this.gap();
    this.b.lineOf(`XCTEND rlbk=0, rd_only=0${this.d.xctendTim ? `, tim=${this.now}` : ''}`);
    const at = this.now * this.tick;
    this.truth.call({ call: 'XCTEND', dep: 0, e: 0, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0, timed: false, start: at, end: at, statement: null });
    return this;
  }

  /** A `***` stamp line at the current time. */
  stamp(): this {
    this.s.stamp();
    return this;
  }

  /** Every call opened was closed: the session may end. */
  assertIdle(): void {
    if (this.stack.length > 0) throw new Error(`${this.stack.length} call(s) still open`);
  }

  /** CPU as written: centiseconds in 8i, 10 ms steps in 9i (trace-format.md §1), µs otherwise. */
  private cpuTicks(us: number): number {
    if (this.d.family === '9i') return Math.round(us / 10_000) * 10_000;
    return this.ticks(us);
  }

  private pop(kind: string): Frame {
    const frame = this.stack.pop();
    if (!frame) throw new Error(`${kind} closed with no call open`);
    return frame;
  }

  private finishCall(frame: Frame, k: { call: string; dep: number; e: number; c: number; p: number; cr: number; cu: number; r: number; mis: number; timed: boolean; statement: string | null }): void {
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      parent.childCpuUs += k.c * this.tick;
      parent.p += k.p;
      parent.cr += k.cr;
      parent.cu += k.cu;
      parent.waitTicks += frame.waitTicks;
    }
    const t = this.tick;
    this.truth.call({ ...k, e: k.e * t, c: k.c * t, start: frame.start * t, end: this.now * t });
  }
}

export function unknownStatement(cursor: string): string {
  return `unknown statement (cursor #${cursor})`;
}
