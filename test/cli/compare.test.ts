// `waitscope compare`, run as a child process (the bundled CLI) on traces that `waitscope synth` writes.
// Expected values come from an independent path (`waitscope stats --json` of each side, textbook
// formulas evaluated here, or the book's Table 15.1), never from the code under test.
import Papa from 'papaparse';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRelClose } from '../stats/expect-close';
import { makeTempDir, parseJsonOutput, runCli, type CliRun } from '../helpers/cli';
import { COMPARED_ROW_STATISTICS, reportSchema, type WaitscopeReport } from '@/lib/report/report-schema';

/** `compare --json` prints the report (lib/report/report-schema.ts): A is dataset 0, B dataset 1. */
type CompareJson = WaitscopeReport;
const sideA = (j: CompareJson) => j.datasets[j.comparisons[0]!.treatment]!;
const sideB = (j: CompareJson) => j.datasets[j.comparisons[0]!.baseline]!;
const pairOf = (j: CompareJson) => j.comparisons[0]!;
type Summary = Record<(typeof COMPARED_ROW_STATISTICS)[number], number>;

const temp = makeTempDir('compare-cli');
const ON = path.join(temp.dir, 'small', 'flash-on');
const OFF = path.join(temp.dir, 'small', 'flash-off');

async function synth(preset: string, sessions: number, commits: number, out: string): Promise<void> {
  const run = await runCli(['synth', '--preset', preset, '--sessions', String(sessions), '--commits', String(commits), '--out', out]);
  expect(run.status, run.stderr).toBe(0);
}

function expectUsageError(run: CliRun, reason: string): void {
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  const [first, ...rest] = run.stderr.split('\n');
  expect(first).toMatch(/^waitscope: /);
  expect(first).toContain(reason);
  expect(rest.join('\n')).toMatch(/^usage:\n/);
}

describe('waitscope compare', () => {
  let json: CompareJson;
  let stats: { a: Summary; b: Summary };

  beforeAll(async () => {
    await Promise.all([synth('flash-on', 4, 20_000, ON), synth('flash-off', 4, 20_000, OFF)]);
    const [run, sa, sb] = await Promise.all([
      runCli(['compare', '--json', ON, '--vs', OFF]),
      runCli(['stats', '--json', ON]),
      runCli(['stats', '--json', OFF]),
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toMatch(/NaN|Infinity/);
    json = parseJsonOutput<CompareJson>(run);
    stats = { a: parseJsonOutput<Summary>(sa), b: parseJsonOutput<Summary>(sb) };
  });
  afterAll(() => temp.remove());

  it('--json gives each side the summary `stats --json` gives it, in µs, labelled by folder', () => {
    // The report the page builds, with its version: it passes the report schema unchanged.
    expect(reportSchema.parse(json)).toEqual(json);
    expect(json).toMatchObject({ version: 2, event: 'log file sync', unit: 'us' });
    expect([sideA(json).label, sideB(json).label]).toEqual(['flash-on', 'flash-off']);
    const keys = ['count', 'sum', 'min', 'max', 'mean', 'stddev', 'median', 'p90', 'p95', 'p99', 'p999'] as const;
    for (const k of keys) {
      expect(sideA(json).summary[k], `a.${k}`).toBe(stats.a[k]);
      expect(sideB(json).summary[k], `b.${k}`).toBe(stats.b[k]);
    }
    expect(sideA(json).summary.count).toBe(80_000);
    expect([sideA(json).sessions, sideB(json).sessions]).toEqual([4, 4]);
    expect(sideA(json).files.map((f) => f.waits)).toEqual([20_000, 20_000, 20_000, 20_000]);
    expect(sideA(json).files.every((f) => f.oracleVersion === '11.2.0.4.0')).toBe(true);
  });

  it('reports difference = A − B and ratio = A/B for every summary statistic', () => {
    const rows = pairOf(json).rows;
    expect(rows.map((r) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum']);
    for (const r of rows) {
      const [a, b] = [stats.a[r.statistic], stats.b[r.statistic]];
      expect([r.a, r.b], r.statistic).toEqual([a, b]);
      expect(r.difference, r.statistic).toBe(a - b);
      expectRelClose(r.ratio!, a / b, 1e-15);
      expectRelClose(r.relative!, (a - b) / b, 1e-15);
    }
  });

  it('runs Welch, Mann–Whitney and KS with finite statistics and log10 p', () => {
    const { welch, mannWhitney: mw, ks } = pairOf(json);
    if (!welch || !mw || !ks) throw new Error('a test is missing');
    for (const v of [welch.t, welch.df, welch.p, welch.log10p, ...welch.ci, mw.w, mw.z, mw.p, mw.log10p, mw.effect, ks.d, ks.lambda, ks.p, ks.log10p]) {
      expect(Number.isFinite(v)).toBe(true);
    }
    // Welch from the two `stats` summaries by the textbook formulas (R's t.test(var.equal = FALSE)).
    const va = stats.a.stddev ** 2 / stats.a.count;
    const vb = stats.b.stddev ** 2 / stats.b.count;
    expectRelClose(welch.t, (stats.a.mean - stats.b.mean) / Math.sqrt(va + vb), 1e-9);
    expectRelClose(welch.df, (va + vb) ** 2 / (va ** 2 / (stats.a.count - 1) + vb ** 2 / (stats.b.count - 1)), 1e-9);
    expect(welch.ci[0]).toBeLessThan(welch.difference);
    expect(welch.ci[1]).toBeGreaterThan(welch.difference);
    // Flash on has the lower mean and the smaller tail, so both tests reject at these sizes.
    expect(welch.log10p).toBeLessThan(-10);
    expect(ks.log10p).toBeLessThan(-10);
    expect(mw.effect).toBeCloseTo(mw.w / (80_000 * 80_000), 12);
    expect(mw.effect).toBeGreaterThan(0);
    expect(mw.effect).toBeLessThan(1);
  });

  it('bootstraps whole sessions (4 + 4), seeded, and says so', () => {
    const b = pairOf(json).bootstrap!;
    expect(b).toMatchObject({ method: 'cluster', sessionCounts: { a: 4, b: 4 }, confidence: 0.95 });
    expect(b.replicates).toBeGreaterThanOrEqual(1000);
    expect(Number.isInteger(b.seed)).toBe(true);
    expect(pairOf(json).resampling.method).toBe('cluster');
    expect(pairOf(json).resampling.description).toMatch(/whole sessions/);
    for (const k of ['median', 'p99', 'mean'] as const) {
      expect(b.difference[k]!.lower, k).toBeLessThanOrEqual(b.difference[k]!.upper);
    }
    // Fewer than 10 sessions a side: compare() warns that the CIs are coarse.
    expect(pairOf(json).warnings.map((w) => w.code)).toContain('few-sessions');
    // One verdict per statistic, each from this bootstrap; the iid tests headline none.
    expect(pairOf(json).verdicts.map((v) => v.statistic)).toEqual(['mean', 'median', 'p99']);
    for (const v of pairOf(json).verdicts) {
      expect(v.text).toContain('cluster bootstrap over 4 + 4 sessions');
      expect(v.text).not.toMatch(/Welch|Mann|p [=<]/);
    }
  });

  it('carries every distribution of both datasets, consistent with the summaries', () => {
    for (const [d, s] of [[sideA(json).distributions, stats.a], [sideB(json).distributions, stats.b]] as const) {
      expect(d.log2Micros.reduce((n, k) => n + k.count, 0)).toBe(s.count);
      expect(d.log10Bins.bins.reduce((n, k) => n + k.count, 0)).toBe(s.count);
      expect(d.top).toHaveLength(10_000);
      expect(d.top[0]).toBe(s.max);
      expect(d.top.every((v, i, xs) => i === 0 || v <= xs[i - 1]!)).toBe(true);
      expect(d.kde!.x).toHaveLength(d.kde!.y.length);
      expect(d.spectrum[0]).toMatchObject({ p: 0, value: s.min });
      expect(d.thresholds.map((t) => t.threshold)).toContain(500_000);
    }
  });

  it('--labels overrides the folder names; a file as first path is labelled by its folder', async () => {
    const file = path.join(ON, 'flash-on_ora_20000.trc');
    const run = await runCli(['compare', '--json', '--labels', 'on, off', file, '--vs', OFF]);
    expect(run.status, run.stderr).toBe(0);
    const j = parseJsonOutput<CompareJson>(run);
    const labels = (r: CompareJson) => [sideA(r).label, sideB(r).label];
    expect(labels(j)).toEqual(['on', 'off']);
    expect(sideA(j).summary.count).toBe(20_000);
    // One session on A: the bootstrap falls back to single waits and says why.
    expect(pairOf(j).bootstrap?.method).toBe('poisson');
    expect(pairOf(j).warnings.map((w) => w.code)).toContain('no-session-bootstrap');
    const plain = await runCli(['compare', '--json', file, '--vs', OFF]);
    expect(labels(parseJsonOutput<CompareJson>(plain))).toEqual(['flash-on', 'flash-off']);
    // Two files of one folder would get one name: they are told apart by their file names.
    const sameFolder = await runCli(['compare', '--json', file, '--vs', path.join(ON, 'flash-on_ora_20037.trc')]);
    expect(labels(parseJsonOutput<CompareJson>(sameFolder))).toEqual(['flash-on_ora_20000.trc', 'flash-on_ora_20037.trc']);
  });

  it('--format csv parses back with papaparse: summary rows and both histogram series', async () => {
    const run = await runCli(['compare', '--format', 'csv', ON, '--vs', OFF]);
    expect(run.status, run.stderr).toBe(0);
    const parsed = Papa.parse<Record<string, string>>(run.stdout, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['section', 'statistic', 'a', 'b', 'difference', 'ratio', 'dataset', 'count']));
    const summary = parsed.data.filter((r) => r.section === 'summary');
    expect(summary.map((r) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p99.9', 'max', 'stddev', 'sum']);
    const median = summary.find((r) => r.statistic === 'median')!;
    expect([Number(median.a), Number(median.b), Number(median.difference)]).toEqual([stats.a.median, stats.b.median, stats.a.median - stats.b.median]);
    for (const section of ['log2-buckets', 'log10-bins']) {
      for (const [label, s] of [['flash-on', stats.a], ['flash-off', stats.b]] as const) {
        const rows = parsed.data.filter((r) => r.section === section && r.dataset === label);
        expect(rows.reduce((n, r) => n + Number(r.count), 0), `${section} ${label}`).toBe(s.count);
      }
    }
  });

  it('prints a table in µs with both labels, the tests, the bootstrap method and the verdicts', async () => {
    const run = await runCli(['compare', ON, '--vs', OFF]);
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^statistic +flash-on +flash-off +difference +ratio A\/B$/m);
    expect(out).toMatch(/^count +80,000 +80,000 +0 +1\.000$/m);
    expect(out).toContain('µs');
    // The answer comes first, right after the two dataset lines.
    expect(out.split('\n')[3]).toMatch(/^With flash-on rather than flash-off, 'log file sync' waits were [\d.]+% shorter on average .*\(4 \+ 4 sessions\)\.$/);
    expect(out).toMatch(/iid tests .*Welch's t \(iid\) +t = .*df = .*Mann–Whitney U \(iid\) .*P\(A > B\)/s);
    expect(out).toContain('Kolmogorov–Smirnov (iid)');
    expect(out).toContain('These tests treat every wait as independent.');
    expect(out).toMatch(/cluster bootstrap over 4 \+ 4 sessions/);
    expect(out).toMatch(/^ {2}mean [\d.]+% lower \(95% CI: [\d.]+% to [\d.]+% lower; cluster bootstrap over 4 \+ 4 sessions\)$/m);
    // p-values are written with superscript exponents, never as 10^−n or log10 p.
    expect(out).not.toMatch(/10\^|log10 p/);
    expect(out).toMatch(/log2 µs bucket/);
  });

  it('shows no statistic below its minimum sample size: 12 against 5 waits (table, CSV, JSON)', async () => {
    const small = path.join(temp.dir, 'tiny');
    await Promise.all([synth('flash-on', 3, 4, path.join(small, 'on')), synth('flash-off', 1, 5, path.join(small, 'off'))]);
    const args = [path.join(small, 'on'), '--vs', path.join(small, 'off')];
    const [table, csv, jsonRun] = await Promise.all([
      runCli(['compare', ...args]),
      runCli(['compare', '--format', 'csv', ...args]),
      runCli(['compare', '--json', ...args]),
    ]);
    for (const run of [table, csv, jsonRun]) expect(run.status, run.stderr).toBe(0);
    // p99 needs 100 waits and p99.9 1000 (n·(1 − p) ≥ 1); p90 needs 10, which A (12) has and B (5) has not.
    expect(table.stdout).toMatch(/^p99 +n\/a \(needs ≥ 100 waits\) +n\/a \(needs ≥ 100 waits\) +n\/a +n\/a$/m);
    expect(table.stdout).toMatch(/^p99\.9 +n\/a \(needs ≥ 1,000 waits\) +n\/a \(needs ≥ 1,000 waits\) +n\/a +n\/a$/m);
    expect(table.stdout).toMatch(/^p90 +[\d,.]+ +n\/a \(needs ≥ 10 waits\) +n\/a +n\/a$/m);
    expect(table.stdout).not.toMatch(/^ {2}p99[ :]/m);
    expect(table.stdout).toMatch(/single waits resampled, not sessions: off has 1 session\)\.$/m);
    const rows = Papa.parse<Record<string, string>>(csv.stdout, { header: true, skipEmptyLines: true }).data;
    const p99 = rows.find((r) => r.section === 'summary' && r.statistic === 'p99')!;
    expect([p99.a, p99.b, p99.difference, p99.ratio]).toEqual(Array(4).fill('n/a (needs ≥ 100 waits)'));
    const j = parseJsonOutput<CompareJson>(jsonRun);
    expect([sideA(j).summary.count, sideB(j).summary.count]).toEqual([12, 5]);
    expect([sideA(j).summary.p99, sideB(j).summary.p99, sideA(j).summary.p999]).toEqual([null, null, null]);
    expect(sideA(j).notEstimable).toEqual({ p95: 'n/a (needs ≥ 20 waits)', p99: 'n/a (needs ≥ 100 waits)', p999: 'n/a (needs ≥ 1,000 waits)' });
    expect(pairOf(j).rows.find((r) => r.statistic === 'p99')).toMatchObject({ a: null, b: null, difference: null, ratio: null });
    expect(pairOf(j).verdicts.map((v) => v.statistic)).toEqual(['mean', 'median']);
    expect(pairOf(j).bootstrap?.difference.p99).toBeNull();
    // The answer sentence (the table's fourth line) says nothing of the p99 no side has.
    expect(table.stdout.split('\n')[3]).toMatch(/^With /);
    expect(table.stdout.split('\n')[3]).not.toContain('p99');
  });

  it.each([
    ['no --vs', [ON, OFF], 'compare needs --vs'],
    ['nothing after --vs', [ON, '--vs'], 'no B input'],
    ['nothing before --vs', ['--vs', OFF], 'no A input'],
    ['one label', ['--labels', 'on', ON, '--vs', OFF], '--labels needs exactly two non-empty names'],
    ['an empty label', ['--labels', 'on,', ON, '--vs', OFF], '--labels needs exactly two non-empty names'],
    ['three labels', ['--labels', 'a,b,c', ON, '--vs', OFF], '--labels needs exactly two non-empty names'],
    ['an unknown format', ['--format', 'xml', ON, '--vs', OFF], "--format must be table, json, csv, not 'xml'"],
  ])('%s exits with status 1 and a one-line reason', async (_label, args, reason) => {
    expectUsageError(await runCli(['compare', ...args]), reason);
  });

  it('exits with status 1 when an input cannot be read', async () => {
    const missing = path.join(temp.dir, 'missing');
    const run = await runCli(['compare', ON, '--vs', missing]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(missing);
  });
});

/**
 * Issue 3's "done when": synth for both presets, then `compare --json`, gives Table 15.1 (Oracle
 * Exadata Expert's Handbook ch. 15; the book's numbers, as in test/synth/calibration.test.ts). The model
 * was fitted to the median, mean and p99, so those are regression checks through the trace text; min
 * and max are the waits synth pins, so they check the pinning survives writing and parsing. The book
 * scale (20 × 200,000 per preset) writes ~2 GB of traces a preset, so that scale is tested on the direct
 * sample path (test/synth/calibration.test.ts) and here the CLI runs 20 sessions × 20,000 commits.
 * At 400,000 waits the median and mean still sit within 2 %. p99 gets 3 %: it is a tail quantile, and its
 * spread across seeds at this size is about 0.8 % (sd) for flash-off, whose p99 lies on the steep
 * shoulder (12 seeds of 20 × 20,000 drawn with sampleWaits: worst 1.5 %); 2 % would fail about one seed in 50.
 */
const TABLE_15_1 = {
  'flash-on': { median: 650, mean: 723, p99: 1656, min: 1, max: 75_740 },
  'flash-off': { median: 627, mean: 878, p99: 4662, min: 1, max: 291_800 },
} as const;

describe('waitscope synth + compare --json against the Table 15.1 the model was fitted to (20 sessions × 20,000 commits per preset)', () => {
  const big = makeTempDir('compare-table');
  afterAll(() => big.remove());

  it('median and mean within 2 %, p99 within 3 % (regression checks), min and max the pinned waits; the mean is over 15 % lower with flash on', async () => {
    const on = path.join(big.dir, 'flash-on');
    const off = path.join(big.dir, 'flash-off');
    await Promise.all([synth('flash-on', 20, 20_000, on), synth('flash-off', 20, 20_000, off)]);
    const run = await runCli(['compare', '--json', on, '--vs', off]);
    expect(run.status, run.stderr).toBe(0);
    const j = parseJsonOutput<CompareJson>(run);
    for (const [side, preset] of [['a', 'flash-on'], ['b', 'flash-off']] as const) {
      const s = (side === 'a' ? sideA(j) : sideB(j)).summary as Summary;
      const book = TABLE_15_1[preset];
      expect(s.count).toBe(400_000);
      expect([s.min, s.max]).toEqual([book.min, book.max]);
      expectRelClose(s.median, book.median, 0.02);
      expectRelClose(s.mean, book.mean, 0.02);
      expectRelClose(s.p99, book.p99, 0.03);
    }
    expect(pairOf(j).bootstrap).toMatchObject({ method: 'cluster', sessionCounts: { a: 20, b: 20 } });
    // The book: flash logging reduced the mean "by over 15 %" (723 vs 878 µs in the table).
    expect(pairOf(j).bootstrap!.difference.mean!.upper / sideB(j).summary.mean!).toBeLessThan(-0.15);
  });
});
