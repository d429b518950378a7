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
