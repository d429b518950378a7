// `waitscope stats` showed every quantile whatever the sample size: the "p99" of 12 waits is the
// maximum in disguise (issue 12: "No statistic is shown below the sample size that supports it").
// 12 waits of 100, 200, …, 1,200 µs, worked by hand (R type 7: h = (n − 1)·p + 1, x_⌊h⌋ + frac(h)·(x_⌊h⌋+1 − x_⌊h⌋)):
//   median: h = 6.5  → 600 + 0.5 · 100 = 650       p90: h = 10.9 → 1,000 + 0.9 · 100 = 1,090
//   mean 7,800 / 12 = 650; stddev = 100 · √(Σ(k − 6.5)² / 11) = 100 · √(143 / 11) = 100 · √13 ≈ 360.555
//   p95 needs 12 · 0.05 ≥ 1, i.e. 20 waits; p99 100; p99.9 1,000: all three are n/a.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const temp = makeTempDir('stats-min');
afterAll(() => temp.remove());
const waits = Array.from({ length: 12 }, (_, i) => `WAIT #0: nam='log file sync' ela= ${100 * (i + 1)} buffer#=1 sync scn=1 p3=0 obj#=-1 tim=${1000 * (i + 1)}`);
const file = path.join(temp.dir, 'twelve.trc');
writeFileSync(file, ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.12.0.0.0', '', ...waits, ''].join('\n'));

describe('waitscope stats on 12 waits', () => {
  it('text: p90 is shown, p95, p99 and p99.9 read "n/a (needs ≥ N waits)"', async () => {
    const run = await runCli(['stats', file]);
    expect(run.status, run.stderr).toBe(0);
    const table = Object.fromEntries(
      run.stdout
        .split('\n')
        .map((line) => /^(\S+)\s{2,}(.+)$/.exec(line))
        .filter((m) => m !== null)
        .map((m) => [m[1], m[2]]),
    );
    expect(table).toMatchObject({
      count: '12', min: '100.0', median: '650.0', mean: '650.0', p90: '1,090.0',
      p95: 'n/a (needs ≥ 20 waits)', p99: 'n/a (needs ≥ 100 waits)', 'p99.9': 'n/a (needs ≥ 1,000 waits)',
      max: '1,200.0', stddev: '360.6', sum: '7,800.0',
    });
  });

  it('--json: null for p95, p99 and p999, with the reason in notEstimable', async () => {
    const run = await runCli(['stats', '--json', file]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<Record<string, unknown>>(run);
    expect(json).toMatchObject({ count: 12, sum: 7800, min: 100, max: 1200, p95: null, p99: null, p999: null });
    expect(json.median).toBeCloseTo(650, 9);
    expect(json.mean).toBeCloseTo(650, 9);
    expect(json.p90).toBeCloseTo(1090, 9);
    expect(json.stddev).toBeCloseTo(100 * Math.sqrt(13), 9);
    expect(json.notEstimable).toEqual({ p95: 'n/a (needs ≥ 20 waits)', p99: 'n/a (needs ≥ 100 waits)', p999: 'n/a (needs ≥ 1,000 waits)' });
  });
});

describe('waitscope stats of a call measure on 12 calls', () => {
  // The same 12 values as e of EXEC calls: the notes name calls, not waits.
  const calls = Array.from({ length: 12 }, (_, i) => `EXEC #1:c=0,e=${100 * (i + 1)},p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=${1000 * (i + 1)}`);
  const callFile = path.join(temp.dir, 'twelve-calls.trc');
  writeFileSync(callFile, ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.12.0.0.0', '', ...calls, ''].join('\n'));

  it('reads "n/a (needs ≥ N calls)", in the text and in --json', async () => {
    const run = await runCli(['stats', '--call', 'EXEC', callFile]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^p99\s+n\/a \(needs ≥ 100 calls\)$/m);
    expect(run.stdout).toMatch(/^median\s+650\.0$/m);
    expect(run.stdout).not.toContain('waits)');
    const json = parseJsonOutput<{ notEstimable: Record<string, string> }>(await runCli(['stats', '--call', 'EXEC', '--json', callFile]));
    expect(json.notEstimable).toEqual({ p95: 'n/a (needs ≥ 20 calls)', p99: 'n/a (needs ≥ 100 calls)', p999: 'n/a (needs ≥ 1,000 calls)' });
  });
});
