/**
 * What the page's picker offers besides wait events (issue 14 §4): each call type with its calls
 * and elapsed time, and the statements that spent the most, from the call profile of the files
 * read in one visited pass (lib/profile's ProfileCollector). Plain data for the dataset's status.
 */
import type { DatasetProfile } from '../profile/profile-model';

/** One call name over every depth: what `--call NAME` measures. */
export interface CallChoice {
  call: string;
  count: number;
  /** µs, Σe. */
  e: number;
}

/** A statement that can be measured by its sql_id (else hash value): its calls by name, at its own depth. */
export interface StatementChoice {
  /** sql_id, else `hv:<hash value>`. */
  key: string;
  sqlId: string | null;
  hashValue: number | null;
  dep: number;
  /** The first line of its SQL text, for the page only (never in a report). */
  firstLine: string | null;
  calls: Record<string, { count: number; e: number }>;
  /** µs: Σe of its own calls, the sort key. */
  total: number;
}

export interface CallChoices {
  /** Trace files the choices were counted in. */
  files: number;
  calls: CallChoice[];
  /** XCTEND lines: commits and rollbacks. */
  transactionEnds: number;
  /** By total elapsed, longest first; at most KEPT_STATEMENTS. */
  statements: StatementChoice[];
}

/**
 * Statements a status carries, of which the picker lists the first few. A statement outside one
 * file's top may be in the top of several files together: each keeps more than the picker shows,
 * so the merged top is the true one unless times are very flat.
 */
const KEPT_STATEMENTS = 50;
/** XCTEND has no e: it is measured as the commit, not as a call type. */
const XCTEND = 'XCTEND';
const FIRST_LINE_CHARS = 100;

export function callChoicesOf(p: DatasetProfile): CallChoices {
  const calls = new Map<string, CallChoice>();
  let transactionEnds = 0;
  for (const c of p.calls) {
    if (c.call === XCTEND) {
      transactionEnds += c.count;
      continue;
    }
    const row = calls.get(c.call) ?? { call: c.call, count: 0, e: 0 };
    row.count += c.count;
    row.e += c.e;
    calls.set(c.call, row);
  }
  const statements: StatementChoice[] = [];
  for (const s of p.statements) {
    if (s.sqlId === null && s.hashValue === null) continue; // an unknown statement cannot be named in a measure
    const own: StatementChoice['calls'] = {};
    let total = 0;
    for (const [name, sums] of Object.entries(s.calls)) {
      own[name] = { count: sums.count, e: sums.e };
      total += sums.e;
    }
    statements.push({ key: s.sqlId ?? `hv:${s.hashValue}`, sqlId: s.sqlId, hashValue: s.hashValue, dep: s.dep, firstLine: firstLineOf(s.text), calls: own, total });
  }
  return { files: 1, calls: byElapsed([...calls.values()]), transactionEnds, statements: topStatements(statements) };
}

/** The choices of several files (or datasets): counts and times add up; statements join by key. */
export function mergeCallChoices(parts: readonly CallChoices[]): CallChoices | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const calls = new Map<string, CallChoice>();
  const statements = new Map<string, StatementChoice>();
  let transactionEnds = 0;
  let files = 0;
  for (const part of parts) {
    files += part.files;
    transactionEnds += part.transactionEnds;
    for (const c of part.calls) {
      const row = calls.get(c.call) ?? { call: c.call, count: 0, e: 0 };
      row.count += c.count;
      row.e += c.e;
      calls.set(c.call, row);
    }
    for (const s of part.statements) {
      const seen = statements.get(s.key);
      if (seen === undefined) {
        statements.set(s.key, { ...s, calls: Object.fromEntries(Object.entries(s.calls).map(([k, v]) => [k, { ...v }])) });
        continue;
      }
      seen.total += s.total;
      seen.firstLine ??= s.firstLine;
      for (const [name, sums] of Object.entries(s.calls)) {
        const to = (seen.calls[name] ??= { count: 0, e: 0 });
        to.count += sums.count;
        to.e += sums.e;
      }
    }
  }
  return { files, calls: byElapsed([...calls.values()]), transactionEnds, statements: topStatements([...statements.values()]) };
}

const byElapsed = (calls: CallChoice[]) => calls.sort((a, b) => b.e - a.e || b.count - a.count || a.call.localeCompare(b.call));

const topStatements = (s: StatementChoice[]) => s.sort((a, b) => b.total - a.total || a.key.localeCompare(b.key)).slice(0, KEPT_STATEMENTS);

/** The statement's first line of text with words, shortened for a list. */
export function firstLineOf(text: string | null): string | null {
  if (text === null) return null;
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '');
  if (line === undefined) return null;
  return line.length > FIRST_LINE_CHARS ? `${line.slice(0, FIRST_LINE_CHARS - 1)}…` : line;
}
