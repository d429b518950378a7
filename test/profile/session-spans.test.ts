// R before 10g, whose WAITs have no tim: the waits before a session's first call and after its last
// are placed beside those calls (session-spans.ts).
import { ProfileCollector } from '../../lib/profile/profile-collector';
import { describe, expect, it } from 'vitest';
import type { DatasetProfile } from '../../lib/profile/profile-model';
import { profileTrace } from '../../lib/profile/profile-trace';
import { chunksOf } from '../helpers/chunks';
import { at, call, wait } from './records';

const component = (p: DatasetProfile, name: string) => p.components.find((c) => c.component === name);

describe('session spans without tim', () => {
  it('places waits without tim (before 10g) before the first call and after the last one in R, so the rows still add up to it', async () => {
    // By hand (µs), 9.2: SNMFC 2,000,000 and a read of 300 (no tim), PARSE [549,000, 550,000], EXEC
    // [559,000, 560,000], to-client 5, FETCH [569,000, 570,000], then SNMFC 5,000,000, to-client 5,
    // SNMFC 7,000,000 (no tim). The read lies inside the PARSE (its name is not a between-call
    // event); the first SNMFC ends as the PARSE starts; the last three follow the FETCH one after
    // another. R = (570,000 + 12,000,005) − (549,000 − 2,000,000) = 14,021,005.
    const lines = [
      'Oracle9i Enterprise Edition Release 9.2.0.1.0 - Production',
      "WAIT #1: nam='SQL*Net message from client' ela= 2000000 p1=1650815232 p2=1 p3=0",
      "WAIT #1: nam='db file sequential read' ela= 300 p1=1 p2=2 p3=1",
      '=====================',
      "PARSING IN CURSOR #1 len=24 dep=0 uid=63 oct=3 lid=63 tim=1046586594549056 hv=4113743782 ad='55b0eef4'",
      'select sysdate from dual',
      'END OF STMT',
      'PARSE #1:c=1000,e=1000,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=4,tim=1046586594550000',
      'EXEC #1:c=1000,e=1000,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=4,tim=1046586594560000',
      "WAIT #1: nam='SQL*Net message to client' ela= 5 p1=1650815232 p2=1 p3=0",
      'FETCH #1:c=1000,e=1000,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=4,tim=1046586594570000',
      "WAIT #1: nam='SQL*Net message from client' ela= 5000000 p1=1650815232 p2=1 p3=0",
      "WAIT #1: nam='SQL*Net message to client' ela= 5 p1=1650815232 p2=1 p3=0",
      "WAIT #1: nam='SQL*Net message from client' ela= 7000000 p1=1650815232 p2=1 p3=0",
    ];
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const { profile } = await profileTrace(chunksOf(bytes, bytes.length), { fileName: 'f.trc' });
    expect(profile.responseTime).toBe(14_021_005);
    expect(component(profile, 'SQL*Net message from client [think time]')).toMatchObject({ total: 14_000_000, count: 3 });
    expect(component(profile, 'db file sequential read')).toMatchObject({ kind: 'wait-within', total: 300 });
    // R less 14,000,000 of think time, 10 between calls, 3,000 of CPU, the read's 300 and −300 unaccounted-for within calls (the read in a PARSE of e = c).
    expect(component(profile, 'unaccounted-for within calls')?.total).toBe(-300);
    expect(component(profile, 'unaccounted-for between calls')?.total).toBe(14_021_005 - 14_000_000 - 10 - 3_000 - 300 + 300);
    // The same records handed to the collector by hand (no scanner, no kernel): the same R.
    const p = new ProfileCollector();
    p.onWait(wait('SQL*Net message from client', 2_000_000, NaN), at());
    p.onWait(wait('db file sequential read', 300, NaN), at());
    p.onCall(call('PARSE', '1', { c: 1000, e: 1000, dep: 0, tim: 550_000 }), at());
    p.onCall(call('EXEC', '1', { c: 1000, e: 1000, dep: 0, tim: 560_000 }), at());
    p.onWait(wait('SQL*Net message to client', 5, NaN), at());
    p.onCall(call('FETCH', '1', { c: 1000, e: 1000, dep: 0, tim: 570_000 }), at());
    for (const [name, ela] of [['SQL*Net message from client', 5_000_000], ['SQL*Net message to client', 5], ['SQL*Net message from client', 7_000_000]] as const) p.onWait(wait(name, ela, NaN), at());
    expect(p.finish().responseTime).toBe(14_021_005);
  });
});
