import { CursorPool, releaseFamily, writesLobCalls, type CallRelease } from './call-releases';
import { mergeTruths, TruthBook, type CallWorkloadTruth } from './call-truth';
import { CallWriter, unknownStatement, type SqlStatement } from './call-writer';
import { startTrace } from './fixture-kit';
import { statementCatalog, type StatementCatalog } from './oltp-statements';
import { createRng, deriveSeed, type Seed } from './random';
import { otherEla, skewedBetween } from './session-writer';
import type { PresetName } from './wait-model';

/**
 * A seeded OLTP session with realistic call lines in the dialect of one release, and its ground truth
 * (call-truth.ts), booked by the writer as it decides each record.
 *
 * Each session:
 * - starts in the middle of a FETCH on a cursor the file never parses (tracing was switched on
 *   mid-call): waits, then the FETCH line, whose start lies before the first line of the file;
 * - runs `transactions` order-entry transactions: think time (every third one ≥ 1 s), a customer query
 *   (PARSE, EXEC, FETCH with reads inside), the customer's orders (hard parse with a dep=1 dictionary
 *   query the first time; several FETCHes; it reuses the customer query's cursor number after CLOSE),
 *   an order line insert (a read, then a dep=1 sequence update, inside its EXEC), a stock update (a row
 *   lock wait after each think time), a commit, and in 19c+ a document read through LOBREAD;
 * - commits either as the client's commit call (XCTEND, then `log file sync` between calls) or with a
 *   `COMMIT` statement (XCTEND and `log file sync` inside its EXEC). Files before 10.2 have no WAIT tim,
 *   so a profile cannot place their waits by time; there the session uses only the COMMIT statement and
 *   puts only SQL*Net waits between calls, so that the usual name list gives the same answer;
 * - one FETCH per session counts CPU twice (c > e − waits: negative unaccounted-for time, NN), and 8i/9i
 *   CPU quantization makes more of them;
 * - ends with a call line in files without WAIT tim, so that their t1 is visible.
 */

export interface CallSessionOptions {
  release: CallRelease;
  seed: Seed;
  /** Order-entry transactions after the mid-call start. */
  transactions: number;
  sessionIndex?: number;
  /** The `log file sync` model (wait-model.ts). Default flash-on. */
  preset?: PresetName;
}

export interface CallSession {
  pid: number;
  bytes: Uint8Array;
  truth: CallWorkloadTruth;
}

export function callSessionPid(index: number): number {
  return 4_100 + index * 7;
}

/** The seed of session `index` of a `--workload oltp` run. */
export function callSessionSeed(release: CallRelease, seed: number, index: number): Seed {
  return `synth/oltp/${release}/${seed}/${index}`;
}

export function generateCallSession(o: CallSessionOptions): CallSession {
  const index = o.sessionIndex ?? 0;
  const family = releaseFamily(o.release);
  const pid = callSessionPid(index);
  const { b, s, d } = startTrace(family, o.seed, {
    pid,
    sid: 131 + index * 3,
    serial: 2_011 + index * 17,
    action: 'order entry',
    preset: o.preset ?? 'flash-on',
    // 2001-era redo disks: ~15× slower, so that whole centiseconds show (as the v8i fixture does).
    elaScale: family === '8i' ? 15 : 1,
    timShift: index * 1_000_003,
  });
  const rng = createRng(deriveSeed(o.seed, 'calls'));
  const truth = new TruthBook();
  const w = new CallWriter(b, s, d, rng, truth);
  const session = new OltpSession(w, statementCatalog(d), new CursorPool(d, rng), o.release);
  session.run(o.transactions);
  return { pid, bytes: b.toBytes(), truth: truth.finish() };
}

/** `sessions` sessions with consecutive indexes, and the truth of all of them together. */
export function generateCallWorkload(o: { release: CallRelease; seed: number; sessions: number; transactions: number; preset?: PresetName }): { sessions: CallSession[]; truth: CallWorkloadTruth } {
  const sessions: CallSession[] = [];
  for (let i = 0; i < o.sessions; i++) {
    sessions.push(generateCallSession({ release: o.release, seed: callSessionSeed(o.release, o.seed, i), transactions: o.transactions, sessionIndex: i, preset: o.preset }));
  }
  return { sessions, truth: mergeTruths(sessions.map((x) => x.truth)) };
}

const BETWEEN_FROM_CLIENT: [number, number] = [150, 40_000];

class OltpSession {
  private readonly timedWaits: boolean;
  private readonly lob: boolean;
  /** dep=0 cursors kept open across transactions, by statement key. */
  private readonly open = new Map<string, string>();
  /** The recursive sequence update's cursor, open once parsed (and never closed in the file). */
  private sequenceCursor: string | null = null;
  private readonly parsed = new Set<string>();
  private readonly tableObj: number;
  private readonly indexObj: number;

  constructor(
    private readonly w: CallWriter,
    private readonly sql: StatementCatalog,
    private readonly cursors: CursorPool,
    release: CallRelease,
  ) {
    this.timedWaits = w.d.waitTim;
    this.lob = writesLobCalls(release);
    this.tableObj = w.rng.int(70_000, 80_000);
    this.indexObj = this.tableObj + w.rng.int(1, 40);
  }

  run(transactions: number): void {
    this.midCallStart();
    for (let k = 0; k < transactions; k++) this.transaction(k, k === transactions - 1);
    this.w.assertIdle();
  }

  private get rng() {
    return this.w.rng;
  }

  private read(cursor: string, event = 'db file sequential read'): void {
    this.w.wait(cursor, event, otherEla(this.rng, event), this.rng.chance(0.5) ? this.tableObj : this.indexObj);
  }

  /** Between calls: the client's next request arrives after `us` µs. */
  private fromClient(cursor: string, us = skewedBetween(this.rng, ...BETWEEN_FROM_CLIENT)): void {
    this.w.wait(cursor, 'SQL*Net message from client', us);
  }

  private toClient(cursor: string): void {
    this.w.wait(cursor, 'SQL*Net message to client', otherEla(this.rng, 'SQL*Net message to client'));
  }

  /** Tracing switched on while a FETCH ran: its waits, then its line; the cursor is never parsed in the file. */
  private midCallStart(): void {
    const w = this.w;
    const c = this.cursors.take();
    w.truth.statement({ key: unknownStatement(c), sqlId: null, hashValue: null, dep: 0, parent: null });
    w.open();
    // The call has been running for a while when the trace file is opened.
    w.s.clock.advance(w.ticks(this.rng.int(2_000, 30_000)) * w.tick);
    w.s.sessionStart();
    this.read(c);
    this.read(c);
    if (this.timedWaits) this.toClient(c);
    w.close('FETCH', c, null, { cpuUs: this.rng.int(200, 2_000), cr: this.rng.int(20, 90), r: 15 });
    this.fromClient(c);
    w.open();
    this.read(c);
    w.close('FETCH', c, null, { cpuUs: this.rng.int(50, 400), cr: this.rng.int(5, 30), r: 4 });
    // Not returned to the pool: a later PARSING IN CURSOR with its number would be a different statement.
    if (this.timedWaits) this.fromClient(c);
    w.closeCursor(c, 0);
  }

  private transaction(k: number, last: boolean): void {
    const w = this.w;
    const think = k % 3 === 1;
    this.fromClient('0', think ? this.rng.int(1_000_000, 4_000_000) : undefined);
    if (think) w.stamp();

    // The customer: parsed, run and closed every time; its cursor number goes back to the pool.
    const cust = this.cursors.take();
    this.parse(cust, this.sql.customer);
    w.open();
    this.binds(cust, [String(this.rng.int(100, 99_999))]);
    w.close('EXEC', cust, this.sql.customer, { cpuUs: this.rng.int(15, 90) });
    w.open();
    this.read(cust);
    if (this.timedWaits) this.toClient(cust);
    w.close('FETCH', cust, this.sql.customer, { cpuUs: this.rng.int(20, 250), cr: this.rng.int(3, 5), r: 1 });
    this.fromClient(cust);
    this.closeAndFree(cust, 1);

    // The orders: the pool hands out the customer query's number again, for a different statement.
    const ord = this.cursors.take();
    this.parse(ord, this.sql.orders, k === 0 ? () => this.dictionaryLookup() : undefined);
    w.open();
    w.close('EXEC', ord, this.sql.orders, { cpuUs: this.rng.int(15, 90) });
    this.toClient(ord);
    this.fromClient(ord);
    w.open();
    this.read(ord);
    this.read(ord);
    // CPU counted twice in one FETCH per session (negative unaccounted-for within it).
    w.close('FETCH', ord, this.sql.orders, { cpuUs: this.rng.int(40, 300), cr: this.rng.int(4, 12), r: 1, overlapUs: k === 1 ? this.rng.int(20, 90) : undefined });
    this.toClient(ord);
    this.fromClient(ord);
    w.open();
    this.read(ord, 'db file scattered read');
    w.close('FETCH', ord, this.sql.orders, { cpuUs: this.rng.int(40, 300), cr: this.rng.int(8, 30), r: 9 });
    this.fromClient(ord);
    this.closeAndFree(ord, 3);

    // The order line: the cursor stays open; a read, then (every other time) the sequence refresh.
    const ins = this.kept(this.sql.insertLine);
    w.open();
    this.binds(ins, [String(this.rng.int(1_000, 9_999)), String(this.rng.int(1, 500))]);
    this.read(ins);
    if (k % 2 === 0) this.sequenceRefresh();
    w.close('EXEC', ins, this.sql.insertLine, { cpuUs: this.rng.int(60, 450), cr: this.rng.int(1, 4), cu: this.rng.int(4, 9), r: 1 });
    this.toClient(ins);
    this.fromClient(ins);

    // The stock: a row lock wait after each think time (named `enqueue` before 10g).
    const upd = this.kept(this.sql.updateStock);
    w.open();
    if (think) w.wait(upd, this.timedWaits ? 'enq: TX - row lock contention' : 'enqueue', skewedBetween(this.rng, 40_000, 600_000), this.tableObj);
    w.close('EXEC', upd, this.sql.updateStock, { cpuUs: this.rng.int(60, 400), cr: this.rng.int(2, 5), cu: this.rng.int(2, 4), r: 1 });
    this.toClient(upd);
    this.fromClient(upd);

    this.commit(k);

    if (this.lob && k % 2 === 0) this.documentRead();
    // Without WAIT tim the file must end with a call line, or its t1 could not be known.
    if (!last || this.timedWaits) this.toClient('0');
    if (last) this.end();
  }

  /** A commit: the client's commit call (10.2+, every other transaction), or a COMMIT statement. */
  private commit(k: number): void {
    const w = this.w;
    const sync = (cursor: string) => w.wait(cursor, 'log file sync', Math.round(w.s.ela.next() * (w.s.o.elaScale ?? 1)));
    if (this.timedWaits && k % 2 === 0) {
      w.xctend();
      sync('0');
      return;
    }
    const c = this.kept(this.sql.commit);
    w.open();
    w.xctend();
    sync(c);
    w.close('EXEC', c, this.sql.commit, { cpuUs: this.rng.int(15, 60), r: 0 });
  }

  /** 19c+: the document's LOB locator by FETCH, its bytes by LOBREAD (direct path reads inside). */
  private documentRead(): void {
    const w = this.w;
    const doc = this.cursors.take();
    this.parse(doc, this.sql.document);
    w.open();
    w.close('EXEC', doc, this.sql.document, { cpuUs: this.rng.int(15, 90) });
    w.open();
    this.read(doc);
    w.close('FETCH', doc, this.sql.document, { cpuUs: this.rng.int(20, 200), cr: 3, r: 1 });
    this.toClient(doc);
    this.fromClient(doc);
    w.open();
    this.w.wait('0', 'direct path read', otherEla(this.rng, 'direct path read'), this.tableObj + 7);
    this.w.wait('0', 'direct path read', otherEla(this.rng, 'direct path read'), this.tableObj + 7);
    w.lobRead(this.rng.int(4_000, 32_000), { cpuUs: this.rng.int(40, 200), cr: 2 });
    this.toClient('0');
    this.fromClient('0');
    this.closeAndFree(doc, 1);
  }

  /** The end of the traced part: CLOSE of the cursors still open (11g+), or nothing after the last call. */
  private end(): void {
    for (const c of this.open.values()) this.w.closeCursor(c, 0);
  }

  /** PARSE with its PARSING IN CURSOR; `recursive` runs inside it (a hard parse's dictionary SQL). */
  private parse(cursor: string, st: SqlStatement, recursive?: () => void): void {
    const w = this.w;
    const hard = !this.parsed.has(st.key);
    this.parsed.add(st.key);
    w.open();
    recursive?.();
    w.parsing(cursor, st);
    w.close('PARSE', cursor, st, { cpuUs: hard ? this.rng.int(2_500, 14_000) : this.rng.int(30, 160), mis: hard ? 1 : 0 });
  }

  /** The cursor of a statement parsed once and kept open across transactions. */
  private kept(st: SqlStatement): string {
    const known = this.open.get(st.key);
    if (known !== undefined) return known;
    const c = this.cursors.take();
    this.open.set(st.key, c);
    this.parse(c, st);
    return c;
  }

  private closeAndFree(cursor: string, type: 0 | 1 | 2 | 3): void {
    this.w.closeCursor(cursor, type);
    this.cursors.release(cursor);
  }

  private binds(cursor: string, values: string[]): void {
    this.w.s.binds(cursor, values);
  }

  /** dep=1 under the orders query's hard parse: obj$ lookup, with a read before its FETCH. */
  private dictionaryLookup(): void {
    const w = this.w;
    const st = this.sql.objLookup;
    const c = this.cursors.take();
    w.open();
    w.parsing(c, st);
    w.close('PARSE', c, st, { cpuUs: this.rng.int(300, 2_500), mis: 1 });
    w.open();
    w.close('EXEC', c, st, { cpuUs: this.rng.int(30, 200) });
    w.open();
    this.read(c);
    w.close('FETCH', c, st, { cpuUs: this.rng.int(30, 200), cr: 4, r: 1 });
    this.closeAndFree(c, 3);
  }

  /** dep=1 inside the insert's EXEC: the sequence's cache ran out. Its cursor stays open, unclosed. */
  private sequenceRefresh(): void {
    const w = this.w;
    const st = this.sql.sequence;
    let c = this.sequenceCursor;
    if (c === null) {
      c = this.cursors.take();
      this.sequenceCursor = c;
      w.open();
      w.parsing(c, st);
      w.close('PARSE', c, st, { cpuUs: this.rng.int(300, 2_500), mis: 1 });
    }
    w.open();
    w.close('EXEC', c, st, { cpuUs: this.rng.int(30, 200), cr: 1, cu: this.rng.int(2, 4), r: 1 });
  }
}
