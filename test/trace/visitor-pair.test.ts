// bothVisitors (lib/trace/visitor-pair.ts): the pair takes call lines, cursors and WAIT runs only
// when one of its visitors does (both, for runs), since each one it takes leaves a fast path of
// the line kernel; and every record still reaches both visitors, whichever way it comes.
import { describe, expect, it } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { scanTrace } from '../../lib/trace/scan-trace';
import type { TraceVisitor, VisitedWait, WaitRun } from '../../lib/trace/trace-visitor';
import { bothVisitors } from '../../lib/trace/visitor-pair';
import { chunksOf } from '../helpers/chunks';

/** Counts WAITs and sums their ela, one by one and (with `runs`) from runs. */
class WaitTotals implements TraceVisitor {
  count = 0;
  ela = 0;
  fromRuns = 0;
  onWaitRun?: (run: WaitRun, from: number, to: number) => void;

  constructor(runs: boolean) {
    if (runs) {
      this.onWaitRun = (run, from, to) => {
        for (let i = from; i < to; i++) this.ela += run.ela[i] as number;
        this.count += to - from;
        this.fromRuns += to - from;
      };
    }
  }

  onWait(w: VisitedWait): void {
    this.count++;
    this.ela += w.ela;
  }
}

const text = [...generateCommitLoop({ preset: 'flash-on', seed: 'pair', commits: 2000 })].join('');
const trace = new TextEncoder().encode(text);
const waitLines = text.split('\n').filter((l) => l.startsWith('WAIT #')).length;
const scan = (visitor: TraceVisitor) => scanTrace(chunksOf(trace, 1 << 16), { event: 'log file sync', fileName: 'pair.trc', fileIndex: 0, keep: 'counts', visitor });

describe('bothVisitors', () => {
  it('takes call lines and cursors when one visitor does, WAIT runs only when both do', () => {
    const plain: TraceVisitor = { onWait: () => {} };
    const calls: TraceVisitor = { onWait: () => {}, onCall: () => {} };
    const cursors: TraceVisitor = { onWait: () => {}, onCursor: () => {} };
    const runs: TraceVisitor = { onWait: () => {}, onWaitRun: () => {} };
    const pair = (a: TraceVisitor, b: TraceVisitor) => {
      const p = bothVisitors(a, b);
      return [p.onCall !== undefined, p.onCursor !== undefined, p.onWaitRun !== undefined];
    };
    expect(pair(plain, plain)).toEqual([false, false, false]);
    expect(pair(plain, calls)).toEqual([true, false, false]);
    expect(pair(cursors, plain)).toEqual([false, true, false]);
    expect(pair(runs, plain)).toEqual([false, false, false]);
    expect(pair(runs, runs)).toEqual([false, false, true]);
  });

  it('hands every WAIT to both, in runs when both take them', async () => {
    const alone = new WaitTotals(false);
    await scan(alone);
    expect(alone.count).toBe(waitLines);
    expect(waitLines).toBeGreaterThan(3 * 2000 - 1); // three a commit, and the session's own
    const [a, b] = [new WaitTotals(true), new WaitTotals(true)];
    await scan(bothVisitors(a, b));
    const [c, d] = [new WaitTotals(true), new WaitTotals(false)];
    await scan(bothVisitors(c, d));
    for (const v of [a, b, c, d]) expect([v.count, v.ela]).toEqual([alone.count, alone.ela]);
    expect(a.fromRuns).toBeGreaterThan(alone.count / 2); // the kernel booked most of them
    expect(b.fromRuns).toBe(a.fromRuns);
    expect(c.fromRuns).toBe(0); // one of them takes no runs: one by one to both
  });
});
