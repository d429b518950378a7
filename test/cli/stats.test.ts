// `waitscope stats`, run as a child process on golden fixtures. Expected statistics were computed
// with numpy from the `samples` of the golden JSON (the generator's ground truth), never by waitscope.
import { describe, expect, it } from 'vitest';
import { expectRelClose } from '../stats/expect-close';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface StatsJson {
  event: string;
  unit: string;
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  stddev: number | null;
  median: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  p999: number | null;
  notEstimable: Record<string, string>;
  files: { file: string; outcome: string; count: number; compression: string; warnings: { code: string }[] }[];
}

/*
 * python3 -c "import json,numpy as np
 * for n in ['v11g-commit-loop','trcsess-two-sessions']:
 *   x=np.array([s['ela'] for s in json.load(open(f'test/golden/{n}.json'))['samples']],float)
 *   print(n,len(x),x.sum(),x.min(),x.max(),x.mean(),x.std(ddof=1),*[np.percentile(x,p) for p in (50,90,95,99,99.9)])"
 * (np.percentile's default 'linear' method is R type 7; std(ddof=1) is the sample standard deviation.)
 */
const NUMPY = {
  'v11g-commit-loop': {
    count: 10, sum: 4893, min: 162, max: 877, mean: 489.3, stddev: 226.01182368284285,
    median: 462, p90: 776.1999999999999, p95: 826.5999999999999, p99: 866.9200000000001, p999: 875.9920000000002,
  },
  'trcsess-two-sessions': {
    count: 16, sum: 12166, min: 324, max: 1742, mean: 760.375, stddev: 402.6818222865293,
    median: 685.5, p90: 1299, p95: 1559.75, p99: 1705.55, p999: 1738.3550000000002,
  },
} as const;

// Both fixtures have 10 to 19 waits: p90 (10 waits) is shown, p95 (20), p99 (100) and p99.9 (1,000) are not.
const NOT_ESTIMABLE = { p95: 'n/a (needs ≥ 20 waits)', p99: 'n/a (needs ≥ 100 waits)', p999: 'n/a (needs ≥ 1,000 waits)' };

describe('waitscope stats', () => {
  it.each(Object.entries(NUMPY))('--json on %s gives the numpy statistics of its log file sync waits', async (name, expected) => {
    const run = await runCli(['stats', '--json', fixturePath(`${name}.trc`)]);
    expect(run.status).toBe(0);
    // The trcsess fixture has no banner (test/golden/trcsess-two-sessions.json warns unit-assumed); nothing else warns.
    const warnings = run.stderr.split('\n').filter((l) => l !== '');
    expect(warnings).toEqual(name === 'trcsess-two-sessions' ? [expect.stringMatching(/^warning: .*trcsess-two-sessions\.trc: no Oracle banner/)] : []);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.event).toBe('log file sync');
    expect(json.unit).toBe('us');
    expect(json.count).toBe(expected.count);
    expect(json.sum).toBe(expected.sum);
    expect(json.min).toBe(expected.min);
    expect(json.max).toBe(expected.max);
    // Interpolated quantiles, the mean and sd may differ from numpy in the last bit.
    for (const key of ['mean', 'stddev', 'median', 'p90'] as const) expectRelClose(json[key], expected[key], 1e-12);
    expect([json.p95, json.p99, json.p999]).toEqual([null, null, null]);
    expect(json.notEstimable).toEqual(NOT_ESTIMABLE);
    expect(json.files).toHaveLength(1);
    expect(json.files[0]).toMatchObject({ file: fixturePath(`${name}.trc`), outcome: 'parsed', count: expected.count, compression: 'none' });
  });

  it('prints a table in µs with the same values, one decimal', async () => {
    const run = await runCli(['stats', fixturePath('v11g-commit-loop.trc')]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('µs');
    expect(run.stdout).toContain("'log file sync'");
    // Values from NUMPY['v11g-commit-loop'], rounded to one decimal by hand; 10 waits are too few for p95 and above.
    const rows: [string, string][] = [
      ['count', '10'], ['min', '162.0'], ['median', '462.0'], ['mean', '489.3'], ['p90', '776.2'], ['p95', NOT_ESTIMABLE.p95],
      ['p99', NOT_ESTIMABLE.p99], ['p99.9', NOT_ESTIMABLE.p999], ['max', '877.0'], ['stddev', '226.0'], ['sum', '4,893.0'],
    ];
    for (const [label, value] of rows) expect(run.stdout, label).toMatch(new RegExp(`^${escapeRegExp(label)}\\s+${escapeRegExp(value)}$`, 'm'));
  });

  it('--event "SQL*Net message from client" selects that event', async () => {
    const run = await runCli(['stats', '--json', '--event', 'SQL*Net message from client', fixturePath('v11g-commit-loop.trc')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    // test/golden/v11g-commit-loop.json profile: count 11, total 313429, min 171, max 223622.
    expect(json.event).toBe('SQL*Net message from client');
    expect(json).toMatchObject({ count: 11, sum: 313_429, min: 171, max: 223_622 });
    expectRelClose(json.mean, 313_429 / 11, 1e-12);
  });

  it('-e is --event, and the event name must match exactly', async () => {
    const run = await runCli(['stats', '--json', '-e', 'log file sync: SCN ordering', fixturePath('v19c-session.trc')]);
    expect(run.status).toBe(0);
    // test/golden/v19c-session.json: 2 lines, ela 16 and 15 (README hand check).
    expect(parseJsonOutput<StatsJson>(run)).toMatchObject({ event: 'log file sync: SCN ordering', count: 2, sum: 31, min: 15, max: 16 });
  });

  it('gives count 0 and names the events present when a trace lacks the event', async () => {
    const run = await runCli(['stats', '--json', fixturePath('no-log-file-sync.trc')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.count).toBe(0);
    expect(json.sum).toBe(0);
    expect(json.median).toBeNull();
    expect(json.files[0]?.outcome).toBe('no-event');
    expect(run.stderr).toMatch(/^warning: .*no-log-file-sync\.trc has no 'log file sync' waits/m);
    // The events of test/golden/no-log-file-sync.json's profile.
    for (const event of ['enq: TX - row lock contention', 'SQL*Net message from client', 'db file sequential read', 'log file sync: SCN ordering', 'SQL*Net message to client']) {
      expect(run.stderr).toContain(`'${event}'`);
    }
  });

  it('reads several inputs as one dataset', async () => {
    const run = await runCli(['stats', '--json', fixturePath('v11g-commit-loop.trc'), fixturePath('trcsess-two-sessions.trc')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    // 10 + 16 samples; sums and extremes from NUMPY above.
    expect(json).toMatchObject({ count: 26, sum: 4893 + 12_166, min: 162, max: 1742 });
    expect(json.files.map((f) => f.count)).toEqual([10, 16]);
    // The trcsess fixture has no banner: its unit-assumed warning reaches stderr.
    expect(run.stderr).toMatch(/^warning: .*trcsess-two-sessions\.trc: no Oracle banner/m);
  });
});
