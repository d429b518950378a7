import { countsQuantile } from '../stats/counts';
import { isEstimable } from '../stats/minimum-counts';
import { emptyCallSums } from './call-book';
import type { CallSums, DatasetProfile, StatementTotals } from './profile-model';

/**
 * tkprof's sort keys (`sort=prsela,exeela,fchela`): a call prefix and a field. A statement sorts
 * by the sum of the keys given, largest first, as tkprof does.
 */
const CALL_OF_PREFIX: Readonly<Record<string, string>> = { prs: 'PARSE', exe: 'EXEC', fch: 'FETCH' };
const FIELD_OF_SUFFIX: Readonly<Record<string, keyof CallSums>> = { cnt: 'count', cpu: 'c', ela: 'e', dsk: 'p', qry: 'cr', cu: 'cu', mis: 'mis', row: 'r' };

export const SORT_KEYS: readonly string[] = Object.keys(CALL_OF_PREFIX).flatMap((p) => Object.keys(FIELD_OF_SUFFIX).map((s) => `${p}${s}`));

/** 'total' (elapsed of every call at the statement's depth, the default), 'self' (without recursive statements), or tkprof keys. */
export type StatementSort = 'total' | 'self' | readonly string[];

/** A sort option's text → the sort, or an error naming what is wrong. */
export function parseStatementSort(text: string): { sort: StatementSort } | { error: string } {
  if (text === 'total' || text === 'self') return { sort: text };
  const keys = text.split(',').map((k) => k.trim().toLowerCase()).filter((k) => k !== '');
  const bad = keys.filter((k) => !SORT_KEYS.includes(k));
  if (keys.length === 0 || bad.length > 0) {
    return { error: `unknown sort key${bad.length === 1 ? '' : 's'} ${bad.join(', ') || '(none)'}: use total, self, or tkprof keys such as prsela,exeela,fchela (${SORT_KEYS.join(' ')})` };
  }
  return { sort: keys };
}

export interface StatementRow {
  key: string;
  sqlId: string | null;
  hashValue: number | null;
  /** The shallowest and deepest depths its calls ran at (StatementTotals). */
  dep: number;
  maxDep: number;
  text: string | null;
  /** Per call name; always has PARSE, EXEC and FETCH (zero when none). */
  calls: Record<string, CallSums>;
  /** µs: e of all its calls, with its recursive statements' time (which e includes) and without. */
  total: number;
  self: number;
  executions: number;
  /** e per execution, µs, where the count supports it (minimum-counts.ts). */
  perExecution: { median: number | null; p99: number | null; max: number | null };
  waits: { event: string; count: number; total: number }[];
  children: string[];
  parents: string[];
}

export interface StatementQuery {
  sort?: StatementSort;
  top?: number;
  minDep?: number;
  maxDep?: number;
}

export function statementRows(profile: DatasetProfile, query: StatementQuery = {}): StatementRow[] {
  return selectStatementRows(profile.statements.map(statementRow), query);
}

/**
 * Rows filtered by depth, sorted and cut to the top N: for a profile's rows, or a shared report's.
 * A statement is at the depths asked for when the range of its depths meets them (its sums are still
 * of all its calls): a statement at dep 1 and 3 is kept by `--min-dep 2 --max-dep 2`, whose range
 * holds 2 though no call of it ran there.
 */
export function selectStatementRows(all: readonly StatementRow[], query: StatementQuery = {}): StatementRow[] {
  const sort = query.sort ?? 'total';
  const rows = all.filter((s) => (query.minDep === undefined || s.maxDep >= query.minDep) && (query.maxDep === undefined || s.dep <= query.maxDep));
  const keyOf = (r: StatementRow): number => (sort === 'total' ? r.total : sort === 'self' ? r.self : sortValue(r, sort));
  rows.sort((a, b) => keyOf(b) - keyOf(a) || b.total - a.total || a.key.localeCompare(b.key));
  return query.top === undefined ? rows : rows.slice(0, query.top);
}

function statementRow(s: StatementTotals): StatementRow {
  const calls: Record<string, CallSums> = { PARSE: emptyCallSums(), EXEC: emptyCallSums(), FETCH: emptyCallSums(), ...s.calls };
  const total = Object.values(s.calls).reduce((sum, c) => sum + c.e, 0);
  const n = s.executions.total;
  return {
    key: s.key,
    sqlId: s.sqlId,
    hashValue: s.hashValue,
    dep: s.dep,
    maxDep: s.maxDep,
    text: s.text,
    calls,
    total,
    self: total - s.recursiveE,
    executions: n,
    perExecution: {
      median: isEstimable('median', n) ? countsQuantile(s.executions, 0.5) : null,
      p99: isEstimable('p99', n) ? countsQuantile(s.executions, 0.99) : null,
      max: n > 0 ? (s.executions.values[s.executions.values.length - 1] as number) : null,
    },
    waits: Object.entries(s.waits)
      .map(([event, w]) => ({ event, ...w }))
      .sort((a, b) => b.total - a.total),
    children: s.children,
    parents: s.parents,
  };
}

/** A statement's depth as the CLI and the page show it: `2`, or `2–3` when its calls ran at several. */
export const depthText = (r: Pick<StatementRow, 'dep' | 'maxDep'>): string => (r.maxDep > r.dep ? `${r.dep}–${r.maxDep}` : String(r.dep));

function sortValue(r: StatementRow, keys: readonly string[]): number {
  let v = 0;
  for (const k of keys) {
    const call = CALL_OF_PREFIX[k.slice(0, 3)] as string;
    const field = FIELD_OF_SUFFIX[k.slice(3)] as keyof CallSums;
    v += r.calls[call]?.[field] ?? 0;
  }
  return v;
}
