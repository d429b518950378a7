// An independent reader of call lines for the synth tests: a few regexes over the text and the rules of
// shared/docs/response-time.md, written from the documents and not from lib/synth or lib/trace, so the
// generator's bookkeeping (its truth) can be checked against what its files actually say.
import type { CallTotals, CallWorkloadTruth, ResponseTimeRow, StatementTruth } from '../../lib/synth/call-truth';

interface Call {
  call: string;
  cursor: string | null;
  f: Record<string, number>;
  dep: number;
  /** Index of the line. */
  at: number;
}

interface Wait {
  event: string;
  ela: number;
  tim: number | null;
  at: number;
}

export interface ReadTrace {
  /** µs per unit: 10 000 in an 8i (centisecond) file. */
  scale: number;
  calls: Call[];
  waits: Wait[];
  /** Statement key of each call, by index in `calls` (null: no cursor). */
  statementOf: (string | null)[];
  statements: Map<string, { sqlId: string | null; hashValue: number | null; dep: number; parsings: number; hvs: Set<number> }>;
  /** cursor → hash values of the PARSING IN CURSOR lines seen with it, in order. */
  parsingsByCursor: Map<string, number[]>;
}

const CALL = /^(PARSE|EXEC|FETCH|CLOSE|UNMAP|SORT UNMAP) #(\d+):(.*)$/;
const LOB = /^(LOB[A-Z]+): (.*)$/;
const WAIT = /^WAIT #(\d+): nam='(.*?)' ela=\s*(\d+)(.*)$/;
const PIC = /^PARSING IN CURSOR #(\d+) .*?dep=(\d+) .*?hv=(\d+)(?: ad='\w+')?(?: sqlid='(\w+)')?/;

function fields(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = Number(part.slice(eq + 1));
  }
  return out;
}

export function readTrace(text: string): ReadTrace {
  const scale = /^Oracle8i /m.test(text) ? 10_000 : 1;
  const lines = text.split('\n');
  const calls: Call[] = [];
  const waits: Wait[] = [];
  const statementOf: (string | null)[] = [];
  const statements: ReadTrace['statements'] = new Map();
  const parsingsByCursor = new Map<string, number[]>();
  const current = new Map<string, string>();
  let inSql = false;
  lines.forEach((line, at) => {
    if (inSql) {
      if (line === 'END OF STMT') inSql = false;
      return;
    }
    let m = PIC.exec(line);
    if (m) {
      inSql = true;
      const [, cursor, dep, hv, sqlId] = m as unknown as [string, string, string, string, string | undefined];
      const key = sqlId ?? hv;
      current.set(cursor, key);
      const s = statements.get(key) ?? { sqlId: sqlId ?? null, hashValue: Number(hv), dep: Number(dep), parsings: 0, hvs: new Set<number>() };
      s.parsings++;
      s.hvs.add(Number(hv));
      statements.set(key, s);
      parsingsByCursor.set(cursor, [...(parsingsByCursor.get(cursor) ?? []), Number(hv)]);
      return;
    }
    m = CALL.exec(line);
    if (m) {
      const f = fields(m[3] as string);
      const cursor = m[2] as string;
      let key = current.get(cursor);
      if (key === undefined) {
        key = `unknown statement (cursor #${cursor})`;
        if (!statements.has(key)) statements.set(key, { sqlId: null, hashValue: null, dep: f.dep ?? 0, parsings: 0, hvs: new Set() });
      }
      calls.push({ call: m[1] as string, cursor, f, dep: f.dep ?? 0, at });
      statementOf.push(m[1] === 'CLOSE' ? null : key);
      return;
    }
    m = LOB.exec(line);
    if (m) {
      calls.push({ call: m[1] as string, cursor: null, f: fields(m[2] as string), dep: 0, at });
      statementOf.push(null);
      return;
    }
    if (line.startsWith('XCTEND ')) {
      calls.push({ call: 'XCTEND', cursor: null, f: fields(line.slice('XCTEND '.length)), dep: 0, at });
      statementOf.push(null);
      return;
    }
    m = WAIT.exec(line);
    if (m) {
      const tim = / tim=(\d+)$/.exec(m[4] as string)?.[1];
      waits.push({ event: m[2] as string, ela: Number(m[3]), tim: tim === undefined ? null : Number(tim), at });
    }
  });
  return { scale, calls, waits, statementOf, statements, parsingsByCursor };
}

/** `calls` of the truth: sums per call name and depth, times × scale. */
export function callTotals(r: ReadTrace): CallTotals[] {
  const map = new Map<string, CallTotals>();
  for (const c of r.calls) {
    const id = `${c.dep}/${c.call}`;
    const t = map.get(id) ?? { call: c.call, dep: c.dep, count: 0, e: 0, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0 };
    map.set(id, t);
    t.count++;
    t.e += (c.f.e ?? 0) * r.scale;
    t.c += (c.f.c ?? 0) * r.scale;
    for (const k of ['p', 'cr', 'cu', 'r', 'mis'] as const) t[k] += c.f[k] ?? 0;
  }
  return [...map.values()].sort((a, b) => a.dep - b.dep || a.call.localeCompare(b.call));
}

const timed = (c: Call) => c.f.e !== undefined && c.f.tim !== undefined;

/**
 * The response-time profile by response-time.md. A wait is within calls when it lies in the span of
 * the next dep=0 call line after it; files without WAIT tim fall back on the name list (SQL*Net
 * events between calls, MH p. 88).
 */
export function profile(r: ReadTrace, thinkUs = 1_000_000): Map<string, { total: number; count: number }> {
  const rows = new Map<string, { total: number; count: number }>();
  const add = (k: string, v: number) => {
    const row = rows.get(k) ?? { total: 0, count: 0 };
    rows.set(k, row);
    row.total += v;
    row.count++;
  };
  let t0 = Infinity;
  let t1 = -Infinity;
  const dep0 = r.calls.filter((c) => c.dep === 0 && timed(c));
  let sumE = 0;
  let sumC = 0;
  for (const c of r.calls) {
    if (c.f.tim === undefined) continue;
    t0 = Math.min(t0, c.f.tim - (c.f.e ?? 0));
    t1 = Math.max(t1, c.f.tim);
  }
  for (const c of dep0) {
    add(`CPU: ${c.call} dbcalls`, (c.f.c ?? 0) * r.scale);
    sumE += (c.f.e as number) * r.scale;
    sumC += (c.f.c ?? 0) * r.scale;
  }
  let within = 0;
  let j = 0;
  for (const w of r.waits) {
    let inside: boolean;
    if (w.tim !== null) {
      t0 = Math.min(t0, w.tim - w.ela);
      t1 = Math.max(t1, w.tim);
      while (j < dep0.length && (dep0[j] as Call).at < w.at) j++;
      const next = dep0[j];
      inside = next !== undefined && w.tim - w.ela >= (next.f.tim as number) - (next.f.e as number) && w.tim <= (next.f.tim as number);
    } else {
      inside = !w.event.startsWith('SQL*Net');
    }
    const us = w.ela * r.scale;
    if (inside) {
      within += us;
      add(w.event, us);
    } else if (w.event === 'SQL*Net message from client' && us >= thinkUs) add('SQL*Net message from client [think time]', us);
    else add(`${w.event} [between calls]`, us);
  }
  const total = (t1 - t0) * r.scale;
  rows.set('unaccounted-for within calls', { total: sumE - sumC - within, count: dep0.length });
  let booked = 0;
  for (const row of rows.values()) booked += row.total;
  rows.set('unaccounted-for between calls', { total: total - booked, count: 1 });
  rows.set('(R)', { total, count: 1 });
  return rows;
}

/** The truth's rows as the same map, with R under '(R)'. */
export function truthRows(t: CallWorkloadTruth): Map<string, { total: number; count: number }> {
  const m = new Map(t.responseTime.rows.map((r: ResponseTimeRow) => [r.component, { total: r.total, count: r.count }]));
  m.set('(R)', { total: t.responseTime.total, count: t.sessions });
  return m;
}

/** Statements with parse/exec/fetch count and e at their own depth; the parent is the statement of the enclosing dep=0 call. */
export function statementTotals(r: ReadTrace): StatementTruth[] {
  const out = new Map<string, StatementTruth>();
  for (const [key, s] of r.statements) {
    out.set(key, { key, sqlId: s.sqlId, hashValue: s.hashValue, dep: s.dep, parent: null, parse: { count: 0, e: 0 }, exec: { count: 0, e: 0 }, fetch: { count: 0, e: 0 } });
  }
  r.calls.forEach((c, i) => {
    const key = r.statementOf[i];
    if (key === null || key === undefined) return;
    const s = out.get(key) as StatementTruth;
    const slot = c.call === 'PARSE' ? s.parse : c.call === 'EXEC' ? s.exec : c.call === 'FETCH' ? s.fetch : null;
    if (slot && c.dep === s.dep) {
      slot.count++;
      slot.e += (c.f.e ?? 0) * r.scale;
    }
    if (c.dep > 0) {
      const j = r.calls.findIndex((p, k) => k > i && p.dep === 0 && p.cursor !== null && p.call !== 'CLOSE');
      s.parent = j === -1 ? null : (r.statementOf[j] ?? null);
    }
  });
  return [...out.values()].sort((a, b) => a.dep - b.dep || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** EXEC lines per cursor, counted by one regex, mapped to the statement of the latest PARSING IN CURSOR of the cursor. */
export function execCountsByRegex(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const latest = new Map<string, string>();
  const re = /^PARSING IN CURSOR #(\d+) [^\n]*?hv=(\d+)[^\n]*?(?:sqlid='(\w+)')?\n[\s\S]*?^END OF STMT$|^EXEC #(\d+):/gm;
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) latest.set(m[1], m[3] ?? (m[2] as string));
    else {
      const cursor = m[4] as string;
      const key = latest.get(cursor) ?? `unknown statement (cursor #${cursor})`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}
