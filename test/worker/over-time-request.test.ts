// The worker's heat map of latency over time (issue 15 §3): its cells add up to every wait, and per
// interval it gives the same numbers as `waitscope stats --over-time` on the same files.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { parseJsonOutput, runCli } from '../helpers/cli';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inputFiles, SessionHarness } from './session-harness';

const inputs = writeCompareInputs(2000);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

async function ask<T extends WorkerResponse['type']>(h: SessionHarness, request: Parameters<SessionHarness['send']>[0] & { requestId: number }, type: T) {
  await h.send(request);
  const reply = h.messages.find((m) => 'requestId' in m && m.requestId === request.requestId);
  if (!reply || reply.type !== type) throw new Error(`expected ${type}, got ${JSON.stringify(reply)?.slice(0, 300)}`);
  return reply as Extract<WorkerResponse, { type: T }>;
}

const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);

describe('over-time requests in the analysis session', () => {
  it("the book demo's cells add up to its waits and its time waited to the report's sum", async () => {
    const h = new SessionHarness();
    await h.send({ type: 'demo', datasetId: 'on', preset: 'flash-on', event: 'log file sync', sessions: 3, commits: 1000 });
    const report = await ask(h, { type: 'report', requestId: 1, event: 'log file sync', datasets: [{ datasetId: 'on', label: 'on' }], baseline: 0 }, 'report');
    const summary = report.report.datasets[0]!.summary;
    const reply = await ask(h, { type: 'over-time', requestId: 2, datasets: [{ datasetId: 'on', label: 'on' }], intervalMicros: null, origin: 'clock' }, 'over-time');
    const map = reply.results[0]!;
    expect(map.placed).toBe(3000);
    expect(sum(map.count)).toBe(3000);
    expect(sum(map.perInterval.count)).toBe(3000);
    expect(sum(map.timeWaited)).toBeCloseTo(summary.sum, 6);
    expect(map.axis).toBe('local'); // the demo's simulated clock has no UTC offset
    // Since the start: interval 0 starts at the first wait.
    const since = await ask(h, { type: 'over-time', requestId: 3, datasets: [{ datasetId: 'on', label: 'on' }], intervalMicros: 1_000_000, origin: 'start' }, 'over-time');
    expect(since.results[0]!.start).toBe(since.results[0]!.first);
    expect(since.intervalMicros).toBe(1_000_000);
    expect(sum(since.results[0]!.count)).toBe(3000);
  });

  it('gives per interval the same count, p50, p99 and max as stats --over-time on the same files', async () => {
    const files = inputs.off;
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(files, path.dirname(files[0]!)), event: 'log file sync' });
    const reply = await ask(h, { type: 'over-time', requestId: 1, datasets: [{ datasetId: 'x', label: 'off' }], intervalMicros: 1_000_000, origin: 'clock' }, 'over-time');
    const map = reply.results[0]!;
    const run = await runCli(['stats', '--json', '--over-time', '1s', ...files]);
    expect(run.status, run.stderr).toBe(0);
    const cli = parseJsonOutput<{ overTime: { count: number; p50: number | null; p99: number | null; max: number | null }[] }>(run).overTime.map(({ count, p50, p99, max }) => ({ count, p50, p99, max }));
    const orNull = (v: number) => (Number.isNaN(v) ? null : v);
    expect(cli.length).toBe(map.intervals);
    expect(cli.length).toBeGreaterThan(1);
    expect(Array.from({ length: map.intervals }, (_, i) => ({ count: map.perInterval.count[i], p50: orNull(map.perInterval.p50[i]!), p99: orNull(map.perInterval.p99[i]!), max: orNull(map.perInterval.max[i]!) }))).toEqual(cli);
  });
});
