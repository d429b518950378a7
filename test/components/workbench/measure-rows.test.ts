// Issue 14 §4: the picker's rows of call types, the commit and the top statements, per dataset.
import { describe, expect, it } from 'vitest';
import { measureRows } from '../../../components/workbench/measure-rows';
import type { CallChoices, StatementChoice } from '../../../lib/worker/call-choices';

const statement = (key: string, total: number, calls: StatementChoice['calls'], firstLine: string | null = null): StatementChoice => ({
  key,
  sqlId: key.startsWith('hv:') ? null : key,
  hashValue: key.startsWith('hv:') ? Number(key.slice(3)) : 1,
  dep: 0,
  firstLine,
  calls,
  total,
});
const choices = (c: Partial<CallChoices>): CallChoices => ({ files: 1, calls: [], transactionEnds: 0, statements: [], ...c });
const noEvent = { kind: 'event', event: 'log file sync' } as const;

const a = choices({
  calls: [
    { call: 'EXEC', count: 10, e: 500 },
    { call: 'FETCH', count: 2, e: 40 },
  ],
  transactionEnds: 7,
  statements: [statement('aaaaaaaaaaaaa', 400, { EXEC: { count: 4, e: 400 } }, 'commit'), statement('hv:5', 140, { EXEC: { count: 6, e: 100 }, FETCH: { count: 2, e: 40 } })],
});
const b = choices({ calls: [{ call: 'PARSE', count: 3, e: 900 }], statements: [statement('hv:5', 900, { PARSE: { count: 3, e: 900 } })] });

describe('measureRows', () => {
  it('lists call types by total elapsed over the datasets, the commit with XCTEND lines, then the statements', () => {
    const rows = measureRows([{ source: 'traces', calls: a }, { source: 'traces', calls: b }], noEvent, 5);
    expect(rows.map((r) => [r.group, r.label, r.cells.map((c) => [c.count, c.total])])).toEqual([
      ['call', 'PARSE elapsed', [[0, 0], [3, 900]]],
      ['call', 'EXEC elapsed', [[10, 500], [0, 0]]],
      ['call', 'FETCH elapsed', [[2, 40], [0, 0]]],
      ['commit', 'commit (from its request to the end of its log file sync)', [[7, null], [0, null]]],
      // hv:5 has 140 + 900 µs over both, aaaaaaaaaaaaa 400: hv:5 first; its EXEC and FETCH, not PARSE.
      ['statement', 'EXEC elapsed of hash value 5', [[6, 100], [0, 0]]],
      ['statement', 'FETCH elapsed of hash value 5', [[2, 40], [0, 0]]],
      ['statement', 'EXEC elapsed of sql_id aaaaaaaaaaaaa', [[4, 400], [0, 0]]],
    ]);
    expect(rows[6]!.measure).toEqual({ kind: 'call', call: 'EXEC', sqlId: 'aaaaaaaaaaaaa', hashValue: null, dep: null });
    expect(rows[4]!.measure).toEqual({ kind: 'call', call: 'EXEC', sqlId: null, hashValue: 5, dep: null });
    expect(rows[6]!.text).toBe('commit');
  });

  it('keeps only the top statements', () => {
    const rows = measureRows([{ source: 'traces', calls: a }], noEvent, 1);
    expect(rows.filter((r) => r.group === 'statement').map((r) => r.label)).toEqual(['EXEC elapsed of sql_id aaaaaaaaaaaaa']);
  });

  it('offers the common calls and the commit, not counted, for a dataset whose calls were not read', () => {
    const rows = measureRows([{ source: 'traces', calls: null }, { source: 'synthetic', calls: null }], noEvent);
    expect(rows.map((r) => [r.label, r.cells.map((c) => c.count)])).toEqual([
      ['EXEC elapsed', [null, 0]],
      ['FETCH elapsed', [null, 0]],
      ['PARSE elapsed', [null, 0]],
      ['commit (from its request to the end of its log file sync)', [null, 0]],
    ]);
  });

  it('lists the chosen measure even when no dataset has it; nothing for datasets without calls', () => {
    const chosen = { kind: 'call', call: 'LOBREAD', sqlId: null, hashValue: null, dep: 0 } as const;
    const rows = measureRows([{ source: 'traces', calls: a }], chosen);
    expect(rows.find((r) => r.label === 'LOBREAD elapsed at dep 0')).toMatchObject({ group: 'call', cells: [{ count: 0, total: 0 }] });
    expect(measureRows([{ source: 'csv', calls: null }], noEvent)).toEqual([]);
  });
});
