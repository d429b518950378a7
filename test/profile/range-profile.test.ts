// The response-time profile of a file read in byte ranges (lib/profile/range-profile.ts, joined by
// lib/trace/parallel-ranges.ts) must equal the profile of one pass in file order, field by field:
// on seeded OLTP sessions of every release (cursors parsed before a cut, executions open across one,
// recursive calls, a cursor the file never parses, CLOSE and reuse of cursor numbers), and on the
// real traces of the corpus.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileTrace } from '../../lib/profile/profile-trace';
import { joinRangeProfiles, type RangeProfile } from '../../lib/profile/range-profile';
import type { StatementTotals } from '../../lib/profile/profile-model';
import { rangeCursorKey } from '../../lib/profile/statement-key';
import { emptyCounts } from '../../lib/stats/counts';
import { CALL_RELEASES } from '../../lib/synth/call-releases';
import { generateCallSession } from '../../lib/synth/call-workload';
import { parseTrace } from '../../lib/trace/parse-trace';
import { findCutAfterTopCall } from '../../lib/trace/range-plan';
import { profileInRanges } from '../helpers/profile-in-ranges';

const CORPUS = path.resolve(__dirname, '../../../shared/corpus/real');
const THINK = { thinkTimeMicros: 1_000_000 };

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** In ranges of about `minBytes`, each scanned on this thread from its slice of the bytes. */
const ranged = (bytes: Uint8Array, name: string, minBytes: number) => profileInRanges(bytes, name, minBytes, THINK);

/** The profile as JSON with its typed arrays as lists: equal strings mean equal values in equal order. */
const inOrder = (p: unknown) => JSON.stringify(p, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));

async function sequential(bytes: Uint8Array, name: string) {
  return (await profileTrace(once(bytes), { ...THINK, fileName: name })).profile;
}

/** The scan's own result of one pass (ranges cut after depth 0 calls must give it too), without the counts the ranges give apart. */
async function scanned(bytes: Uint8Array, name: string) {
  return plain(await parseTrace(once(bytes), { event: 'log file sync', fileName: name, keep: 'counts' }));
}

/** Typed arrays as lists, compared with toEqual: the scan's fields, not their order (a merged result lists its sample columns in another order). */
const plain = (p: unknown): unknown => {
  const { elaCounts: _counts, ...rest } = JSON.parse(inOrder(p)) as Record<string, unknown>;
  return rest;
};

describe('a profile joined from byte ranges equals one pass', () => {
  for (const release of CALL_RELEASES) {
    it(`on a seeded OLTP session of ${release} cut into many ranges`, async () => {
      const { bytes } = generateCallSession({ release, seed: 20261202, transactions: 400 });
      const { parsed, ranges } = await ranged(bytes, `${release}.trc`, 16 << 10);
      expect(ranges, 'the file was cut').toBeGreaterThan(8);
      expect(parsed, 'the ranges joined (none ended holding a record for the next)').not.toBeNull();
      const one = await sequential(bytes, `${release}.trc`);
      expect(one.statements.length, 'the session has statements').toBeGreaterThan(3);
      expect(parsed?.profile).toEqual(one);
      expect(plain(parsed?.result)).toEqual(await scanned(bytes, `${release}.trc`));
      // Key order too (JSON shows it; toEqual does not compare it): wait events and call names per statement.
      expect(inOrder(parsed?.profile)).toBe(inOrder(one));
    });
  }

  const corpus = existsSync(CORPUS) ? readdirSync(CORPUS).filter((n) => n.endsWith('.trc')) : [];
  let joined = 0;
  for (const name of corpus) {
    it(`on ${name}`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(CORPUS, name)));
      const { parsed } = await ranged(bytes, name, 8 << 10);
      // trcsess output and files with no depth 0 call near a cut are read in one pass (null): nothing to compare.
      if (parsed === null) return expect(bytes.length).toBeGreaterThan(0);
      joined++;
      const one = await sequential(bytes, name);
      expect(parsed.profile).toEqual(one);
      expect(inOrder(parsed.profile)).toBe(inOrder(one));
      expect(plain(parsed.result)).toEqual(await scanned(bytes, name));
    });
  }
  it('on the real traces: most were joined from ranges (or the corpus is absent, and says so)', () => {
    if (corpus.length === 0) {
      console.warn(`range-profile.test.ts: ${CORPUS} is absent, so only the synthetic traces were checked`);
      return expect(existsSync(CORPUS)).toBe(false);
    }
    expect(joined).toBeGreaterThanOrEqual(10);
  });
});

describe('where ranges are cut for a profile', () => {
  const text = (lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');

  it('before 10g, waits without tim after a session\'s last call and before its first count in R, whichever range they fall in', async () => {
    // 9.2 (WAITs without tim): 40 sessions, each a SQL*Net message from client, one FETCH, then 30
    // waits of 2 s; small ranges cut after a FETCH put a session's trailing waits in the next range.
    // By hand: R per session = 1,000,000 (before the FETCH) + 1,000 (the FETCH) + 30 × 2,000,000.
    const lines = ['Oracle9i Enterprise Edition Release 9.2.0.1.0 - Production', 'Unix process pid: 4242', ''];
    let tim = 1046586594550000;
    for (let s = 0; s < 40; s++) {
      lines.push(`*** SESSION ID:(${10 + s}.1) 2003-03-02 10:00:00.000`);
      lines.push("WAIT #1: nam='SQL*Net message from client' ela= 1000000 p1=1650815232 p2=1 p3=0");
      tim += 1_001_000;
      lines.push(`FETCH #1:c=1000,e=1000,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=4,tim=${tim}`);
      for (let k = 0; k < 30; k++) lines.push("WAIT #1: nam='SQL*Net message from client' ela= 2000000 p1=1650815232 p2=1 p3=0");
      tim += 100_000_000;
    }
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const one = await sequential(bytes, 'v92.trc');
    expect(one.responseTime).toBe(40 * (1_000_000 + 1_000 + 30 * 2_000_000));
    for (const minBytes of [8192, 12_288, 16_384]) {
      const { parsed, ranges } = await ranged(bytes, 'v92.trc', minBytes);
      expect(ranges, 'the file was cut').toBeGreaterThan(2);
      expect(parsed?.profile?.responseTime, `ranges of ${minBytes} B`).toBe(one.responseTime);
      expect(inOrder(parsed?.profile)).toBe(inOrder(one));
    }
  });

  it('after the first depth 0 call, not after a recursive call or an XCTEND (which leaves what came before it to the next call)', () => {
    const probe = text(['tail of a line', 'EXEC #1:c=0,e=5,p=0,cr=0,cu=0,mis=0,r=0,dep=1,og=4,plh=0,tim=100', "WAIT #0: nam='x' ela= 1 tim=101", 'EXEC #2:c=0,e=9,p=0,cr=0,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=110', 'WAIT #0: nam=...']);
    const cut = findCutAfterTopCall(probe);
    expect(new TextDecoder().decode(probe.subarray(cut, cut + 8))).toBe('WAIT #0:');
    expect(new TextDecoder().decode(probe.subarray(cut - 8, cut))).toBe('tim=110\n');
    const xctend = text(['x', 'XCTEND rlbk=0, rd_only=1, tim=5', 'PARSING IN CURSOR #3 len=1']);
    expect(findCutAfterTopCall(xctend)).toBe(-1);
    const lob = text(['x', 'LOBREAD: type=PERSISTENT LOB,bytes=10,c=1,e=2,p=0,cr=1,cu=0,tim=7', 'y']);
    expect(new TextDecoder().decode(lob.subarray(findCutAfterTopCall(lob)))).toBe('y\n');
  });

  it('never after a call line with a WAIT glued to it, nor after a line cut off by the probe', () => {
    expect(findCutAfterTopCall(text(['x', "XCTEND rlbk=0, rd_only=0, tim=5WAIT #0: nam='log file sync' ela= 3 tim=9", 'y']))).toBe(-1);
    expect(findCutAfterTopCall(new TextEncoder().encode('x\nXCTEND rlbk=0, rd_only=0, tim=5'))).toBe(-1);
  });

  it('the join gives up when a range before the last ended holding records', () => {
    const part = (clean: boolean): RangeProfile => ({
      profile: { responseTime: 0, sessions: 0, components: [], calls: [], statements: [], thinkTimeMicros: 1 },
      spans: { t0: [], t1: [], before: [], after: [] },
      statements: { cursors: [], open: [], carriedIn: [], clean },
      firstSeen: [],
    });
    expect(joinRangeProfiles([part(false), part(true)], [new Uint32Array(0), new Uint32Array(0)])).toBeNull();
    expect(joinRangeProfiles([part(true), part(false)], [new Uint32Array(0), new Uint32Array(0)])).not.toBeNull();
  });

  it('a range holding one statement twice (its stand-in and itself) joins its lists in the order the range met them', () => {
    const statement = (key: string, unknownCursor: string | null, children: string[]): StatementTotals => ({ key, sqlId: unknownCursor ? null : key, hashValue: null, unknownCursor, dep: 0, maxDep: 0, callDepths: true, text: null, calls: {}, waits: {}, recursiveE: 0, children, parents: [], executions: emptyCounts() });
    const range = (statements: StatementTotals[], cursors: [string, string][], firstSeen: Record<string, number>[] = statements.map(() => ({}))): RangeProfile => ({
      profile: { responseTime: 0, sessions: 0, components: [], calls: [], statements, thinkTimeMicros: 1 },
      spans: { t0: [], t1: [], before: [], after: [] },
      statements: { cursors, open: [], carriedIn: [], clean: true },
      firstSeen,
    });
    // Range 1 parses S on cursor #1; range 2 parses S again on #2 and calls #1 (its stand-in becomes S):
    // S's children come in the order the second range met them, whichever entry met them.
    const first = range([statement('S', null, [])], [['1', 'S']]);
    const maps = [new Uint32Array(0), new Uint32Array(0)];
    const childrenOfS = (bFirst: boolean) => {
      const second = range([statement('S', null, ['B']), statement(rangeCursorKey('1'), '1', ['A'])], [['2', 'S'], ['1', rangeCursorKey('1')]], [{ 'child\u0000B': bFirst ? 1 : 7 }, { 'child\u0000A': 4 }]);
      const joined = joinRangeProfiles([first, second], maps);
      expect(joined?.statements.map((s) => s.key)).toEqual(['S']);
      return joined?.statements[0]?.children;
    };
    expect(childrenOfS(false)).toEqual(['A', 'B']);
    expect(childrenOfS(true)).toEqual(['B', 'A']);
  });
});
