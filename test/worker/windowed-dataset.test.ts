// Issue 15 §1 in the worker: a dataset's time window applies to everything computed from it (the
// report, the threshold counts, the outliers, the sample export), with hand-worked numbers.
import { describe, expect, it } from 'vitest';
import { NO_WINDOW, parseDuration, parseWindowEdge, type TimeWindow } from '../../lib/scope/time-window';
import { SYNTHETIC_OVERHEAD_MICROS } from '../../lib/worker/synthetic-clock';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { SessionHarness } from './session-harness';

const HEAD_19C = `Trace file /u01/diag/rdbms/db/DB1/trace/DB1_ora_100.trc
Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production
Version 19.12.0.0.0
`;
const HEAD_11G = `Trace file /u01/diag/rdbms/db/DB1/trace/DB1_ora_200.trc
Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production
`;

/** Waits of 100, 200, … 1,000 µs, ending at tim base + k·1,000,000 (one a second). */
function waits(base: number, n: number): string {
  let out = '';
  for (let k = 1; k <= n; k++) out += `WAIT #0: nam='log file sync' ela= ${k * 100} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${base + k * 1_000_000}\n`;
  return out;
}

// The stamp is followed first by tim 5,000,000 (the first wait's), so the k-th wait ends at
// 10:00:00 + (k − 1) s on each trace's own clock: −07:00 for the 19c file, no offset for the 11g one.
const T19 = `${HEAD_19C}\n*** 2024-03-01T10:00:00.000000-07:00\n${waits(4_000_000, 10)}`;
const T11 = `${HEAD_11G}\n*** 2024-03-01 10:00:00.000\n${waits(4_000_000, 10)}`;

const win = (w: Partial<TimeWindow>): TimeWindow => ({ ...NO_WINDOW, ...w });
const edge = (text: string) => parseWindowEdge(text, 'From');

async function twoFiles(): Promise<SessionHarness> {
  const h = new SessionHarness();
  const files = [
    { file: new File([T19], 'a.trc'), path: 'a.trc' },
    { file: new File([T11], 'b.trc'), path: 'b.trc' },
  ];
  await h.send({ type: 'add-files', datasetId: 'd1', files, event: 'log file sync' });
  return h;
}

async function answer<T extends WorkerResponse['type']>(h: SessionHarness, request: (requestId: number) => Parameters<SessionHarness['send']>[0], type: T): Promise<Extract<WorkerResponse, { type: T }>> {
  const requestId = 1000 + h.messages.length;
  await h.send(request(requestId));
  const reply = h.messages.find((m) => 'requestId' in m && m.requestId === requestId);
  if (!reply || reply.type !== type) throw new Error(`no ${type}: ${JSON.stringify(reply)}`);
  return reply as Extract<WorkerResponse, { type: T }>;
}

describe('a dataset seen through its time window', () => {
  it('computes the report of the waits inside [from, to) only, and says which window and what it left out', async () => {
    const h = await twoFiles();
    const d1 = [{ datasetId: 'd1', label: 'A' }];
    expect((await h.report(d1, 0)).datasets[0]!.summary.count).toBe(20);
    // 10:00:02 ≤ end < 10:00:05 on each trace's clock: waits 3, 4, 5 of each file (300, 400, 500 µs).
    await h.send({ type: 'set-window', datasetId: 'd1', window: win({ from: edge('2024-03-01T10:00:02'), to: edge('2024-03-01 10:00:05') }) });
    const report = await h.report(d1, 0);
    const d = report.datasets[0]!;
    expect(d.summary).toMatchObject({ count: 6, sum: 2400, min: 300, max: 500, mean: 400, median: 400 });
    expect(d.sessions).toBe(2);
    expect(d.window).toEqual({
      description: 'from 2024-03-01T10:00:02.000000, to 2024-03-01T10:00:05.000000 (exclusive)',
      from: '2024-03-01T10:00:02.000000',
      to: '2024-03-01T10:00:05.000000',
      skipFirst: null,
      skipLast: null,
      kept: 6,
      outside: 14,
      unplaced: 0,
      offsetIgnored: 0,
    });
    // The whole run again: no window in the report.
    await h.send({ type: 'set-window', datasetId: 'd1', window: NO_WINDOW });
    const whole = (await h.report(d1, 0)).datasets[0]!;
    expect(whole.summary.count).toBe(20);
    expect(whole.window).toBeUndefined();
  });

  it('skips each session\'s first and last seconds, and compares the two datasets each in its own window', async () => {
    const h = await twoFiles();
    const files = [{ file: new File([T19], 'c.trc'), path: 'c.trc' }];
    await h.send({ type: 'add-files', datasetId: 'd2', files, event: 'log file sync' });
    // Each session runs 10:00:00 … 10:00:09: skipping the first 2 s keeps ends ≥ 10:00:02, the last
    // 3 s ends ≤ 10:00:06: waits 3..7 (300 … 700 µs), in each of d1's two files.
    await h.send({ type: 'set-window', datasetId: 'd1', window: win({ skipFirstMicros: parseDuration('2s', 'Skip first'), skipLastMicros: parseDuration('3s', 'Skip last') }) });
    // d2: from tim 9,000,000 (wait 5) on its raw clock.
    await h.send({ type: 'set-window', datasetId: 'd2', window: win({ from: edge('tim:9000000') }) });
    const report = await h.report([{ datasetId: 'd1', label: 'A' }, { datasetId: 'd2', label: 'B' }], 1);
    expect(report.datasets[0]!.summary).toMatchObject({ count: 10, sum: 5000, min: 300, max: 700 });
    expect(report.datasets[0]!.window).toMatchObject({ description: "skipping each session's first 2s and last 3s", skipFirst: '2s', skipLast: '3s', kept: 10, outside: 10 });
    expect(report.datasets[1]!.summary).toMatchObject({ count: 6, sum: 4500, min: 500, max: 1000 });
    expect(report.datasets[1]!.window).toMatchObject({ from: 'tim:9000000', to: null, kept: 6, outside: 4 });
    // The comparison reads the windowed sides: medians 500 and 750.
    const median = report.comparisons[0]!.rows.find((r) => r.statistic === 'median')!;
    expect([median.a, median.b]).toEqual([500, 750]);
  });

  it('an edge with an offset: an instant against the 19c file, a reading as written against the 11g one (counted)', async () => {
    const h = await twoFiles();
    // 10:00:02+00:00 is 03:00:02 at −07:00: every 19c wait (10:00:00 … 10:00:09 −07:00) is after it.
    // The 11g stamps have no offset: 10:00:02 is compared as written, waits 3..10 are in; its 10 waits are counted.
    await h.send({ type: 'set-window', datasetId: 'd1', window: win({ from: edge('2024-03-01T10:00:02+00:00') }) });
    const d = (await h.report([{ datasetId: 'd1', label: 'A' }], 0)).datasets[0]!;
    expect(d.summary).toMatchObject({ count: 18, min: 100 });
    expect(d.window).toMatchObject({ kept: 18, outside: 2, unplaced: 0, offsetIgnored: 10 });
  });

  it('counts thresholds, lists outliers and exports samples of the window only', async () => {
    const h = await twoFiles();
    await h.send({ type: 'set-window', datasetId: 'd1', window: win({ from: edge('2024-03-01T10:00:02'), to: edge('2024-03-01T10:00:05') }) });
    const counts = await answer(h, (requestId) => ({ type: 'threshold-counts', requestId, event: 'log file sync', datasetIds: ['d1'], thresholds: [350] }), 'threshold-counts');
    // Above 350 µs: 400 and 500, in each file.
    expect(counts.counts[0]!.counts).toEqual([{ threshold: 350, count: 4, ratePerMillion: 4e6 / 6 }]);
    const outliers = await answer(h, (requestId) => ({ type: 'outliers', requestId, datasets: [{ datasetId: 'd1', label: 'A' }], top: 10, thresholds: [] }), 'outliers');
    expect(outliers.results[0]!.top.rows.map((r) => r.ela)).toEqual([500, 500, 400, 400, 300, 300]);
    // The timeline's one axis is UTC (the 19c file's three); the 11g file's three are local, elsewhere.
    expect([outliers.results[0]!.timeline.t.length, outliers.results[0]!.timeline.elsewhere]).toEqual([3, 3]);
    const exported = await answer(h, (requestId) => ({ type: 'export-samples', requestId, datasetId: 'd1' }), 'samples');
    expect(exported.rows).toBe(6);
    const lines = (await exported.blob.text()).trim().split('\n');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([300, 400, 500, 300, 400, 500]);
  });

  it('windows the book demo on its simulated clock', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'demo', datasetId: 'd1', preset: 'flash-on', event: 'log file sync', sessions: 2, commits: 200 });
    const exported = await answer(h, (requestId) => ({ type: 'export-samples', requestId, datasetId: 'd1' }), 'samples');
    const rows = (await exported.blob.text()).trim().split('\n').slice(1).map((l) => l.split(','));
    // Each session's clock starts at 10:00:00 (synthetic-clock.ts): a commit's wait ends after the
    // previous one's end plus the 150 µs overhead. Worked out here from the waits themselves.
    const ends: { ela: number; end: number }[] = [];
    const clock = new Map<string, number>();
    for (const [ela, , file] of rows) {
      const end = (clock.get(file!) ?? 0) + Number(ela);
      ends.push({ ela: Number(ela), end });
      clock.set(file!, end + SYNTHETIC_OVERHEAD_MICROS);
    }
    const from = 20_000;
    const to = 60_000;
    const inside = ends.filter((e) => e.end >= from && e.end < to).map((e) => e.ela);
    expect(inside.length).toBeGreaterThan(10);
    expect(inside.length).toBeLessThan(rows.length);
    await h.send({ type: 'set-window', datasetId: 'd1', window: win({ from: edge('2012-08-09T10:00:00.020'), to: edge('2012-08-09T10:00:00.060') }) });
    const d = (await h.report([{ datasetId: 'd1', label: 'on' }], 0)).datasets[0]!;
    expect(d.summary.count).toBe(inside.length);
    expect(d.summary.sum).toBeCloseTo(inside.reduce((a, b) => a + b, 0), 6);
    expect(d.summary.max).toBe(Math.max(...inside));
    expect(d.window).toMatchObject({ kept: inside.length, outside: rows.length - inside.length, unplaced: 0 });
  });
});
