// A failed parse (PARSE ERROR) writes no call line: the recursive calls it made have no parent
// (statement-book.ts parseFailed; README "statements").
import { describe, expect, it } from 'vitest';
import type { DatasetProfile } from '../../lib/profile/profile-model';
import { profileTrace } from '../../lib/profile/profile-trace';
import { chunksOf } from '../helpers/chunks';

const component = (p: DatasetProfile, name: string) => p.components.find((c) => c.component === name);
const statement = (p: DatasetProfile, key: string) => p.statements.find((s) => s.key === key);

describe('a failed parse', () => {
  it('gives the recursive calls of a failed parse (PARSE ERROR at dep 0) no parent: the next dep 0 call does not take them, and they count as top-level calls', async () => {
    // By hand (µs): EXEC of a dep 1 statement, c = e = 50,000, ends at 1,050,000; the client's
    // parse fails (PARSE ERROR dep=0, no call line); 60 s later EXEC of a dep 0 statement, c = e =
    // 60,000. The dep 0 EXEC's e would hold the dep 1 EXEC (50,000 ≤ 60,000), but it ran inside the
    // failed parse: CPU is 110,000 (both are top-level), and neither statement has a relative.
    const lines = [
      'Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production',
      '=====================',
      "PARSING IN CURSOR #2 len=18 dep=1 uid=0 oct=3 lid=0 tim=1000000 hv=111 ad='aa' sqlid='aaaaaaaaaaaaa'",
      'select 1 from dual',
      'END OF STMT',
      'EXEC #2:c=50000,e=50000,p=0,cr=0,cu=0,mis=0,r=0,dep=1,og=4,plh=0,tim=1050000',
      '=====================',
      'PARSE ERROR #3:len=8 dep=0 uid=0 oct=3 lid=0 tim=1060000 err=907',
      'select (',
      "WAIT #0: nam='SQL*Net message from client' ela= 60000000 driver id=1 #bytes=1 p3=0 obj#=-1 tim=61060000",
      '=====================',
      "PARSING IN CURSOR #1 len=18 dep=0 uid=0 oct=3 lid=0 tim=61060000 hv=222 ad='bb' sqlid='bbbbbbbbbbbbb'",
      'select 2 from dual',
      'END OF STMT',
      'EXEC #1:c=60000,e=60000,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=4,plh=0,tim=61120000',
    ];
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const { profile } = await profileTrace(chunksOf(bytes, bytes.length), { fileName: 'f.trc' });
    expect(component(profile, 'CPU: EXEC dbcalls')).toMatchObject({ total: 110_000, count: 2 });
    expect(component(profile, 'unaccounted-for within calls')).toMatchObject({ total: 0, count: 2 });
    expect(statement(profile, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 0, children: [] });
    expect(statement(profile, 'aaaaaaaaaaaaa')?.parents).toEqual([]);
    // A failed parse at dep 1 (inside a PL/SQL block) leaves the calls before it to the usual rule:
    // from 10.2 on a child must also end inside its parent's span, and this one ended 60 s before
    // the dep 0 EXEC began, so that EXEC does not take it (before 10.2, e alone decides, and it does).
    const nested = lines.map((l) => l.replace('PARSE ERROR #3:len=8 dep=0', 'PARSE ERROR #3:len=8 dep=1'));
    const inner = await profileTrace(chunksOf(new TextEncoder().encode(nested.join('\n') + '\n'), 1 << 16), { fileName: 'f.trc' });
    expect(statement(inner.profile, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 0, children: [] });
    expect(component(inner.profile, 'CPU: EXEC dbcalls')).toMatchObject({ total: 110_000, count: 2 });
    const old = nested.map((l, i) => (i === 0 ? 'Oracle9i Enterprise Edition Release 9.2.0.8.0 - Production' : l));
    const before = await profileTrace(chunksOf(new TextEncoder().encode(old.join('\n') + '\n'), 1 << 16), { fileName: 'f.trc' });
    expect(statement(before.profile, 'bbbbbbbbbbbbb')).toMatchObject({ recursiveE: 50_000, children: ['aaaaaaaaaaaaa'] });
  });
});
