// The call profile of the generator's golden pairs (test/fixtures/calls, one per release from 8i to
// 23ai) against the ground truth the generator booked while writing them (lib/synth/call-truth.ts):
// calls per name and depth, the response-time profile row by row, and every statement.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileTrace } from '../../lib/profile/profile-trace';
import type { CallWorkloadTruth } from '../../lib/synth/call-truth';

const DIR = new URL('../fixtures/calls/', import.meta.url);
const pairs = readdirSync(DIR)
  .filter((n) => n.endsWith('.trc'))
  .map((n) => n.replace(/\.trc$/, ''));

async function* chunks(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 1000) yield bytes.subarray(i, i + 1000);
}

describe('the call profile of the synthetic golden pairs equals the generator’s truth', () => {
  it('has a pair for every release from 8i to 23ai', () => {
    expect(pairs).toEqual(['oltp-10-2', 'oltp-11-2', 'oltp-12-2', 'oltp-19c', 'oltp-23ai', 'oltp-8i', 'oltp-9i']);
  });

  for (const name of pairs) {
    it(name, async () => {
      const truth = (JSON.parse(readFileSync(new URL(`${name}.truth.json`, DIR), 'utf8')) as { truth: CallWorkloadTruth }).truth;
      const bytes = new Uint8Array(readFileSync(new URL(`${name}.trc`, DIR)));
      const { profile, result } = await profileTrace(chunks(bytes), { fileName: `${name}.trc` });
      expect(result.outcome.kind).not.toBe('not-a-trace');

      const byCall = (rows: readonly { call: string; dep: number }[]) => [...rows].sort((a, b) => a.call.localeCompare(b.call) || a.dep - b.dep);
      expect(byCall(profile.calls)).toEqual(byCall(truth.calls));

      expect(profile.responseTime).toBe(truth.responseTime.total);
      const rows = (list: readonly { component: string; total: number; count: number }[]) =>
        Object.fromEntries(list.map((r) => [r.component, { total: r.total, count: r.count }]));
      expect(rows(profile.components)).toEqual(rows(truth.responseTime.rows));

      const statements = profile.statements.map((s) => ({
        key: s.key,
        sqlId: s.sqlId,
        hashValue: s.hashValue,
        dep: s.dep,
        parent: s.parents[0] ?? null,
        parse: { count: s.calls.PARSE?.count ?? 0, e: s.calls.PARSE?.e ?? 0 },
        exec: { count: s.calls.EXEC?.count ?? 0, e: s.calls.EXEC?.e ?? 0 },
        fetch: { count: s.calls.FETCH?.count ?? 0, e: s.calls.FETCH?.e ?? 0 },
      }));
      const sortByKey = <T extends { key: string }>(list: T[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
      // The truth names a statement without sql_id by its bare hash value; waitscope writes `hv:<hash value>`.
      const ours = (key: string | null) => {
        const s = truth.statements.find((t) => t.key === key);
        return s === undefined ? key : s.sqlId === null && s.hashValue !== null ? `hv:${s.hashValue}` : s.key;
      };
      expect(sortByKey(statements)).toEqual(sortByKey(truth.statements.map((s) => ({ ...s, key: ours(s.key) as string, parent: ours(s.parent) }))));
    });
  }
});
