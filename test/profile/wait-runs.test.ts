// The profile of WAITs the line kernel booked and handed over in runs (ProfileCollector.onWaitRun)
// is the profile of the same WAITs taken one by one (onWait), byte for byte, and so is the scan's
// result: for every fixture and a generated trace with what sends WAITs one way or the other
// (trcsess processes, `***` stamps, glued records, names over 64 bytes, over 768 events, a `W` in
// a name, the selected event kept as samples, counts or per-session counts, some of its waits
// over the tally's ~1 s, more WAITs between two records than the wait log holds).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProfileCollector } from '../../lib/profile/profile-collector';
import { VisitingScanner, type TraceVisitor } from '../../lib/trace/trace-visitor';
import type { SampleKeeping } from '../../lib/trace/types';

function profileOf(bytes: Uint8Array, chunk: number, runs: boolean, event: string, keep: SampleKeeping) {
  const collector = new ProfileCollector();
  let fromRuns = 0;
  const v: TraceVisitor = { onWait: (w, at) => collector.onWait(w, at), onCall: (c, at) => collector.onCall(c, at), onCursor: (c, at) => collector.onCursor(c, at) };
  if (runs) {
    v.onWaitRun = (run, from, to, at) => {
      fromRuns += to - from;
      collector.onWaitRun(run, from, to, at);
    };
  }
  const scanner = new VisitingScanner({ event, fileName: 'f.trc', fileIndex: 0, keep }, v);
  for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, Math.min(bytes.length, at + chunk)));
  const result = scanner.finish();
  return { profile: JSON.stringify(collector.finish()), result, fromRuns };
}

/** Three trcsess processes of 40 EXECs with ~40 WAITs each, then 34,000 WAITs before a FETCH. */
function generated(): Uint8Array {
  const lines: string[] = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.3.0.0.0'];
  let tim = 1_000_000;
  const wait = (name: string, ela: number) => {
    tim += ela + 3;
    lines.push(`WAIT #1: nam='${name}' ela= ${ela} p1=0 p2=0 p3=0 obj#=-1 tim=${tim}`);
  };
  for (let pid = 0; pid < 3; pid++) {
    lines.push(`*** [ Unix process pid: ${100 + pid} ]`, `*** SESSION ID:(${10 + pid}.1) 2024-01-01T00:00:00.000000+00:00`, '=====================');
    lines.push(`PARSING IN CURSOR #1 len=8 dep=0 uid=0 oct=3 lid=0 tim=${tim} hv=3 ad='a3' sqlid='ccccccccccccc'`, 'select 2', 'END OF STMT');
    for (let k = 0; k < 40; k++) {
      const start = tim;
      for (let e = 0; e < 30; e++) wait(`event number ${(k * 30 + e) % 800}`, 5 + e);
      wait(`${'x'.repeat(70)} long`, 12);
      wait('db file sequential read', 2_000_000);
      wait('db file sequential read', 17);
      wait('log file sync', 1_500_000);
      wait('log file sync', 33);
      if (k % 7 === 3) lines.push(`*** 2024-01-01T00:00:${String(k).padStart(2, '0')}.000000+00:00`);
      wait('log file sync', 34);
      if (k % 5 === 1) lines.push(`XCTEND rlbk=0, rd_only=0, tim=${tim}WAIT #1: nam='log file sync' ela= 7 p1=0 p2=0 p3=0 obj#=-1 tim=${(tim += 10)}`);
      wait('enq: WF - contention', 3);
      lines.push(`EXEC #1:c=10,e=${tim - start},p=0,cr=0,cu=0,mis=0,r=0,dep=${k % 3 === 0 ? 1 : 0},og=1,plh=0,tim=${tim}`);
      wait('SQL*Net message from client', k % 2 ? 1_200_000 : 40);
    }
    for (let e = 0; e < 34_000; e++) wait(e % 2 ? 'db file sequential read' : 'log file sync', 1 + (e % 5));
    lines.push(`FETCH #1:c=10,e=5,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=${tim}`);
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

const KEEPS: SampleKeeping[] = ['samples', 'counts', 'session-counts'];

describe('a profile from WAITs in runs', () => {
  const FIXTURES = new URL('../fixtures/', import.meta.url);
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')).sort();

  it.each(names)('%s: the same profile and scan result as one by one, for each way of keeping the selected event', (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    for (const keep of KEEPS) {
      for (const event of ['log file sync', 'SQL*Net message from client']) {
        const reference = profileOf(bytes, bytes.length || 1, false, event, keep);
        for (const chunk of [bytes.length || 1, 4096]) {
          const runs = profileOf(bytes, chunk, true, event, keep);
          expect(runs.profile).toBe(reference.profile);
          expect(runs.result).toEqual(reference.result);
        }
      }
    }
  });

  it('a generated trace: the same profile and scan result as one by one, most WAITs from runs', () => {
    const bytes = generated();
    for (const keep of KEEPS) {
      const reference = profileOf(bytes, bytes.length, false, 'log file sync', keep);
      const runs = profileOf(bytes, bytes.length, true, 'log file sync', keep);
      expect(runs.profile).toBe(reference.profile);
      expect(runs.result).toEqual(reference.result);
      expect(runs.fromRuns).toBeGreaterThan(100_000);
    }
  });
});
