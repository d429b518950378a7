// Issue 14 §4: the picker's call types and statements, from a call profile (hand-made here).
import { describe, expect, it } from 'vitest';
import type { CallSums, CallTotals, DatasetProfile, StatementTotals } from '../../lib/profile/profile-model';
import { callChoicesOf, firstLineOf, mergeCallChoices } from '../../lib/worker/call-choices';

const sums = (count: number, e: number): CallSums => ({ count, e, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0 });
const call = (name: string, dep: number, count: number, e: number): CallTotals => ({ call: name, dep, ...sums(count, e) });
const statement = (key: string, s: Partial<StatementTotals>): StatementTotals => ({
  key,
  sqlId: null,
  hashValue: null,
  unknownCursor: null,
  dep: 0,
  maxDep: 0,
  callDepths: true,
  text: null,
  calls: {},
  waits: {},
  recursiveE: 0,
  children: [],
  parents: [],
  executions: { values: new Float64Array(0), counts: new Float64Array(0) } as unknown as StatementTotals['executions'],
  ...s,
});
const profile = (calls: CallTotals[], statements: StatementTotals[]): DatasetProfile => ({ responseTime: 0, sessions: 1, components: [], calls, statements, thinkTimeMicros: 1e6 });

const one = profile(
  [call('EXEC', 0, 3, 300), call('EXEC', 1, 2, 50), call('FETCH', 0, 4, 1000), call('XCTEND', 0, 2, 0)],
  [
    statement('aaaaaaaaaaaaa', { sqlId: 'aaaaaaaaaaaaa', hashValue: 11, text: '\n   select *\n  from t', calls: { EXEC: sums(3, 300), FETCH: sums(4, 1000) } }),
    statement('hv:22', { hashValue: 22, dep: 1, text: 'update t set x = 1', calls: { EXEC: sums(2, 50) } }),
    statement('unknown statement (cursor #9)', { unknownCursor: '9', calls: { FETCH: sums(1, 9999) } }),
  ],
);

describe('callChoicesOf', () => {
  it('sums each call over its depths, by elapsed time; XCTEND is counted as transaction ends, not a call type', () => {
    const c = callChoicesOf(one);
    expect(c.calls).toEqual([
      { call: 'FETCH', count: 4, e: 1000 },
      { call: 'EXEC', count: 5, e: 350 },
    ]);
    expect(c.transactionEnds).toBe(2);
    expect(c.files).toBe(1);
  });

  it('lists the statements that can be named (sql_id, else hash value), by their own elapsed time, with their first line', () => {
    const c = callChoicesOf(one);
    expect(c.statements.map((s) => [s.key, s.sqlId, s.hashValue, s.dep, s.total, s.firstLine])).toEqual([
      ['aaaaaaaaaaaaa', 'aaaaaaaaaaaaa', 11, 0, 1300, 'select *'],
      ['hv:22', null, 22, 1, 50, 'update t set x = 1'],
    ]);
    expect(c.statements[0]!.calls).toEqual({ EXEC: { count: 3, e: 300 }, FETCH: { count: 4, e: 1000 } });
  });
});

describe('mergeCallChoices', () => {
  it('adds the calls, transaction ends and statements of several files; none gives null', () => {
    const other = profile([call('EXEC', 0, 1, 2000), call('PARSE', 0, 1, 5)], [statement('hv:22', { hashValue: 22, dep: 1, calls: { EXEC: sums(1, 2000) } })]);
    const merged = mergeCallChoices([callChoicesOf(one), callChoicesOf(other)])!;
    expect(merged.files).toBe(2);
    expect(merged.calls).toEqual([
      { call: 'EXEC', count: 6, e: 2350 },
      { call: 'FETCH', count: 4, e: 1000 },
      { call: 'PARSE', count: 1, e: 5 },
    ]);
    expect(merged.transactionEnds).toBe(2);
    expect(merged.statements.map((s) => [s.key, s.total, s.calls.EXEC, s.firstLine])).toEqual([
      ['hv:22', 2050, { count: 3, e: 2050 }, 'update t set x = 1'],
      ['aaaaaaaaaaaaa', 1300, { count: 3, e: 300 }, 'select *'],
    ]);
    expect(mergeCallChoices([])).toBeNull();
  });
});

describe('firstLineOf', () => {
  it('takes the first line with words, shortened to 100 characters', () => {
    expect(firstLineOf(null)).toBeNull();
    expect(firstLineOf('\n \n')).toBeNull();
    expect(firstLineOf(`  ${'x'.repeat(150)}\nmore`)).toBe(`${'x'.repeat(99)}…`);
  });
});
