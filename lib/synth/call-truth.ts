/**
 * The ground truth of a synthetic trace with call lines: what `waitscope profile --json` and
 * `waitscope statements --json` must report for it (issue 14 §6), booked by the generator from its
 * own decisions as it writes each record, never by reading its output back.
 *
 * The rules are those of shared/docs/response-time.md ("The response-time profile"):
 * - R = t1 − t0 per session: t0 the earliest start (tim − e of a call, tim − ela of a wait), t1 the
 *   latest end; summed over sessions;
 * - CPU: Σ c of dep=0 calls, one row per call type ("CPU: FETCH dbcalls");
 * - a wait is *within* calls when it lies inside a dep=0 call's span (at any depth), else *between*;
 *   between-call `SQL*Net message from client` waits of at least THINK_TIME_US are think time;
 * - unaccounted-for within calls = Σ e(dep=0) − Σ c(dep=0) − Σ within-call waits (may be negative);
 * - unaccounted-for between calls = R minus every other row, so the rows add up to R exactly.
 *
 * Conventions this file fixes where the documents leave a choice (a profile must follow them to agree):
 * - XCTEND and the LOB calls carry no `dep`; they are the client's calls, depth 0 (trace-visitor.ts).
 *   XCTEND has no c or e: it appears in `calls` with c = e = 0 and adds no CPU row.
 * - The count of "unaccounted-for within calls" is the number of dep=0 calls that carry an e; the
 *   count of "unaccounted-for between calls" is the number of sessions.
 * - All times are µs; in centisecond (8i) traces they are the written values × 10 000.
 */

export const THINK_TIME_US = 1_000_000;

/** Sums over the call lines of one name at one depth, as written: the profile's own type (issue 14 §6 `calls`). */
export type { CallTotals } from '../profile/profile-model';
import type { CallTotals } from '../profile/profile-model';

export interface ResponseTimeRow {
  component: string;
  total: number;
  count: number;
}

export interface ResponseTimeTruth {
  /** Σ over sessions of t1 − t0, µs. */
  total: number;
  rows: ResponseTimeRow[];
}

export interface CountAndElapsed {
  count: number;
  e: number;
}

export interface StatementTruth {
  /** sql_id where the trace has one, else the hash value, else `unknown statement (cursor #N)`. */
  key: string;
  sqlId: string | null;
  hashValue: number | null;
  dep: number;
  /** The key of the statement whose dep=0 call contains this one's calls; null at dep 0. */
  parent: string | null;
  parse: CountAndElapsed;
  exec: CountAndElapsed;
  fetch: CountAndElapsed;
}

export interface CallWorkloadTruth {
  sessions: number;
  calls: CallTotals[];
  responseTime: ResponseTimeTruth;
  statements: StatementTruth[];
}

/** One call as the generator wrote it, in µs. `timed`: the line carries c and e (not XCTEND). */
export interface BookedCall {
  call: string;
  dep: number;
  e: number;
  c: number;
  p: number;
  cr: number;
  cu: number;
  r: number;
  mis: number;
  timed: boolean;
  start: number;
  end: number;
  /** The statement's key; null for calls without a cursor (XCTEND, LOB calls). */
  statement: string | null;
}

export const UNACCOUNTED_WITHIN = 'unaccounted-for within calls';
export const UNACCOUNTED_BETWEEN = 'unaccounted-for between calls';
export const THINK_TIME_ROW = 'SQL*Net message from client [think time]';
export const cpuRow = (call: string): string => `CPU: ${call} dbcalls`;
export const betweenRow = (event: string): string => `${event} [between calls]`;

type Tally = { total: number; count: number };

/** The truth of one session, booked record by record. */
export class TruthBook {
  private readonly calls = new Map<string, CallTotals>();
  private readonly rows = new Map<string, Tally>();
  private readonly statements = new Map<string, StatementTruth>();
  private t0 = Infinity;
  private t1 = -Infinity;
  private dep0E = 0;
  private dep0C = 0;
  private dep0Timed = 0;
  private withinWaits = 0;

  /** Registers a statement (once; later calls with the same key must agree). */
  statement(s: Omit<StatementTruth, 'parse' | 'exec' | 'fetch'>): void {
    const seen = this.statements.get(s.key);
    if (seen) {
      if (seen.dep !== s.dep || seen.parent !== s.parent) throw new Error(`statement ${s.key} booked with two depths or parents`);
      return;
    }
    this.statements.set(s.key, { ...s, parse: { count: 0, e: 0 }, exec: { count: 0, e: 0 }, fetch: { count: 0, e: 0 } });
  }

  call(k: BookedCall): void {
    this.span(k.start, k.end);
    const id = `${k.dep}\u0000${k.call}`;
    const t = this.calls.get(id) ?? { call: k.call, dep: k.dep, count: 0, e: 0, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0 };
    this.calls.set(id, t);
    t.count++;
    t.e += k.e;
    t.c += k.c;
    t.p += k.p;
    t.cr += k.cr;
    t.cu += k.cu;
    t.r += k.r;
    t.mis += k.mis;
    if (k.dep === 0 && k.timed) {
      this.add(cpuRow(k.call), k.c);
      this.dep0E += k.e;
      this.dep0C += k.c;
      this.dep0Timed++;
    }
    if (k.statement !== null) {
      const s = this.statements.get(k.statement);
      if (!s) throw new Error(`call on statement ${k.statement} that was never booked`);
      if (s.dep !== k.dep) throw new Error(`statement ${k.statement} is at dep ${s.dep}, a call on it at dep ${k.dep}`);
      const slot = k.call === 'PARSE' ? s.parse : k.call === 'EXEC' ? s.exec : k.call === 'FETCH' ? s.fetch : null;
      if (slot) {
        slot.count++;
        slot.e += k.e;
      }
    }
  }

  /** A wait of `ela` µs that ended at `end`; `within`: inside a dep=0 call's span. */
  wait(event: string, ela: number, within: boolean, end: number): void {
    this.span(end - ela, end);
    if (within) {
      this.withinWaits += ela;
      this.add(event, ela);
    } else if (event === 'SQL*Net message from client' && ela >= THINK_TIME_US) {
      this.add(THINK_TIME_ROW, ela);
    } else {
      this.add(betweenRow(event), ela);
    }
  }

  finish(): CallWorkloadTruth {
    if (this.t0 === Infinity) throw new Error('a session with no records');
    const total = this.t1 - this.t0;
    const rows = new Map(this.rows);
    rows.set(UNACCOUNTED_WITHIN, { total: this.dep0E - this.dep0C - this.withinWaits, count: this.dep0Timed });
    let booked = 0;
    for (const r of rows.values()) booked += r.total;
    rows.set(UNACCOUNTED_BETWEEN, { total: total - booked, count: 1 });
    return {
      sessions: 1,
      calls: sortCalls([...this.calls.values()].map((c) => ({ ...c }))),
      responseTime: { total, rows: orderRows(rows) },
      statements: sortStatements([...this.statements.values()].map(copyStatement)),
    };
  }

  private add(component: string, us: number): void {
    const row = this.rows.get(component) ?? { total: 0, count: 0 };
    this.rows.set(component, row);
    row.total += us;
    row.count++;
  }

  private span(start: number, end: number): void {
    if (start < this.t0) this.t0 = start;
    if (end > this.t1) this.t1 = end;
  }
}

/** The truth of a dataset: every session's, summed (R too, since R is per session). */
export function mergeTruths(truths: readonly CallWorkloadTruth[]): CallWorkloadTruth {
  const calls = new Map<string, CallTotals>();
  const rows = new Map<string, Tally>();
  const statements = new Map<string, StatementTruth>();
  let total = 0;
  let sessions = 0;
  for (const t of truths) {
    sessions += t.sessions;
    total += t.responseTime.total;
    for (const c of t.calls) {
      const id = `${c.dep}\u0000${c.call}`;
      const m = calls.get(id);
      if (!m) calls.set(id, { ...c });
      else for (const f of ['count', 'e', 'c', 'p', 'cr', 'cu', 'r', 'mis'] as const) m[f] += c[f];
    }
    for (const r of t.responseTime.rows) {
      const m = rows.get(r.component) ?? { total: 0, count: 0 };
      rows.set(r.component, m);
      m.total += r.total;
      m.count += r.count;
    }
    for (const s of t.statements) {
      const m = statements.get(s.key);
      if (!m) statements.set(s.key, copyStatement(s));
      else {
        if (m.dep !== s.dep || m.parent !== s.parent) throw new Error(`statement ${s.key} has two depths or parents`);
        for (const f of ['parse', 'exec', 'fetch'] as const) {
          m[f].count += s[f].count;
          m[f].e += s[f].e;
        }
      }
    }
  }
  return { sessions, calls: sortCalls([...calls.values()]), responseTime: { total, rows: orderRows(rows) }, statements: sortStatements([...statements.values()]) };
}

function copyStatement(s: StatementTruth): StatementTruth {
  return { ...s, parse: { ...s.parse }, exec: { ...s.exec }, fetch: { ...s.fetch } };
}

function sortCalls(calls: CallTotals[]): CallTotals[] {
  return calls.sort((a, b) => a.dep - b.dep || (a.call < b.call ? -1 : a.call > b.call ? 1 : 0));
}

function sortStatements(s: StatementTruth[]): StatementTruth[] {
  return s.sort((a, b) => a.dep - b.dep || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** CPU rows, within-call waits, unaccounted within, between-call waits, think time, unaccounted between; by name inside each group. */
function orderRows(rows: Map<string, Tally>): ResponseTimeRow[] {
  const group = (c: string): number =>
    c.startsWith('CPU: ') ? 0 : c === UNACCOUNTED_WITHIN ? 2 : c === THINK_TIME_ROW ? 4 : c === UNACCOUNTED_BETWEEN ? 5 : c.endsWith(' [between calls]') ? 3 : 1;
  return [...rows.entries()]
    .map(([component, r]) => ({ component, total: r.total, count: r.count }))
    .sort((a, b) => group(a.component) - group(b.component) || (a.component < b.component ? -1 : a.component > b.component ? 1 : 0));
}

/** The truth as written next to a trace: JSON with one array element per line, so hand checks and diffs stay readable. */
export function formatTruth(value: unknown): string {
  return `${formatValue(value, '')}\n`;
}

function formatValue(v: unknown, pad: string): string {
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => `${pad}  ${JSON.stringify(x)}`).join(',\n')}\n${pad}]`;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, x]) => `${pad}  ${JSON.stringify(k)}: ${formatValue(x, `${pad}  `)}`).join(',\n')}\n${pad}}`;
  }
  return JSON.stringify(v);
}
