import { countsOf, mergeCounts } from '../stats/counts';
import { mergeProfiles, mergeStatements } from './merge-profiles';
import { responseTimeOfSpans, withUnaccountedBetween } from './profile-collector';
import type { DatasetProfile, StatementTotals } from './profile-model';
import { isRangeCursorKey, unknownStatementKey } from './statement-key';
import { firstSeenKey, type FirstSeenList } from './statement-book';
import type { RangeSpans } from './session-spans';

/**
 * The response-time profile of one large file from its byte ranges, profiled in parallel
 * (lib/trace/parallel-ranges.ts), joined into exactly what one pass in file order gives (tests
 * compare them).
 *
 * What a pass carries from one record to the next, and how the join restores it:
 * - waits held for the next call, and recursive calls held for their parent: none at a cut, since
 *   ranges are cut after a dep 0 call (range-plan.ts), which ends both; a range that still ended
 *   holding some makes the join give up (null: read the file in one pass);
 * - the session each record belongs to: the scan's own session map (merge-ranges.ts);
 * - which statement a cursor number names: a range gives a cursor it did not see parsed a stand-in
 *   statement (statement-key.ts rangeCursorKey), replaced here by what the ranges before it left;
 * - an execution (EXEC and its FETCHes) open across a cut: each range reports those it left open,
 *   and per cursor the FETCH time and the end it saw before any execution of its own.
 */

/** What a range's statement book leaves for the join (statement-book.ts finishRange). */
export interface StatementCarry {
  /** Cursor number → the key of the statement it names at the range's end (maybe a stand-in). */
  cursors: [string, string][];
  /** Executions still open at the range's end: cursor number → e so far, µs. */
  open: [string, number][];
  /**
   * Per cursor number met in the range before any execution of its own: the e of its FETCHes that
   * would add to an execution open before the range, and whether such an execution ended here.
   */
  carriedIn: [string, { fetchE: number; ended: boolean }][];
  /** False when the range ended holding waits or calls for a call after it (then no join). */
  clean: boolean;
}

export interface RangeProfile {
  /** The range's rows, calls and statements; R, sessions and unaccounted-for time between calls come from the join. */
  profile: DatasetProfile;
  /** Per session index of the range's scan: earliest start and latest end of its timed records, µs (holes where none), and its waits without tim around them. */
  spans: RangeSpans;
  statements: StatementCarry;
  /** Per entry of `profile.statements`: when each of its lists' keys was first met in the range (statement-book.ts firstSeenKey). */
  firstSeen: Record<string, number>[];
}

/**
 * Joins the profiles of a file's consecutive ranges; `sessionMaps[i]` maps range i's session
 * indexes to the file's (merge-ranges.ts). null when a range ended holding records for a later one:
 * then the file is read in one pass.
 */
export function joinRangeProfiles(ranges: readonly RangeProfile[], sessionMaps: readonly Uint32Array[]): DatasetProfile | null {
  if (ranges.slice(0, -1).some((r) => !r.statements.clean)) return null;
  const { responseTime, sessions } = responseTimeOf(ranges, sessionMaps);
  const cursorStatement = new Map<string, string>();
  const open = new Map<string, number>();
  const ended = new Map<string, number[]>(); // statement key → executions that ended in a later range
  const parts = ranges.map(({ profile, statements: carry, firstSeen }) => {
    for (const [cursor, { fetchE, ended: end }] of carry.carriedIn) {
      const e = open.get(cursor);
      if (e === undefined) continue;
      if (!end) {
        open.set(cursor, e + fetchE);
        continue;
      }
      open.delete(cursor);
      endExecution(ended, cursorStatement.get(cursor), e + fetchE);
    }
    const rename = new Map<string, string>();
    for (const s of profile.statements) {
      if (isRangeCursorKey(s.key) && s.unknownCursor !== null) rename.set(s.key, cursorStatement.get(s.unknownCursor) ?? unknownStatementKey(s.unknownCursor));
    }
    const named = (key: string) => rename.get(key) ?? key;
    const renamed = profile.statements.map((s): StatementTotals => {
      const key = named(s.key);
      return { ...s, key, children: unique(s.children.map(named)), parents: unique(s.parents.map(named)) };
    });
    const statements = joinEntries(renamed, firstSeen, named);
    for (const [cursor, key] of carry.cursors) cursorStatement.set(cursor, named(key));
    for (const [cursor, e] of carry.open) open.set(cursor, e);
    return { ...profile, statements };
  });
  for (const [cursor, e] of open) endExecution(ended, cursorStatement.get(cursor), e);
  const joined = mergeProfiles(parts);
  const statements = joined.statements.map((s) => {
    const late = ended.get(s.key);
    return late ? { ...s, executions: mergeCounts([s.executions, countsOf(Float64Array.from(late))]) } : s;
  });
  return withUnaccountedBetween({ ...joined, responseTime, sessions, calls: inCallBookOrder(joined.calls), statements });
}

/** As one pass lists them (call-book.ts): by call name as first met, then by depth. */
function inCallBookOrder(calls: DatasetProfile['calls']): DatasetProfile['calls'] {
  const nameAt = new Map<string, number>();
  for (const c of calls) if (!nameAt.has(c.call)) nameAt.set(c.call, nameAt.size);
  return [...calls].sort((a, b) => (nameAt.get(a.call) as number) - (nameAt.get(b.call) as number) || a.dep - b.dep);
}

function endExecution(ended: Map<string, number[]>, key: string | undefined, e: number): void {
  // A cursor with an execution open was named by a call of a range before: it has a statement.
  if (key === undefined) throw new Error('an execution open across ranges has no statement');
  const list = ended.get(key);
  if (list) list.push(e);
  else ended.set(key, [e]);
}

/**
 * R per session (t1 − t0 over the whole file), summed in session order as one pass sums it. The
 * timed spans join by min and max; waits without tim (before 10g: session-spans.ts) as one pass
 * counts them, in range order: before the session's first timed record, the between-call ones of
 * every range up to and including the one that has it; after its last, those of the range that has
 * it and of every range after.
 */
function responseTimeOf(ranges: readonly RangeProfile[], sessionMaps: readonly Uint32Array[]): { responseTime: number; sessions: number } {
  const t0: (number | undefined)[] = [];
  const t1: (number | undefined)[] = [];
  const before: number[] = [];
  const after: number[] = [];
  ranges.forEach(({ spans }, i) => {
    const map = sessionMaps[i] as Uint32Array;
    spans.before.forEach((lead, s) => {
      const g = map[s] as number;
      const start = spans.t0[s];
      const end = spans.t1[s];
      if (t0[g] === undefined) before[g] = (before[g] ?? 0) + lead; // no timed record in a range before
      if (start === undefined || end === undefined) {
        after[g] = (after[g] ?? 0) + (spans.after[s] as number);
        return;
      }
      if (t0[g] === undefined || start < (t0[g] as number)) t0[g] = start;
      if (t1[g] === undefined || end > (t1[g] as number)) t1[g] = end;
      after[g] = spans.after[s] as number;
    });
  });
  return responseTimeOfSpans(
    t0.map((start, g) => (start === undefined ? undefined : start - (before[g] ?? 0))),
    t1.map((end, g) => (end === undefined ? undefined : end + (after[g] ?? 0))),
  );
}

const unique = (keys: string[]): string[] => [...new Set(keys)];

/**
 * A range's entries with one key each (merge-profiles.ts mergeStatements). A statement can have two
 * in one range (its stand-in, for a cursor an earlier range parsed it on, and itself parsed on
 * another cursor; or two stand-ins): their lists (call names, wait events, children, parents) were
 * met interleaved, so they are put in the order the range first met each key (`firstSeen`, one
 * counter per range), as one pass orders them.
 */
function joinEntries(entries: readonly StatementTotals[], firstSeen: readonly Record<string, number>[], named: (key: string) => string): StatementTotals[] {
  const at = new Map<string, number[]>();
  entries.forEach((s, i) => at.set(s.key, [...(at.get(s.key) ?? []), i]));
  if (at.size === entries.length) return [...entries];
  return mergeStatements(entries).map((s) => {
    const group = at.get(s.key) as number[];
    if (group.length === 1) return s;
    // When each key was first met in any of the entries (children and parents renamed as the lists were).
    const seen = new Map<string, number>();
    for (const i of group) {
      for (const [k, seq] of Object.entries(firstSeen[i] ?? {})) {
        const cut = k.indexOf('\u0000');
        const list = k.slice(0, cut) as FirstSeenList;
        const id = firstSeenKey(list, list === 'child' || list === 'parent' ? named(k.slice(cut + 1)) : k.slice(cut + 1));
        seen.set(id, Math.min(seen.get(id) ?? Infinity, seq));
      }
    }
    const order = (list: FirstSeenList, keys: string[]) => [...keys].sort((a, b) => (seen.get(firstSeenKey(list, a)) ?? Infinity) - (seen.get(firstSeenKey(list, b)) ?? Infinity));
    const reordered = <T>(list: FirstSeenList, record: Record<string, T>): Record<string, T> => Object.fromEntries(order(list, Object.keys(record)).map((k) => [k, record[k] as T]));
    return { ...s, calls: reordered('call', s.calls), waits: reordered('wait', s.waits), children: order('child', s.children), parents: order('parent', s.parents) };
  });
}
