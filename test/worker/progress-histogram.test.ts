// Issue 17 §4 "Progressive results": a load's progress carries a coarse histogram of the values read
// so far (lib/worker/progress-histogram.ts), file by file, so the page draws while files parse.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRESS_BUCKETS, progressBucket, ProgressHistogram } from '../../lib/worker/progress-histogram';
import { inputFiles, SessionHarness } from './session-harness';

const FIXTURES = path.join(__dirname, '../fixtures');

/** A histogram with the given buckets set, by hand. */
function buckets(set: Record<number, number>): number[] {
  const h = new Array<number>(PROGRESS_BUCKETS).fill(0);
  for (const [k, n] of Object.entries(set)) h[Number(k)] = n;
  return h;
}

describe('the progress histogram', () => {
  it("puts each value in Oracle's log2 bucket: below 1 µs in 0, [2^(k−1), 2^k) in k, the huge in the last", () => {
    expect([0, 0.5, 1, 1.99, 2, 3, 4, 1023, 1024, 1025].map(progressBucket)).toEqual([0, 0, 1, 1, 2, 2, 3, 10, 11, 11]);
    expect(progressBucket(2 ** 60)).toBe(PROGRESS_BUCKETS - 1);
    expect(progressBucket(Number.NaN)).toBe(0);
    const h = new ProgressHistogram();
    h.addValues([3, 3, 1024]);
    h.addCounts({ values: new Float64Array([3, 5000]), counts: new Float64Array([2, 1]), cumulative: new Float64Array([2, 3]), total: 3 });
    // 3 → bucket 2 (four of them), 1024 → 11, 5000 → [4096, 8192) = 13.
    expect(h.snapshot()).toEqual(buckets({ 2: 4, 11: 1, 13: 1 }));
  });

  it("is sent with a load's progress after each file: v11g's 10 waits first, then v19c's 9 added", async () => {
    // The waits of each golden file (test/golden/*.json), bucketed by hand:
    // v11g-commit-loop: 162 → 8; 267, 284, 437, 438, 486 → 9; 519, 658, 765, 877 → 10.
    // v19c-session: 379 → 9; 665, 710, 766, 785, 947 → 10; 1094, 1219, 1884 → 11.
    const h = new SessionHarness();
    const files = inputFiles([path.join(FIXTURES, 'v11g-commit-loop.trc'), path.join(FIXTURES, 'v19c-session.trc')], FIXTURES);
    await h.send({ type: 'add-files', datasetId: 'd1', files, event: 'log file sync' });
    await h.send({ type: 'set-event', event: 'log file sync' }); // settles the load (a no-op for the same event)
    const sent = h.messages.flatMap((m) => (m.type === 'progress' && m.progress.histogram ? [m.progress.histogram] : []));
    expect(sent[0]).toEqual(buckets({ 8: 1, 9: 5, 10: 4 }));
    expect(sent.at(-1)).toEqual(buckets({ 8: 1, 9: 6, 10: 9, 11: 3 }));
    expect(h.lastStatus('d1')).toMatchObject({ state: 'ready', waits: 19 });
  });

  it("is sent with the demo's progress, session by session, summing to the waits drawn", async () => {
    const h = new SessionHarness();
    await h.send({ type: 'demo', datasetId: 'd1', preset: 'flash-on', event: 'log file sync', sessions: 3, commits: 500 });
    const sums = h.messages.flatMap((m) => (m.type === 'progress' && m.progress.histogram ? [m.progress.histogram.reduce((a, b) => a + b, 0)] : []));
    expect(sums).toEqual([500, 1000, 1500]);
  });

  it('costs little: a million values bucketed in well under a second', () => {
    const values = Float64Array.from({ length: 1_000_000 }, (_, i) => 100 + (i % 5000));
    const h = new ProgressHistogram();
    const started = performance.now();
    h.addValues(values);
    const ms = performance.now() - started;
    console.log(`[progress histogram] 1,000,000 values in ${ms.toFixed(1)} ms`);
    expect(h.snapshot().reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(ms).toBeLessThan(1000);
  });
});
