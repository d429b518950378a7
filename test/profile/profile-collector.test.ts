import { describe, expect, it } from 'vitest';
import { ProfileCollector } from '../../lib/profile/profile-collector';
import type { DatasetProfile } from '../../lib/profile/profile-model';
import { profileTrace } from '../../lib/profile/profile-trace';
import { chunksOf } from '../helpers/chunks';
import { at, call, cursor, wait } from './records';

const component = (p: DatasetProfile, name: string) => p.components.find((c) => c.component === name);
const statement = (p: DatasetProfile, key: string) => p.statements.find((s) => s.key === key);

/**
 * One session, worked out by hand (times in µs; a wait [tim − ela, tim], a call [tim − e, tim]):
 *   SNMFC 1000 [0, 1000] · db file sequential read 100 [1050, 1150] · dbfsr 50 [1250, 1300]
 *   EXEC #7 dep 1 [1200, 1400] · SQL*Net message to client 10 [1440, 1450] · FETCH #5 dep 0 [1000, 1600]
 *   SNMFC 2 000 000 [1600, 2 001 600] · XCTEND at 2 001 700 · log file sync 300 [2 001 700, 2 002 000]
 */
function bookSession(): DatasetProfile {
  const p = new ProfileCollector();
  p.onCursor(cursor('5', { sqlId: 'aaaaaaaaaaaaa', hv: 11, dep: 0, text: 'select 1 from dual' }), at());
  p.onCursor(cursor('7', { sqlId: 'rrrrrrrrrrrrr', hv: 22, dep: 1, text: 'select 2 from dual' }), at());
  p.onWait(wait('SQL*Net message from client', 1000, 1000), at());
  p.onWait(wait('db file sequential read', 100, 1150), at());
  p.onWait(wait('db file sequential read', 50, 1300), at());
  p.onCall(call('EXEC', '7', { c: 100, e: 200, dep: 1, tim: 1400 }), at());
  p.onWait(wait('SQL*Net message to client', 10, 1450), at());
  p.onCall(call('FETCH', '5', { c: 250, e: 600, dep: 0, tim: 1600, r: 1 }), at());
  p.onWait(wait('SQL*Net message from client', 2_000_000, 2_001_600), at());
  p.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 2_001_700 }), at());
  p.onWait(wait('log file sync', 300, 2_002_000), at());
  return p.finish();
}

describe('ProfileCollector: the response-time profile', () => {
  it('splits R into CPU, waits within and between calls, think time and unaccounted-for, worked out by hand', () => {
    const p = bookSession();
    expect(p.responseTime).toBe(2_002_000);
    expect(p.sessions).toBe(1);
    // Both reads lie in the FETCH: the first outside its recursive EXEC, the second inside it.
    expect(component(p, 'db file sequential read')).toMatchObject({ kind: 'wait-within', total: 150, count: 2 });
    expect(component(p, 'SQL*Net message to client')).toMatchObject({ kind: 'wait-within', total: 10, count: 1 });
    expect(component(p, 'CPU: FETCH dbcalls')).toMatchObject({ kind: 'cpu', total: 250, count: 1 });
    // Only dep 0 CPU counts: the EXEC's c is inside the FETCH's.
    expect(component(p, 'CPU: EXEC dbcalls')).toBeUndefined();
    expect(component(p, 'unaccounted-for within calls')).toMatchObject({ total: 600 - 250 - 160, count: 1 });
    expect(component(p, 'SQL*Net message from client [between calls]')).toMatchObject({ kind: 'wait-between', total: 1000, count: 1 });
    expect(component(p, 'SQL*Net message from client [think time]')).toMatchObject({ kind: 'think-time', total: 2_000_000, count: 1 });
    expect(component(p, 'log file sync [between calls]')).toMatchObject({ total: 300, count: 1 });
    // The gap between the think time's end (2 001 600) and XCTEND (2 001 700).
    expect(component(p, 'unaccounted-for between calls')?.total).toBe(100);
    expect(p.components.reduce((s, c) => s + c.total, 0)).toBe(p.responseTime);
  });

  it('sums calls per name and depth', () => {
    const p = bookSession();
    const byKey = Object.fromEntries(p.calls.map((c) => [`${c.call}/${c.dep}`, c]));
    expect(byKey['FETCH/0']).toMatchObject({ count: 1, e: 600, c: 250, r: 1 });
    expect(byKey['EXEC/1']).toMatchObject({ count: 1, e: 200, c: 100 });
    expect(byKey['XCTEND/0']).toMatchObject({ count: 1, e: 0, c: 0 });
    expect(p.calls).toHaveLength(3);
  });

  it('links a recursive statement to its parent, and splits the parent’s time with and without it', () => {
    const p = bookSession();
    const parent = statement(p, 'aaaaaaaaaaaaa');
    const child = statement(p, 'rrrrrrrrrrrrr');
    expect(parent).toMatchObject({ dep: 0, recursiveE: 200, children: ['rrrrrrrrrrrrr'], parents: [], text: 'select 1 from dual' });
    expect(parent?.waits).toEqual({ 'db file sequential read': { count: 1, total: 100 }, 'SQL*Net message to client': { count: 1, total: 10 } });
    expect(child).toMatchObject({ dep: 1, parents: ['aaaaaaaaaaaaa'], children: [] });
    expect(child?.waits).toEqual({ 'db file sequential read': { count: 1, total: 50 } });
    expect(child?.calls.EXEC).toMatchObject({ count: 1, e: 200, c: 100 });
    expect([...(child?.executions.values ?? [])]).toEqual([200]);
  });

  it('gives a call only as many of the recursive calls before it as its own e holds: the earlier ran in a call the trace does not show', () => {
    // By hand (µs): recursive EXEC #7 [1000, 1400] (e 400) and EXEC #8 [1500, 1700] (e 200) of a
    // client call with no line (as in jkstill's latency traces), then CLOSE #5 dep 0 with e 6: it
    // can hold neither (600 > 6 + 3). Then EXEC #7 [2200, 2300] (e 100) inside EXEC #5 dep 0
    // [2100, 2500] (e 400): 100 ≤ 400.
    const p = new ProfileCollector();
    p.onCursor(cursor('5', { sqlId: 'aaaaaaaaaaaaa', hv: 11, dep: 0, text: 'begin null; end;' }), at());
    p.onCursor(cursor('7', { sqlId: 'rrrrrrrrrrrrr', hv: 22, dep: 1, text: 'delete from a' }), at());
    p.onCursor(cursor('8', { sqlId: 'sssssssssssss', hv: 33, dep: 1, text: 'delete from b' }), at());
    p.onCall(call('EXEC', '7', { c: 50, e: 400, dep: 1, tim: 1400 }), at());
    p.onCall(call('EXEC', '8', { c: 150, e: 200, dep: 1, tim: 1700 }), at());
    p.onCall(call('CLOSE', '5', { c: 0, e: 6, dep: 0, tim: 2000, type: 0 }), at());
    p.onCall(call('EXEC', '7', { c: 100, e: 100, dep: 1, tim: 2300 }), at());
    p.onCall(call('EXEC', '5', { c: 300, e: 400, dep: 0, tim: 2500 }), at());
    const prof = p.finish();
    expect(statement(prof, 'aaaaaaaaaaaaa')).toMatchObject({ recursiveE: 100, children: ['rrrrrrrrrrrrr'] });
    expect(statement(prof, 'sssssssssssss')?.parents).toEqual([]);
    expect(statement(prof, 'rrrrrrrrrrrrr')?.parents).toEqual(['aaaaaaaaaaaaa']);
  });

  it('counts recursive calls no call of the trace adopts as top-level calls: their CPU, their waits within calls, their unaccounted-for time', () => {
    // By hand (µs; a call [tim − e, tim], a wait [tim − ela, tim] placed by its midpoint):
    //   db file sequential read 100 [1200, 1300] · EXEC #7 dep 1 [1000, 1400] c 50 · SNMFC 50 [1400, 1450]
    //   EXEC #8 dep 1 [1500, 1700] c 150 · CLOSE #5 dep 0 [1994, 2000] c 0: holds neither (600 > 6 + 3)
    //   db file scattered read 40 [2240, 2280] · EXEC #7 dep 1 [2200, 2300] c 30, adopted by
    //   EXEC #5 dep 0 [2100, 2500] c 300 · db file sequential read 60 [2630, 2690] · FETCH #7 dep 1
    //   [2630, 2700] c 20, the trace's last line: no parent comes.
    // Top-level: EXEC #7, EXEC #8, CLOSE #5, EXEC #5, FETCH #7. Unaccounted-for within, e − c − waits:
    //   400 − 50 − 100 = 250 · 200 − 150 = 50 · 6 · 400 − 300 − 40 = 60 · 70 − 20 − 60 = −10: 356 in all.
    // R = 2700 − 1000 = 1700; between calls: SNMFC 50, and 1700 − (520 + 200 + 50 + 356) = 574 unaccounted.
    const p = new ProfileCollector();
    p.onCursor(cursor('5', { sqlId: 'aaaaaaaaaaaaa', hv: 11, dep: 0, text: 'begin null; end;' }), at());
    p.onCursor(cursor('7', { sqlId: 'rrrrrrrrrrrrr', hv: 22, dep: 1, text: 'select a' }), at());
    p.onCursor(cursor('8', { sqlId: 'sssssssssssss', hv: 33, dep: 1, text: 'delete from b' }), at());
    p.onWait(wait('db file sequential read', 100, 1300), at());
    p.onCall(call('EXEC', '7', { c: 50, e: 400, dep: 1, tim: 1400 }), at());
    p.onWait(wait('SQL*Net message from client', 50, 1450), at());
    p.onCall(call('EXEC', '8', { c: 150, e: 200, dep: 1, tim: 1700 }), at());
    p.onCall(call('CLOSE', '5', { c: 0, e: 6, dep: 0, tim: 2000, type: 0 }), at());
    p.onWait(wait('db file scattered read', 40, 2280), at());
    p.onCall(call('EXEC', '7', { c: 30, e: 100, dep: 1, tim: 2300 }), at());
    p.onCall(call('EXEC', '5', { c: 300, e: 400, dep: 0, tim: 2500 }), at());
    p.onWait(wait('db file sequential read', 60, 2690), at());
    p.onCall(call('FETCH', '7', { c: 20, e: 70, dep: 1, tim: 2700 }), at());
    const prof = p.finish();
    const rows = Object.fromEntries(prof.components.map((c) => [c.component, [c.total, c.count]]));
    expect(rows).toEqual({
      'CPU: EXEC dbcalls': [500, 3],
      'CPU: CLOSE dbcalls': [0, 1],
      'CPU: FETCH dbcalls': [20, 1],
      'db file sequential read': [160, 2],
      'db file scattered read': [40, 1],
      'SQL*Net message from client [between calls]': [50, 1],
      'unaccounted-for within calls': [356, 5],
      'unaccounted-for between calls': [574, 1],
    });
    expect(prof.responseTime).toBe(1700);
    const within = prof.components.find((c) => c.kind === 'unaccounted-within');
    expect([...(within?.counts?.values ?? [])]).toEqual([-10, 6, 50, 60, 250]);
    // The statements are as before: only the adopted EXEC #7 is a child of #5.
    expect(statement(prof, 'aaaaaaaaaaaaa')).toMatchObject({ recursiveE: 100, children: ['rrrrrrrrrrrrr'] });
  });

  it('counts a recursive call once: inside its dep 0 call even when the call at the depth between does not hold it, across an XCTEND, under a LOB call, and per call, not per statement', () => {
    const rowsOf = (p: ProfileCollector) => Object.fromEntries(p.finish().components.map((c) => [c.component, c.total]));
    // (a) FETCH #2 dep 2 [1000000, 1000500] c 100 with a read of 300 inside; EXEC #3 dep 1 e 100 cannot hold
    // it (500 > 100 + 1), but EXEC #1 dep 0 [999800, 1000800] e 1000 holds both (600 ≤ 1000 + 2).
    // R = 1000; CPU 300, the read 300, unaccounted within 1000 − 300 − 300 = 400, between 0.
    const a = new ProfileCollector();
    a.onWait(wait('db file sequential read', 300, 1000400), at());
    a.onCall(call('FETCH', '2', { c: 100, e: 500, dep: 2, tim: 1000500 }), at());
    a.onCall(call('EXEC', '3', { c: 50, e: 100, dep: 1, tim: 1000700 }), at());
    a.onCall(call('EXEC', '1', { c: 300, e: 1000, dep: 0, tim: 1000800 }), at());
    expect(rowsOf(a)).toEqual({ 'db file sequential read': 300, 'CPU: EXEC dbcalls': 300, 'unaccounted-for within calls': 400, 'unaccounted-for between calls': 0 });
    // (b) A PL/SQL block's INSERT dep 1 [1000, 2000] with a read of 400, its COMMIT's XCTEND, a log
    // file sync of 300 [2100, 2400], then the block's EXEC #1 dep 0 [1000, 4000] c 1000: it holds the
    // INSERT. R = 3000; unaccounted within 3000 − 1000 − 700 = 1300.
    const b = new ProfileCollector();
    b.onWait(wait('db file sequential read', 400, 1500), at());
    b.onCall(call('EXEC', '2', { c: 300, e: 1000, dep: 1, tim: 2000 }), at());
    b.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 2050 }), at());
    b.onWait(wait('log file sync', 300, 2400), at());
    b.onCall(call('EXEC', '1', { c: 1000, e: 3000, dep: 0, tim: 4000 }), at());
    expect(rowsOf(b)).toEqual({ 'db file sequential read': 400, 'log file sync': 300, 'CPU: EXEC dbcalls': 1000, 'unaccounted-for within calls': 1300, 'unaccounted-for between calls': 0 });
    // (c) EXEC #2 dep 1 [1000, 1100] c 50 with a read of 30, inside LOBREAD [1000, 1300] c 100 (no
    // cursor): 100 ≤ 300. R = 300; unaccounted within 300 − 100 − 30 = 170.
    const c = new ProfileCollector();
    c.onWait(wait('db file sequential read', 30, 1080), at());
    c.onCall(call('EXEC', '2', { c: 50, e: 100, dep: 1, tim: 1100 }), at());
    c.onCall(call('LOBREAD', '', { c: 100, e: 300, tim: 1300 }), at());
    expect(rowsOf(c)).toEqual({ 'db file sequential read': 30, 'CPU: LOBREAD dbcalls': 100, 'unaccounted-for within calls': 170, 'unaccounted-for between calls': 0 });
    // (d) EXEC #2 dep 1 [1000, 2000] c 500 with a read of 300, of a client call with no line; SNMFC
    // 900 [2000, 2900] between calls; EXEC #2 dep 1 [2950, 3050] c 50 with a read of 30, inside
    // EXEC #1 dep 0 [2950, 3150] c 80: it holds the second (100 ≤ 200 + 1), not both (1100 > 200 + 2).
    // R = 2150: CPU 500 + 80, reads 330, SNMFC 900, unaccounted within (1000 − 500 − 300) +
    // (200 − 80 − 30) = 290, between 2150 − 580 − 330 − 900 − 290 = 50.
    const d = new ProfileCollector();
    d.onWait(wait('db file sequential read', 300, 1500), at());
    d.onCall(call('EXEC', '2', { c: 500, e: 1000, dep: 1, tim: 2000 }), at());
    d.onWait(wait('SQL*Net message from client', 900, 2900), at());
    d.onWait(wait('db file sequential read', 30, 3000), at());
    d.onCall(call('EXEC', '2', { c: 50, e: 100, dep: 1, tim: 3050 }), at());
    d.onCall(call('EXEC', '1', { c: 80, e: 200, dep: 0, tim: 3150 }), at());
    expect(rowsOf(d)).toEqual({
      'db file sequential read': 330,
      'SQL*Net message from client [between calls]': 900,
      'CPU: EXEC dbcalls': 580,
      'unaccounted-for within calls': 290,
      'unaccounted-for between calls': 50,
    });
  });

  it('leaves the waits before an XCTEND to the next call (a COMMIT inside a PL/SQL block), and books the calls a dep 0 call without e takes as top-level', () => {
    const rowsOf = (p: ProfileCollector) => Object.fromEntries(p.finish().components.map((c) => [c.component, c.total]));
    // EXEC #2 dep 1 [1000000, 1000500] c 200; PL/SQL lock timer 1,000,000 [1000600, 2000600]; the
    // COMMIT's XCTEND; the block's EXEC #1 dep 0 [999900, 3000800] c 500, which holds them all.
    // R = 2,000,900: CPU 500, the wait 1,000,000 within, unaccounted within 2,000,900 − 500 − 1,000,000.
    for (const xctendTim of [2000700, NaN]) {
      const p = new ProfileCollector();
      p.onCall(call('EXEC', '2', { c: 200, e: 500, dep: 1, tim: 1000500 }), at());
      p.onWait(wait('PL/SQL lock timer', 1_000_000, 2000600), at());
      p.onCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: xctendTim }), at());
      p.onCall(call('EXEC', '1', { c: 500, e: 2000900, dep: 0, tim: 3000800 }), at());
      expect(rowsOf(p), `XCTEND tim ${xctendTim}`).toEqual({ 'PL/SQL lock timer': 1_000_000, 'CPU: EXEC dbcalls': 500, 'unaccounted-for within calls': 1_000_400, 'unaccounted-for between calls': 0 });
    }
    // EXEC #2 dep 1 [1000000, 1000500] c 200 with a read of 100; SNMFC 400 [1000500, 1000900]; CLOSE #1
    // dep 0 without e at 1001000 takes the EXEC but cannot hold its time: the EXEC is top-level.
    // R = 1000: CPU 200 + 0, read 100, unaccounted within 500 − 200 − 100 = 200, SNMFC 400, between 100.
    const p = new ProfileCollector();
    p.onWait(wait('db file sequential read', 100, 1000300), at());
    p.onCall(call('EXEC', '2', { c: 200, e: 500, dep: 1, tim: 1000500 }), at());
    p.onWait(wait('SQL*Net message from client', 400, 1000900), at());
    p.onCall(call('CLOSE', '1', { c: 0, dep: 0, tim: 1001000, type: 0 }), at());
    expect(rowsOf(p)).toEqual({
      'db file sequential read': 100,
      'CPU: EXEC dbcalls': 200,
      'unaccounted-for within calls': 200,
      'SQL*Net message from client [between calls]': 400,
      'CPU: CLOSE dbcalls': 0,
      'unaccounted-for between calls': 100,
    });
  });

  it('profiles a trace of recursive calls alone (a PL/SQL block traced from inside): reads within calls, CPU from the calls', () => {
    // LucaCanali's 10046 sample has no dep=0 line at all. By hand: FETCH #7 dep 1 [1000, 2000] c 100
    // with two reads of 300 inside it; then a read of 200 [2200, 2400], outside the next FETCH
    // [2500, 3000] c 50 and so between calls.
    const p = new ProfileCollector();
    p.onWait(wait('db file sequential read', 300, 1400), at());
    p.onWait(wait('db file sequential read', 300, 1900), at());
    p.onCall(call('FETCH', '7', { c: 100, e: 1000, dep: 1, tim: 2000 }), at());
    p.onWait(wait('db file sequential read', 200, 2400), at());
    p.onCall(call('FETCH', '7', { c: 50, e: 500, dep: 1, tim: 3000 }), at());
    const prof = p.finish();
    const rows = Object.fromEntries(prof.components.map((c) => [c.component, [c.total, c.count]]));
    expect(rows).toEqual({
      'db file sequential read': [600, 2],
      'db file sequential read [between calls]': [200, 1],
      'CPU: FETCH dbcalls': [150, 2],
      // 1000 − 100 − 600 = 300 and 500 − 50 = 450.
      'unaccounted-for within calls': [750, 2],
      // The gaps [2000, 2200] and [2400, 2500]: 2000 − (150 + 600 + 200 + 750).
      'unaccounted-for between calls': [300, 1],
    });
    expect(prof.responseTime).toBe(2000);
  });

  it('keeps the latest recursive calls that fit, in the order first met, and allows a µs of rounding per call', () => {
    // EXEC #9 dep 1 (e 500) of an unseen call, then #7 (e 60) and #8 (e 41) inside PARSE #5 dep 0
    // with e 100: 60 + 41 = 101 ≤ 100 + 3 (a µs per call and one for the parent), 500 more is not.
    const p = new ProfileCollector();
    p.onCursor(cursor('5', { sqlId: 'aaaaaaaaaaaaa', hv: 11, dep: 0 }), at());
    p.onCursor(cursor('7', { sqlId: 'rrrrrrrrrrrrr', hv: 22, dep: 1 }), at());
    p.onCursor(cursor('8', { sqlId: 'sssssssssssss', hv: 33, dep: 1 }), at());
    p.onCursor(cursor('9', { sqlId: 'ttttttttttttt', hv: 44, dep: 1 }), at());
    p.onCall(call('EXEC', '9', { c: 500, e: 500, dep: 1, tim: 500 }), at());
    p.onCall(call('EXEC', '7', { c: 60, e: 60, dep: 1, tim: 1060 }), at());
    p.onCall(call('EXEC', '8', { c: 41, e: 41, dep: 1, tim: 1101 }), at());
    p.onCall(call('PARSE', '5', { c: 100, e: 100, dep: 0, tim: 1101 }), at());
    const prof = p.finish();
    expect(statement(prof, 'aaaaaaaaaaaaa')).toMatchObject({ recursiveE: 101, children: ['rrrrrrrrrrrrr', 'sssssssssssss'] });
    expect(statement(prof, 'ttttttttttttt')?.parents).toEqual([]);
  });

  it('gives a call without e (a CLOSE before 11.2) every recursive call before it, as the order alone says', () => {
    const p = new ProfileCollector();
    p.onCursor(cursor('5', { sqlId: 'aaaaaaaaaaaaa', hv: 11, dep: 0 }), at());
    p.onCursor(cursor('7', { sqlId: 'rrrrrrrrrrrrr', hv: 22, dep: 1 }), at());
    p.onCall(call('EXEC', '7', { c: 50, e: 400, dep: 1, tim: 1400 }), at());
    p.onCall(call('CLOSE', '5', { dep: 0, tim: 2000, type: 0 }), at());
    expect(statement(p.finish(), 'aaaaaaaaaaaaa')).toMatchObject({ recursiveE: 400, children: ['rrrrrrrrrrrrr'] });
  });

  it('gives a reused cursor number to the statement parsed last, per process', () => {
    const p = new ProfileCollector();
    p.onCursor(cursor('5', { sqlId: 'AAAAAAAAAAAAA' }), at('1'));
    p.onCursor(cursor('5', { sqlId: 'PPPPPPPPPPPPP' }), at('2'));
    p.onCall(call('EXEC', '5', { c: 1, e: 10, dep: 0, tim: 100 }), at('1'));
    p.onCall(call('CLOSE', '5', { c: 0, e: 1, dep: 0, type: 0, tim: 110 }), at('1'));
    p.onCursor(cursor('5', { sqlId: 'BBBBBBBBBBBBB' }), at('1'));
    p.onCall(call('EXEC', '5', { c: 2, e: 20, dep: 0, tim: 200 }), at('1'));
    p.onCall(call('EXEC', '5', { c: 3, e: 30, dep: 0, tim: 300 }), at('2'));
    p.onCall(call('EXEC', '9', { c: 4, e: 40, dep: 0, tim: 400 }), at('2'));
    const s = p.finish();
    expect(statement(s, 'AAAAAAAAAAAAA')?.calls.EXEC?.e).toBe(10);
    expect(statement(s, 'AAAAAAAAAAAAA')?.calls.CLOSE?.count).toBe(1);
    expect(statement(s, 'BBBBBBBBBBBBB')?.calls.EXEC?.e).toBe(20);
    expect(statement(s, 'PPPPPPPPPPPPP')?.calls.EXEC?.e).toBe(30);
    expect(statement(s, 'unknown statement (cursor #9)')).toMatchObject({ unknownCursor: '9', text: null, sqlId: null });
    expect(statement(s, 'unknown statement (cursor #9)')?.calls.EXEC?.e).toBe(40);
  });

  it('keys statements without sql_id by hash value', () => {
    const p = new ProfileCollector();
    p.onCursor(cursor('1', { hv: 2611744364 }), at());
    p.onCall(call('PARSE', '1', { c: 0, e: 5, dep: 0, tim: 5 }), at());
    expect(p.finish().statements[0]).toMatchObject({ key: 'hv:2611744364', hashValue: 2611744364, sqlId: null });
  });

  it('counts a trace that starts inside a call: the waits before the first call line are within it', () => {
    const p = new ProfileCollector();
    p.onWait(wait('db file scattered read', 400, 900), at());
    p.onCall(call('FETCH', '3', { c: 100, e: 700, dep: 0, tim: 1000 }), at());
    const s = p.finish();
    expect(s.responseTime).toBe(700);
    expect(component(s, 'db file scattered read')).toMatchObject({ kind: 'wait-within', total: 400 });
    expect(component(s, 'unaccounted-for within calls')?.total).toBe(200);
    expect(component(s, 'unaccounted-for between calls')?.total).toBe(0);
  });

  it('keeps negative unaccounted-for time (CPU counted twice, quantization), never clamping it', () => {
    const p = new ProfileCollector();
    p.onWait(wait('db file sequential read', 80, 95), at());
    p.onCall(call('EXEC', '1', { c: 40, e: 100, dep: 0, tim: 100 }), at());
    const s = p.finish();
    expect(component(s, 'unaccounted-for within calls')?.total).toBe(100 - 40 - 80);
    expect([...(component(s, 'unaccounted-for within calls')?.counts?.values ?? [])]).toEqual([-20]);
  });

  it('falls back to the between-call event names for waits without tim (before 10g)', () => {
    const p = new ProfileCollector();
    p.onWait(wait('SQL*Net message from client', 500, NaN), at());
    p.onWait(wait('db file sequential read', 30, NaN), at());
    p.onCall(call('EXEC', '1', { c: 10, e: 50, dep: 0, tim: 1000 }), at());
    const s = p.finish();
    expect(component(s, 'SQL*Net message from client [between calls]')?.total).toBe(500);
    expect(component(s, 'db file sequential read')?.kind).toBe('wait-within');
  });

  it('uses the think-time threshold given', () => {
    const p = new ProfileCollector({ thinkTimeMicros: 100 });
    p.onWait(wait('SQL*Net message from client', 100, 100), at());
    p.onWait(wait('SQL*Net message from client', 99, 300), at());
    p.onCall(call('EXEC', '1', { c: 1, e: 1, dep: 0, tim: 400 }), at());
    const s = p.finish();
    expect(component(s, 'SQL*Net message from client [think time]')).toMatchObject({ total: 100, count: 1 });
    expect(component(s, 'SQL*Net message from client [between calls]')).toMatchObject({ total: 99, count: 1 });
  });

  it('adds R over sessions, each from its own earliest start to its latest end', () => {
    const p = new ProfileCollector();
    p.onCall(call('EXEC', '1', { c: 1, e: 10, dep: 0, tim: 100 }), at('1', 0));
    p.onCall(call('EXEC', '1', { c: 1, e: 10, dep: 0, tim: 5000 }), at('2', 1));
    p.onCall(call('EXEC', '1', { c: 1, e: 10, dep: 0, tim: 150 }), at('1', 0));
    const s = p.finish();
    expect(s.sessions).toBe(2);
    expect(s.responseTime).toBe(150 - 90 + 10);
  });

  it('books the waits of two events whose names decode alike (bytes that are not UTF-8) on one row per kind, as one name', async () => {
    const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
    const lines = [
      'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
      "WAIT #1: nam='ev\xff' ela= 10 p1=0 p2=0 p3=0 obj#=-1 tim=1000",
      "WAIT #1: nam='ev\xfe' ela= 20 p1=0 p2=0 p3=0 obj#=-1 tim=1100",
      'EXEC #1:c=5,e=500,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=1200',
      "WAIT #1: nam='ev\xfe' ela= 30 p1=0 p2=0 p3=0 obj#=-1 tim=1300",
      "WAIT #1: nam='ev\xff' ela= 40 p1=0 p2=0 p3=0 obj#=-1 tim=1400",
    ];
    const bytes = new Uint8Array(lines.flatMap((l) => [...text(l), 10]));
    const { profile } = await profileTrace(chunksOf(bytes, bytes.length), { fileName: 'f.trc' });
    const rows = profile.components.filter((c) => c.subject === 'ev\ufffd');
    expect(rows.map((r) => [r.component, r.kind, r.total, r.count])).toEqual([
      ['ev\ufffd', 'wait-within', 30, 2],
      ['ev\ufffd [between calls]', 'wait-between', 70, 2],
    ]);
  });

  it('leaves LGWR log write warnings out: they are not a session\'s time, and alone they made R the span of the *** stamps', async () => {
    const enc = new TextEncoder();
    const trace = (lines: string[]) => enc.encode(lines.join('\n') + '\n');
    const head = ['Oracle Database 11g Enterprise Edition Release 11.2.0.2.0 - 64bit Production', '', '*** 2015-02-06 20:01:26.330'];
    // A trace of warnings alone (LGWR's, without 10046): no response time at all.
    const alone = await profileTrace(chunksOf(trace([...head, 'Warning: log write elapsed time 740ms, size 0KB', '', '*** 2015-02-18 13:07:26.848', 'Warning: log write elapsed time 511ms, size 2KB']), 1 << 16), { fileName: 'lgwr.trc' });
    expect(alone.profile.responseTime).toBe(0);
    expect(alone.profile.sessions).toBe(0);
    expect(alone.profile.components.filter((c) => c.kind !== 'unaccounted-between')).toEqual([]);
    // Among WAITs (an LGWR traced with 10046): the profile is the one without the warning line.
    const waits = ["WAIT #0: nam='rdbms ipc message' ela= 3000 timeout=300 p2=0 p3=0 obj#=-1 tim=1000000", "WAIT #0: nam='log file parallel write' ela= 800000 files=1 blocks=2 requests=1 obj#=-1 tim=1900000"];
    const withWarning = await profileTrace(chunksOf(trace([...head, waits[0]!, 'Warning: log write elapsed time 800ms, size 1KB', waits[1]!]), 1 << 16), { fileName: 'a.trc' });
    const without = await profileTrace(chunksOf(trace([...head, ...waits]), 1 << 16), { fileName: 'b.trc' });
    // R = 1 900 000 − (1 000 000 − 3 000) = 903 000 µs, by hand; two rows of waits between calls.
    expect(withWarning.profile.responseTime).toBe(903_000);
    expect(withWarning.profile.components.map((c) => [c.component, c.total])).toEqual(without.profile.components.map((c) => [c.component, c.total]));
    expect(withWarning.profile.components.some((c) => c.subject === 'LGWR log write warning')).toBe(false);
  });
});
