import { describe, expect, it } from 'vitest';
import type { Measure } from '../../lib/trace/measure';
import { MeasureVisitor } from '../../lib/trace/measure-visitor';
import type { RecordPosition } from '../../lib/trace/trace-visitor';
import { at, call, cursor, wait } from '../profile/records';

type Values = { micros: number; tim: number; line: number }[];

function visitor(measure: Exclude<Measure, { kind: 'event' }>): { v: MeasureVisitor; values: Values; leftOut: number[] } {
  const values: Values = [];
  const leftOut: number[] = [];
  const v = new MeasureVisitor(
    measure,
    (micros, tim, p: RecordPosition) => values.push({ micros, tim, line: p.line }),
    (_why, p) => leftOut.push(p.line),
  );
  return { v, values, leftOut };
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

  it('measures an XCTEND without tim (before 11g) from the record before it, placed by the sync after it', () => {
    const { v, values } = visitor({ kind: 'commit' });
    // oltp-10.2 lines 107-112 (synth --workload oltp --release 10.2): the client's request ends at
    // 215324, XCTEND has no tim, the log file sync (ela 432) ends at 215773: the commit is 449 µs.
    v.onCall(call('EXEC', '4', { e: 315, c: 254, dep: 0, tim: 215_128 }), at('1', 0, 106));
    v.onWait(wait('SQL*Net message to client', 7, 215_151), at('1', 0, 107));
    v.onWait(wait('SQL*Net message from client', 167, 215_324), at('1', 0, 108));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0 }), at('1', 0, 110));
    v.onWait(wait('log file sync', 432, 215_773), at('1', 0, 111));
    v.onWait(wait('SQL*Net message to client', 1, 215_790), at('1', 0, 112));
    v.finish();
    expect(values).toEqual([{ micros: 449, tim: 215_773 - 432, line: 110 }]);
  });

  it('adds the ela of waits without tim (9i) to a commit without tim', () => {
    const { v, values } = visitor({ kind: 'commit' });
    v.onCall(call('EXEC', '4', { e: 315, c: 254, dep: 0, tim: 5_000 }), at('1', 0, 1));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0 }), at('1', 0, 2));
    v.onWait(wait('log file sync', 600, NaN), at('1', 0, 3));
    v.onWait(wait('SQL*Net message to client', 2, NaN), at('1', 0, 4));
    v.finish();
    expect(values).toEqual([{ micros: 600, tim: 5_000, line: 2 }]);
  });

  it('takes an XCTEND without tim whose sync lies inside a COMMIT statement to be part of that EXEC', () => {
    const { v, values } = visitor({ kind: 'commit' });
    v.onCursor(cursor('9', { oct: 44, text: 'COMMIT' }), at('1', 0, 1));
    v.onWait(wait('SQL*Net message from client', 300, 1_000), at('1', 0, 2));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0 }), at('1', 0, 3));
    v.onWait(wait('log file sync', 400, 1_420), at('1', 0, 4));
    v.onCall(call('EXEC', '9', { e: 430, c: 20, dep: 0, tim: 1_430 }), at('1', 0, 5));
    v.finish();
    expect(values).toEqual([{ micros: 430, tim: 1_430, line: 5 }]);
  });

  it('leaves out the commits of a process traced without waits, and says where; a COMMIT statement still counts', () => {
    const { v, values, leftOut } = visitor({ kind: 'commit' });
    // 10046 level 1: the client's 5 s pause between the FETCH and its commit call is not written
    // (no SQL*Net message from client), so the XCTEND's record before is the FETCH.
    v.onCall(call('FETCH', '1', { e: 40, c: 40, dep: 0, tim: 1_000_000 }), at('1', 0, 10));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 6_000_150 }), at('1', 0, 11));
    v.onCursor(cursor('9', { oct: 44, text: 'COMMIT' }), at('1', 0, 12));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 9_000_100 }), at('1', 0, 13));
    v.onCall(call('EXEC', '9', { e: 300, c: 30, dep: 0, tim: 9_000_140 }), at('1', 0, 14));
    // Another process of the same file (trcsess) has its waits: its commits are measured.
    v.onWait(wait('SQL*Net message from client', 900, 2_000_000), at('2', 1, 20));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 2_000_010 }), at('2', 1, 21));
    v.onWait(wait('log file sync', 500, 2_000_520), at('2', 1, 22));
    // A commit open at the end of the file, in the process without waits.
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 9_500_000 }), at('1', 0, 30));
    v.finish();
    expect(values).toEqual([
      { micros: 300, tim: 9_000_140, line: 14 },
      { micros: 520, tim: 2_000_010, line: 21 },
    ]);
    expect(leftOut).toEqual([11, 30]);
  });

  it("measures the commits of PL/SQL (after a recursive call) before the process's first WAIT: no client request lies before them", () => {
    const { v, values, leftOut } = visitor({ kind: 'commit' });
    // A PL/SQL loop commits after each dep 1 INSERT (PL/SQL's commits do not wait for their sync),
    // then the block's own call ends; the review's trace: 5 commits, each 40 µs after its INSERT.
    for (let i = 0; i < 3; i++) {
      v.onCall(call('EXEC', '1', { c: 50, e: 60, dep: 1, tim: 1_000 + 100 * i }), at('1', 0, 2 * i + 1));
      v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 1_040 + 100 * i }), at('1', 0, 2 * i + 2));
    }
    v.onWait(wait('log file sync', 300, 1_600), at('1', 0, 7));
    v.onCall(call('EXEC', '2', { c: 200, e: 700, dep: 0, tim: 1_650 }), at('1', 0, 8));
    v.finish();
    expect(leftOut).toEqual([]);
    // Each from its INSERT's end to its XCTEND's tim (no wait follows before the next call), the last
    // to the end of the sync after it.
    expect(values.map((x) => [x.micros, x.line])).toEqual([
      [1_040 - 1_000, 2],
      [1_140 - 1_100, 4],
      [1_600 - 1_200, 6],
    ]);
  });

  it('holds at most 100,000 commits for a first WAIT: past that the process is taken to have none', () => {
    const { v, values, leftOut } = visitor({ kind: 'commit' });
    for (let i = 0; i < 100_002; i++) {
      v.onCall(call('EXEC', '1', { c: 5, e: 5, dep: 0, tim: 10 * i + 5 }), at('1', 0, 2 * i + 1));
      v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 10 * i + 8 }), at('1', 0, 2 * i + 2));
    }
    // A WAIT after the limit measures none of them, nor the commits after it.
    v.onWait(wait('log file sync', 100, 2_000_000), at('1', 0, 300_000));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 2_000_010 }), at('1', 0, 300_001));
    v.finish();
    expect(values).toEqual([]);
    expect(leftOut.length).toBe(100_003);
  });

  it('leaves read-only commits out, as XCTEND and as a COMMIT statement, and says where', () => {
    const { v, values, leftOut } = visitor({ kind: 'commit' });
    // jkstill's db-ping trace: EXEC, a 1.34 s gap with a *** stamp, then XCTEND rd_only=1 and no sync.
    v.onCall(call('EXEC', '1', { e: 20, c: 20, dep: 0, tim: 9_578_295_267_252 }), at('1', 0, 340));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 1, tim: 9_578_296_608_404 }), at('1', 0, 342));
    v.onWait(wait('SQL*Net message to dblink', 2, 9_578_296_608_500), at('1', 0, 343));
    v.onCursor(cursor('9', { oct: 44, text: 'commit' }), at('1', 0, 350));
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 1, tim: 9_578_296_700_000 }), at('1', 0, 351));
    v.onCall(call('EXEC', '9', { e: 30, c: 20, dep: 0, tim: 9_578_296_700_010 }), at('1', 0, 352));
    // A commit that writes, after them, is measured as before.
    v.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 9_578_296_800_000 }), at('1', 0, 360));
    v.onWait(wait('log file sync', 700, 9_578_296_800_710), at('1', 0, 361));
    v.finish();
    expect(leftOut).toEqual([342, 351]);
    expect(values).toEqual([{ micros: 9_578_296_800_710 - 9_578_296_700_010, tim: 9_578_296_800_000, line: 360 }]);
  });
});
