import { describe, expect, it } from 'vitest';
import type { Measure } from '../../lib/trace/measure';
import { MeasureVisitor } from '../../lib/trace/measure-visitor';
import type { RecordPosition } from '../../lib/trace/trace-visitor';
import { at, call, cursor, wait } from '../profile/records';

type Values = { micros: number; tim: number; line: number }[];

function visitor(measure: Exclude<Measure, { kind: 'event' }>): { v: MeasureVisitor; values: Values } {
  const values: Values = [];
  const v = new MeasureVisitor(measure, (micros, tim, p: RecordPosition) => values.push({ micros, tim, line: p.line }));
  return { v, values };
}

describe('MeasureVisitor: calls', () => {
  it('takes e of the call type asked for, of one statement by its latest PARSING IN CURSOR', () => {
    const { v, values } = visitor({ kind: 'call', call: 'EXEC', sqlId: 'aaaaaaaaaaaaa', hashValue: null, dep: null });
    v.onCursor(cursor('5', { sqlId: 'aaaaaaaaaaaaa' }), at('1', 0, 1));
    v.onCall(call('EXEC', '5', { e: 120, c: 100, dep: 0, tim: 1000 }), at('1', 0, 2));
    v.onCall(call('FETCH', '5', { e: 50, c: 40, dep: 0, tim: 1100 }), at('1', 0, 3));
    v.onCursor(cursor('5', { sqlId: 'bbbbbbbbbbbbb' }), at('1', 0, 4));
    v.onCall(call('EXEC', '5', { e: 999, c: 1, dep: 0, tim: 2000 }), at('1', 0, 5));
    v.onCall(call('EXEC', '5', { e: 130, c: 1, dep: 0, tim: 3000 }), at('2', 1, 6)); // another process: cursor 5 unknown there
    v.finish();
    expect(values).toEqual([{ micros: 120, tim: 1000, line: 2 }]);
  });

  it('filters by depth, and by hash value where there is no sql_id', () => {
    const { v, values } = visitor({ kind: 'call', call: 'FETCH', sqlId: null, hashValue: 42, dep: 1 });
    v.onCursor(cursor('3', { hv: 42, dep: 1 }), at('1', 0, 1));
    v.onCall(call('FETCH', '3', { e: 7, dep: 1, tim: 10 }), at('1', 0, 2));
    v.onCall(call('FETCH', '3', { e: 8, dep: 0, tim: 20 }), at('1', 0, 3));
    expect(values.map((x) => x.micros)).toEqual([7]);
  });
});

describe('MeasureVisitor: the commit', () => {
  it('runs from the end of the call it commits to the end of the log file sync after XCTEND', () => {
    const { v, values } = visitor({ kind: 'commit' });
    // The synthetic commit loop's shape: EXEC ends 124069, XCTEND 124084, log file sync ends 124592.
    v.onCall(call('EXEC', '1', { e: 172, c: 168, dep: 0, tim: 124_069 }), at('1', 0, 10));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 124_084 }), at('1', 0, 11));
    v.onWait(wait('log file sync', 506, 124_592), at('1', 0, 12));
    v.onWait(wait('SQL*Net message to client', 1, 124_602), at('1', 0, 13));
    v.onWait(wait('SQL*Net message from client', 169, 124_775), at('1', 0, 14));
    // A rollback is not a commit.
    v.onCall(call('XCTEND', '', { rlbk: 1, rdOnly: 0, tim: 124_800 }), at('1', 0, 15));
    v.finish();
    expect(values).toEqual([{ micros: 124_592 - 124_069, tim: 124_084, line: 11 }]);
  });

  it('is the EXEC of a COMMIT statement where the application issues one', () => {
    const { v, values } = visitor({ kind: 'commit' });
    v.onWait(wait('SQL*Net message from client', 300, 1000), at('1', 0, 1));
    v.onCursor(cursor('9', { oct: 44, text: 'commit' }), at('1', 0, 2));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 1010 }), at('1', 0, 3));
    v.onWait(wait('log file sync', 400, 1420), at('1', 0, 4));
    v.onCall(call('EXEC', '9', { e: 430, c: 20, dep: 0, tim: 1430 }), at('1', 0, 5));
    v.finish();
    expect(values).toEqual([{ micros: 430, tim: 1430, line: 5 }]);
  });

  it('keeps both an open commit and a later COMMIT statement that has no XCTEND of its own', () => {
    const { v, values } = visitor({ kind: 'commit' });
    v.onCursor(cursor('9', { oct: 44, text: 'commit' }), at('1', 0, 1));
    v.onCall(call('EXEC', '1', { e: 50, c: 40, dep: 0, tim: 1000 }), at('1', 0, 2));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 1010 }), at('1', 0, 3));
    v.onWait(wait('log file sync', 200, 1300), at('1', 0, 4));
    // The COMMIT statement began after that sync ended (nothing left to commit: no XCTEND inside it).
    v.onCall(call('EXEC', '9', { e: 30, c: 20, dep: 0, tim: 1400 }), at('1', 0, 5));
    v.finish();
    expect(values).toEqual([
      { micros: 1300 - 1000, tim: 1010, line: 3 },
      { micros: 30, tim: 1400, line: 5 },
    ]);
  });

  it('ends a commit open at the end of the file at its last wait', () => {
    const { v, values } = visitor({ kind: 'commit' });
    v.onWait(wait('SQL*Net message from client', 300, 1000), at('1', 0, 1));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 1010 }), at('1', 0, 2));
    v.onWait(wait('log file sync', 90, 1100), at('1', 0, 3));
    v.finish();
    expect(values.map((x) => x.micros)).toEqual([100]);
  });
});
