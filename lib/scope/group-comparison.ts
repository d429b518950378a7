import type { GroupRow } from './group-stats';

/** One group on both sides: null on the side that has no value in it. */
export interface GroupPair {
  key: string;
  a: GroupRow | null;
  b: GroupRow | null;
}

/** Both sides' groups by key, sorted by their total over both sides, descending (then by key). */
export function pairGroups(a: readonly GroupRow[], b: readonly GroupRow[]): GroupPair[] {
  const pairs = new Map<string, GroupPair>();
  for (const row of a) pairs.set(row.key, { key: row.key, a: row, b: null });
  for (const row of b) {
    const pair = pairs.get(row.key);
    if (pair) pair.b = row;
    else pairs.set(row.key, { key: row.key, a: null, b: row });
  }
  const total = (p: GroupPair) => (p.a?.sum ?? 0) + (p.b?.sum ?? 0);
  return [...pairs.values()].sort((x, y) => total(y) - total(x) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}
