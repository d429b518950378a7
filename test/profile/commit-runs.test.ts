// The profile of XCTENDs the line kernel logged and handed over in runs (ProfileCollector.onCommitRun,
// KernelEmit.CommitLog) is the profile of the same XCTENDs taken one by one (onCall), byte for byte,
// and so is the scan's result: for every fixture, and for a generated trace with what could send a
// commit to the wrong session or the wrong count (trcsess processes, SESSION ID lines, a session whose
// last record is its commit, XCTENDs without tim as before 11g, a glued XCTEND, more commits between
// two records than the commit log holds, chunk ends inside a line).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProfileCollector } from '../../lib/profile/profile-collector';
import { VisitingScanner, type TraceVisitor } from '../../lib/trace/trace-visitor';

function profileOf(bytes: Uint8Array, chunk: number, commitRuns: boolean) {
  const collector = new ProfileCollector();
  let fromRuns = 0;
  const v: TraceVisitor = {
    onWait: (w, at) => collector.onWait(w, at),
    onWaitRun: (run, from, to, at) => collector.onWaitRun(run, from, to, at),
    onCall: (c, at) => collector.onCall(c, at),
    onCursor: (c, at) => collector.onCursor(c, at),
  };
  if (commitRuns) {
    v.onCommitRun = (run, from, to, at) => {
      fromRuns += to - from;
      collector.onCommitRun(run, from, to, at);
    };
  }
  const scanner = new VisitingScanner({ event: 'log file sync', fileName: 'f.trc', fileIndex: 0, keep: 'counts' }, v);
  for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, Math.min(bytes.length, at + chunk)));
  const result = scanner.finish();
  const profile = collector.finish();
  return { profile, json: JSON.stringify(profile), result, fromRuns };
}

/**
 * Three trcsess processes, each with two sessions of `commits` EXEC + XCTEND + three WAITs; every
 * 50th XCTEND has no tim (as before 11g), one is glued to a WAIT, and each session ends in an XCTEND
 * 5 s after its last WAIT (so its span, and R, end there: R runs from the first EXEC's start). Then 9,000 XCTENDs in a row. Returns the
 * bytes, the XCTEND lines written, and R as the generator laid it out.
 */
function generated(commits: number): { bytes: Uint8Array; xctends: number; responseTime: number } {
  const lines: string[] = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.3.0.0.0'];
  let tim = 1_000_000_000;
  let xctends = 0;
  let responseTime = 0;
  const wait = (name: string, ela: number) => {
    tim += ela + 3;
    lines.push(`WAIT #0: nam='${name}' ela= ${ela} p1=0 p2=0 p3=0 obj#=-1 tim=${tim}`);
  };
  for (let pid = 0; pid < 3; pid++) {
    lines.push(`*** [ Unix process pid: ${100 + pid} ]`);
    for (let session = 0; session < 2; session++) {
      lines.push(`*** SESSION ID:(${10 + pid}.${session + 1}) 2024-01-01T00:00:00.000000+00:00`, '=====================');
      const t0 = tim + 40 - 35; // the start of its first EXEC (tim − e)
      lines.push(`PARSING IN CURSOR #1 len=8 dep=0 uid=0 oct=6 lid=0 tim=${tim} hv=3 ad='a3' sqlid='ccccccccccccc'`, 'update t', 'END OF STMT');
      for (let k = 0; k < commits; k++) {
        tim += 40;
        lines.push(`EXEC #1:c=30,e=35,p=0,cr=1,cu=2,mis=0,r=1,dep=0,og=1,plh=0,tim=${tim}`);
        xctends++;
        if (k % 50 === 7) lines.push('XCTEND rlbk=0, rd_only=0');
        else if (k === 11) lines.push(`XCTEND rlbk=0, rd_only=0, tim=${(tim += 2)}WAIT #0: nam='log file sync' ela= 7 p1=0 p2=0 p3=0 obj#=-1 tim=${(tim += 10)}`);
        else lines.push(`XCTEND rlbk=0, rd_only=0, tim=${(tim += 2)}`);
        wait('log file sync', 500 + (k % 300));
        wait('SQL*Net message to client', 2);
        wait('SQL*Net message from client', k % 100 === 5 ? 1_500_000 : 150);
      }
      tim += 5_000_000;
      lines.push(`XCTEND rlbk=1, rd_only=0, tim=${tim}`);
      xctends++;
      responseTime += tim - t0;
    }
  }
  // Commits only, more than the commit log holds (4,096) between two records.
  const t0 = tim;
  lines.push('*** SESSION ID:(99.1) 2024-01-01T00:00:00.000000+00:00');
  for (let k = 0; k < 9_000; k++) {
    lines.push(`XCTEND rlbk=0, rd_only=0, tim=${(tim += 9)}`);
    xctends++;
  }
  responseTime += tim - t0 - 9; // the first of them starts the session's span
  return { bytes: new TextEncoder().encode(lines.join('\n') + '\n'), xctends, responseTime };
}

describe('a profile from XCTENDs in runs', () => {
  const FIXTURES = new URL('../fixtures/', import.meta.url);
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')).sort();

  it.each(names)('%s: the same profile and scan result as one by one', (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    const reference = profileOf(bytes, bytes.length || 1, false);
    for (const chunk of [bytes.length || 1, 4096]) {
      const runs = profileOf(bytes, chunk, true);
      expect(runs.json).toBe(reference.json);
      expect(runs.result).toEqual(reference.result);
    }
  });

  it('a generated trace: the same profile and scan result as one by one, most XCTENDs from runs, every one counted', () => {
    const { bytes, xctends, responseTime } = generated(3_000);
    const reference = profileOf(bytes, bytes.length, false);
    for (const chunk of [bytes.length, 1 << 20, 65_537]) {
      const runs = profileOf(bytes, chunk, true);
      expect(runs.json).toBe(reference.json);
      expect(runs.result).toEqual(reference.result);
      // The kernel logged nearly all of them (the first of each scanner comes through onCall; a
      // chunk's last line, cut, is read by the scanner).
      expect(runs.fromRuns).toBeGreaterThan(xctends - 100);
    }
    const counted = reference.profile.calls.filter((c) => c.call === 'XCTEND').reduce((n, c) => n + c.count, 0);
    expect(counted).toBe(xctends);
    // Seven sessions, each from its first record to its last commit, as the generator laid them out.
    expect(reference.profile.sessions).toBe(7);
    expect(reference.profile.responseTime).toBe(responseTime);
  });
});
