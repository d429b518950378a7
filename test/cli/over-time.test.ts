// `stats --over-time` and `compare --over-time` (issue 15 §3) on a small trace worked by hand.
// The stamp anchors tim 1,000,000,000 at 10:00:00 UTC (the first WAIT after it), so each wait ends at
// 10:00:00 + (tim − 1e9) µs. 10 s intervals from 10:00:00:
//   [10:00:00, 10:00:10): 100 µs (10:00:00), 300 µs (10:00:04), 200 µs (10:00:09.999999)
//       → count 3, p50 = 200 (type 7: h = 1 + 2·0.5 = 2), max 300
//   [10:00:10, 10:00:20): 5,000 µs ending exactly at 10:00:10 → count 1, max 5,000, p50 n/a (needs 2)
//   [10:00:20, 10:00:30): 700 µs (10:00:25) → count 1
// A 9i file adds a wait without tim (9i writes none): counted in the statistics, but unplaced.
// No p99 anywhere (needs 100).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const temp = makeTempDir('over-time');
afterAll(() => temp.remove());
const T0 = 1_000_000_000;
const wait = (ela: number, dt: number) => `WAIT #0: nam='log file sync' ela= ${ela} buffer#=1 sync scn=1 p3=0 obj#=-1 tim=${T0 + dt}`;
const file = path.join(temp.dir, 'five.trc');
writeFileSync(
  file,
  [
    'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
    'Version 19.12.0.0.0',
    '',
    '*** 2024-03-26T10:00:00.000000+00:00',
    wait(100, 0),
    wait(300, 4_000_000),
    wait(200, 9_999_999),
    wait(5000, 10_000_000),
    wait(700, 25_000_000),
    '',
  ].join('\n'),
);
const old = path.join(temp.dir, 'old.trc');
writeFileSync(old, ['Oracle9i Enterprise Edition Release 9.2.0.1.0 - Production', '', "WAIT #0: nam='log file sync' ela= 50 p1=1 p2=0 p3=0", ''].join('\n'));

interface Row { start: string; end: string; count: number; p50: number | null; p99: number | null; max: number | null; dataset?: string }

describe('waitscope stats --over-time', () => {
  it('--json: an overTime row per 10 s interval with ISO times, and the unplaced wait counted', async () => {
    const run = await runCli(['stats', '--json', '--over-time', '10s', file, old]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<{ count: number; overTime: Row[]; overTimeScope: Record<string, unknown> }>(run);
    expect(json.count).toBe(6);
    expect(json.overTime).toEqual([
      { start: '2024-03-26T10:00:00.000000+00:00', end: '2024-03-26T10:00:10.000000+00:00', count: 3, p50: 200, p99: null, max: 300 },
      { start: '2024-03-26T10:00:10.000000+00:00', end: '2024-03-26T10:00:20.000000+00:00', count: 1, p50: null, p99: null, max: 5000 },
      { start: '2024-03-26T10:00:20.000000+00:00', end: '2024-03-26T10:00:30.000000+00:00', count: 1, p50: null, p99: null, max: 700 },
    ]);
    expect(json.overTimeScope).toEqual({ intervalUs: 10_000_000, axis: 'utc', placed: 5, unplaced: 1, otherAxis: 0 });
  });

  it('text: the usual table, then the intervals labelled in µs', async () => {
    const run = await runCli(['stats', '--over-time', '10s', file, old]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^statistic\s+µs$/m); // the usual statistics come first
    expect(run.stdout).toContain("'log file sync' waits per 10 s interval, by end time (UTC; values in µs;");
    expect(run.stdout).toContain('Not placed: 1 without a time.');
    expect(run.stdout).toMatch(/^interval start\s+count\s+p50 µs\s+p99 µs\s+max µs$/m);
    expect(run.stdout).toMatch(/^2024-03-26T10:00:00\.000000\+00:00\s+3\s+200\.0\s+n\/a\s+300\.0$/m);
    expect(run.stdout).toMatch(/^2024-03-26T10:00:10\.000000\+00:00\s+1\s+n\/a\s+n\/a\s+5,000\.0$/m);
  });

  it('plain stats prints no intervals', async () => {
    const run = await runCli(['stats', '--json', file]);
    expect(run.status, run.stderr).toBe(0);
    expect(parseJsonOutput<Record<string, unknown>>(run)).not.toHaveProperty('overTime');
  });

  it.each(['ten', '10', '0s'])('--over-time %s is a usage error naming the accepted forms', async (bad) => {
    const run = await runCli(['stats', '--over-time', bad, file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`--over-time takes an interval such as 500ms, 10s, 1m or 1h, not '${bad}'`);
  });

  it('an interval that makes more than 100,000 intervals is a usage error', async () => {
    const run = await runCli(['stats', '--over-time', '100us', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('take a longer interval');
  });
});

describe('waitscope compare --over-time', () => {
  it('--json: each side\'s rows, labelled, after the usual report', async () => {
    const run = await runCli(['compare', '--json', '--over-time', '10s', '--labels', 'x,y', file, '--vs', file]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<{ comparisons: unknown[]; overTime: Row[]; overTimeScope: { dataset: string }[] }>(run);
    expect(json.comparisons.length).toBe(1);
    expect(json.overTime.map((r) => [r.dataset, r.count])).toEqual([['x', 3], ['x', 1], ['x', 1], ['y', 3], ['y', 1], ['y', 1]]);
    expect(json.overTimeScope.map((s) => s.dataset)).toEqual(['x', 'y']);
  });

  it('leaves the comparison itself as it is without --over-time (its waits are kept one by one instead of counted per session)', async () => {
    const [a, b] = [fixturePath('v11g-commit-loop.trc'), fixturePath('trcsess-two-sessions.trc')];
    const plain = await runCli(['compare', '--json', a, '--vs', b]);
    const over = await runCli(['compare', '--json', '--over-time', '1s', a, '--vs', b]);
    expect(plain.status, plain.stderr).toBe(0);
    expect(over.status, over.stderr).toBe(0);
    const strip = (json: Record<string, unknown>) => JSON.stringify(json, (k, v) => (k === 'createdAt' || k === 'overTime' || k === 'overTimeScope' ? undefined : v));
    expect(strip(parseJsonOutput(over))).toBe(strip(parseJsonOutput(plain)));
  });

  it('text: a table per side', async () => {
    const run = await runCli(['compare', '--over-time', '10s', '--labels', 'x,y', file, '--vs', file]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("x: 'log file sync' waits per 10 s interval");
    expect(run.stdout).toContain("y: 'log file sync' waits per 10 s interval");
  });

  it('refuses --over-time with CSV', async () => {
    const run = await runCli(['compare', '--format', 'csv', '--over-time', '10s', file, '--vs', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('--over-time prints with the table or --json');
  });
});
