// Which call adopts the recursive calls written before it (statement-book.ts adoptChildren): from
// 10.2 on, only one whose span [tim − e, tim] the child ended in, besides the rule of e (a parent's e
// includes its children's). Before, a 6 µs CLOSE at dep 0 took recursive deletes that ended 1.4 ms
// before it began (jkstill's latency traces, 19c). Before 10.2 the rule of e alone stays: 9.2 ends a
// hard parse's dictionary SQL milliseconds before the parse's own tim − e.
import { describe, expect, it } from 'vitest';
import { ProfileCollector } from '../../lib/profile/profile-collector';
import type { DatasetProfile } from '../../lib/profile/profile-model';
import { profileTrace } from '../../lib/profile/profile-trace';
import type { VisitedCall } from '../../lib/trace/trace-visitor';
import { chunksOf } from '../helpers/chunks';
import { corpusAvailable, corpusBytes, corpusFiles, reportCorpusMissing } from '../helpers/corpus';
import { at, call, cursor } from './records';

reportCorpusMissing('test/profile/adoption-in-time.test.ts');

const statement = (p: DatasetProfile, key: string) => p.statements.find((s) => s.key === key);
const component = (p: DatasetProfile, name: string) => p.components.find((c) => c.component === name);

const BANNER_19C = 'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production';
const BANNER_92 = 'Oracle9i Enterprise Edition Release 9.2.0.8.0 - Production';

/**
 * By hand (µs): a recursive DELETE (dep 1, sql_id aaaa…) ends at 1,000,000 with e = 5; a dep 0
 * CLOSE (sql_id bbbb…) with e = 6 ends at 1,001,406, so it began at 1,001,400: 1,400 µs after the
 * DELETE ended. Then a recursive SELECT (dep 1, cccc…, e = 40) ends at 1,002,000, inside the dep 0
 * EXEC (dddd…, e = 100) that ends at 1,002,050 and began at 1,001,950.
 */
function lines(banner: string): string[] {
  return [
    banner,
    "PARSING IN CURSOR #2 len=20 dep=1 uid=0 oct=7 lid=0 tim=999990 hv=1 ad='a1' sqlid='aaaaaaaaaaaaa'",
    'delete from t where 1=0',
    'END OF STMT',
    'EXEC #2:c=5,e=5,p=0,cr=0,cu=0,mis=0,r=0,dep=1,og=4,plh=0,tim=1000000',
    "PARSING IN CURSOR #1 len=16 dep=0 uid=0 oct=3 lid=0 tim=999000 hv=2 ad='b1' sqlid='bbbbbbbbbbbbb'",
    'select 1 from dual',
    'END OF STMT',
    'CLOSE #1:c=6,e=6,dep=0,type=0,tim=1001406',
    "PARSING IN CURSOR #3 len=16 dep=1 uid=0 oct=3 lid=0 tim=1001960 hv=3 ad='c1' sqlid='ccccccccccccc'",
    'select 2 from dual',
    'END OF STMT',
    'EXEC #3:c=40,e=40,p=0,cr=0,cu=0,mis=0,r=0,dep=1,og=4,plh=0,tim=1002000',
    "PARSING IN CURSOR #4 len=16 dep=0 uid=0 oct=3 lid=0 tim=1001940 hv=4 ad='d1' sqlid='ddddddddddddd'",
    'select 3 from dual',
    'END OF STMT',
    'EXEC #4:c=100,e=100,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=4,plh=0,tim=1002050',
  ];
}

async function profileOf(text: string[]): Promise<DatasetProfile> {
  const bytes = new TextEncoder().encode(text.join('\n') + '\n');
  return (await profileTrace(chunksOf(bytes, 64), { fileName: 'f.trc' })).profile;
}

describe('recursive calls adopted in time', () => {
  it('19c: a call does not adopt a recursive call that ended before it began, and does adopt one that ended inside it', async () => {
    const p = await profileOf(lines(BANNER_19C));
    expect(statement(p, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 0, children: [] });
    expect(statement(p, 'aaaaaaaaaaaaa')?.parents).toEqual([]);
    expect(statement(p, 'ddddddddddddd')).toMatchObject({ recursiveE: 40, children: ['ccccccccccccc'] });
    expect(statement(p, 'ccccccccccccc')?.parents).toEqual(['ddddddddddddd']);
    // The DELETE is a top-level call (no call of the trace holds it): its c is CPU of its own, and
    // the CLOSE's 6 µs hold none of it. CPU: EXEC 5 (DELETE) + 100 (the dep 0 EXEC); the SELECT's
    // 40 are inside that EXEC's 100.
    expect(component(p, 'CPU: EXEC dbcalls')).toMatchObject({ total: 105, count: 2 });
    expect(component(p, 'CPU: CLOSE dbcalls')).toMatchObject({ total: 6, count: 1 });
  });

  it('9.2: e alone decides, as before (the CLOSE holds the 5 µs DELETE in its 6)', async () => {
    const p = await profileOf(lines(BANNER_92));
    expect(statement(p, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 5, children: ['aaaaaaaaaaaaa'] });
    expect(statement(p, 'ddddddddddddd')).toMatchObject({ recursiveE: 40, children: ['ccccccccccccc'] });
  });

  it('a file without a banner keeps the rule of e: the release is unknown', async () => {
    const p = await profileOf(lines(BANNER_19C).slice(1));
    expect(statement(p, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 5, children: ['aaaaaaaaaaaaa'] });
  });

  it('trcsess output (no banner, a 10g tool) is timed: its process marker says so', async () => {
    const p = await profileOf(['*** [ Unix process pid: 4242 ]', ...lines(BANNER_19C).slice(1)]);
    expect(statement(p, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 0, children: [] });
    expect(statement(p, 'ddddddddddddd')).toMatchObject({ recursiveE: 40, children: ['ccccccccccccc'] });
  });

  const latency = corpusAvailable ? corpusFiles().find((f) => f.name === 'jkstill_oracle-trace__latency-0.2ms__cdb1_ora_3036_PF-0.2ms-200.trc') : undefined;
  it.skipIf(!corpusAvailable)('jkstill latency-0.2ms (19c): the session-end CLOSE (e = 6) does not adopt the recursive DELETE from reg$', async () => {
    expect(latency, 'the corpus file').toBeDefined();
    // Lines 2722-2747, read by hand: `delete from reg$ …` (gmm593quv2jyz, dep 1) ends with its CLOSE
    // at tim …659136; the CLOSE at dep 0 of cursor #139933287942608 (8ngh5ms3xddy6) has e = 6 and
    // tim …660508, so it began at …660502, 1,366 µs later.
    const { profile } = await profileTrace(chunksOf(corpusBytes(latency!), 1 << 16), { fileName: latency!.name });
    expect(statement(profile, 'gmm593quv2jyz')?.parents).toEqual([]);
    expect(statement(profile, '8ngh5ms3xddy6')?.children).toEqual([]);
  });
});

describe('the time test, record by record (10.2 and later)', () => {
  // By hand (µs): a recursive EXEC #7 (e 5) ending at `childEnd`, then the parent's call on #5.
  function adoptsAfter(childEnd: number, parent: Partial<VisitedCall>, nested = true): boolean {
    const p = new ProfileCollector();
    p.onCursor(cursor('5', { sqlId: 'ppppppppppppp', hv: 1, dep: 0 }), at('1', 0, 0, nested));
    p.onCursor(cursor('7', { sqlId: 'kkkkkkkkkkkkk', hv: 2, dep: 1 }), at('1', 0, 0, nested));
    p.onCall(call('EXEC', '7', { c: 5, e: 5, dep: 1, tim: childEnd }), at('1', 0, 0, nested));
    p.onCall(call('CLOSE', '5', { c: 0, dep: 0, type: 0, ...parent }), at('1', 0, 0, nested));
    return (statement(p.finish(), 'ppppppppppppp')?.children ?? []).length === 1;
  }

  it('allows a unit of the clock per adopted call before the start: the parent [1000, 1010] takes a child ending at 999, not at 998', () => {
    expect(adoptsAfter(999, { e: 10, tim: 1010 })).toBe(true);
    expect(adoptsAfter(998, { e: 10, tim: 1010 })).toBe(false);
    expect(adoptsAfter(998, { e: 10, tim: 1010 }, false)).toBe(true); // before 10.2: e alone
  });

  it('has no time test for a parent without tim or without e (e alone, or every held call, decides)', () => {
    expect(adoptsAfter(500, { e: 10 })).toBe(true);
    expect(adoptsAfter(500, { tim: 1010 })).toBe(true);
  });

  it('applies at every depth: a dep 1 parent leaves a dep 2 call that ended before it began to the dep 0 call above', () => {
    // By hand (µs): dep 2 EXEC #9 [100, 110]; dep 1 EXEC #7 [500, 520] cannot hold it in time (110 <
    // 500 − 1) though its e would (10 ≤ 20 + 1); dep 0 EXEC #5 [50, 600] holds both.
    const p = new ProfileCollector();
    const nested = at('1', 0, 0, true);
    p.onCursor(cursor('5', { sqlId: 'ppppppppppppp', hv: 1, dep: 0 }), nested);
    p.onCursor(cursor('7', { sqlId: 'kkkkkkkkkkkkk', hv: 2, dep: 1 }), nested);
    p.onCursor(cursor('9', { sqlId: 'ggggggggggggg', hv: 3, dep: 2 }), nested);
    p.onCall(call('EXEC', '9', { c: 10, e: 10, dep: 2, tim: 110 }), nested);
    p.onCall(call('EXEC', '7', { c: 20, e: 20, dep: 1, tim: 520 }), nested);
    p.onCall(call('EXEC', '5', { c: 550, e: 550, dep: 0, tim: 600 }), nested);
    const prof = p.finish();
    expect(statement(prof, 'kkkkkkkkkkkkk')).toMatchObject({ recursiveE: 0, children: [] });
    expect(statement(prof, 'ggggggggggggg')?.parents).toEqual(['ppppppppppppp']);
    expect(statement(prof, 'ppppppppppppp')).toMatchObject({ recursiveE: 30, children: ['ggggggggggggg', 'kkkkkkkkkkkkk'] });
  });
});
