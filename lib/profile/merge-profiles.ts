import { mergeCounts, type Counts } from '../stats/counts';
import { addSums, emptyCallSums } from './call-book';
import type { CallTotals, DatasetProfile, ProfileComponent, StatementTotals } from './profile-model';
import { DOUBLE_ZERO } from '../double-zero';

/**
 * One profile of several files (or datasets' files): R, components, calls and statements add up;
 * distributions merge exactly (mergeCounts). Each file's sessions are its own, so R adds up too.
 */
export function mergeProfiles(parts: readonly DatasetProfile[]): DatasetProfile {
  const first = parts[0];
  if (parts.length === 1 && first) return first;
  const components = new Map<string, { row: ProfileComponent; counts: Counts[] }>();
  const calls = new Map<string, CallTotals>();
  let responseTime = 0;
  let sessions = 0;
  for (const part of parts) {
    responseTime += part.responseTime;
    sessions += part.sessions;
    for (const c of part.components) {
      const seen = components.get(c.component);
      if (seen === undefined) components.set(c.component, { row: { ...c }, counts: c.counts ? [c.counts] : [] });
      else {
        seen.row.total += c.total;
        seen.row.count += c.count;
        if (c.counts) seen.counts.push(c.counts);
      }
    }
    for (const c of part.calls) {
      const key = `${c.call}\u0000${c.dep}`;
      const seen = calls.get(key);
      if (seen === undefined) calls.set(key, { ...c });
      else addSums(seen, c);
    }
  }
  return {
    responseTime,
    sessions,
    components: [...components.values()].map(({ row, counts }) => ({ ...row, counts: row.counts === null ? null : mergeCounts(counts) })),
    calls: [...calls.values()],
    statements: mergeStatements(parts.flatMap((p) => p.statements)),
    thinkTimeMicros: first?.thinkTimeMicros ?? 0,
  };
}

const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])];
const cloneCalls = (calls: StatementTotals['calls']): StatementTotals['calls'] => Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, { ...v }]));
const cloneWaits = (waits: StatementTotals['waits']): StatementTotals['waits'] => Object.fromEntries(Object.entries(waits).map(([k, v]) => [k, { ...v }]));

/**
 * Statements with one entry per key, in the order keys first appear: sums add up, lists join in
 * the order met (the first entry's, then what later ones add), text as first met, the depths'
 * range over all (the shallowest and the deepest), and
 * the executions' distributions merge exactly.
 */
export function mergeStatements(all: readonly StatementTotals[]): StatementTotals[] {
  const statements = new Map<string, StatementTotals & { parts: Counts[] }>();
  for (const s of all) {
    const seen = statements.get(s.key);
    if (seen === undefined) {
      statements.set(s.key, { ...s, calls: cloneCalls(s.calls), waits: cloneWaits(s.waits), children: [...s.children], parents: [...s.parents], parts: [s.executions] });
      continue;
    }
    for (const [name, sums] of Object.entries(s.calls)) addSums((seen.calls[name] ??= emptyCallSums()), sums);
    for (const [event, w] of Object.entries(s.waits)) {
      const to = (seen.waits[event] ??= { count: 0, total: DOUBLE_ZERO });
      to.count += w.count;
      to.total += w.total;
    }
    seen.recursiveE += s.recursiveE;
    seen.text ??= s.text;
    // Depths of calls over those of a PARSING IN CURSOR or a CLOSE alone: a byte range that saw only
    // a statement's CLOSE (written at dep=0 for a recursive cursor) must not move its depth.
    if (s.callDepths && !seen.callDepths) [seen.dep, seen.maxDep, seen.callDepths] = [s.dep, s.maxDep, true];
    else if (s.callDepths === seen.callDepths) [seen.dep, seen.maxDep] = [Math.min(seen.dep, s.dep), Math.max(seen.maxDep, s.maxDep)];
    seen.children = union(seen.children, s.children);
    seen.parents = union(seen.parents, s.parents);
    seen.parts.push(s.executions);
  }
  return [...statements.values()].map(({ parts: executions, ...s }) => ({ ...s, executions: mergeCounts(executions) }));
}
