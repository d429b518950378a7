// `waitscope stats` and `compare` on strace and fio files that lib/synth writes with known values,
// run as a child process (the bundled CLI). Expected statistics are computed here from the
// generators' lists: the mean as Σ/n, quantiles by R type 7 written out below, never by waitscope.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFioJsonPlus, generateFioLatLog } from '../../lib/synth/fio-output';
import { generateStraceLog } from '../../lib/synth/strace-log';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { expectRelClose } from '../stats/expect-close';

interface StatsJson {
  event: string;
  count: number;
  mean: number | null;
  median: number | null;
  p99: number | null;
  min: number | null;
  max: number | null;
  files: { file: string; outcome: string; count: number; sessions: number; warnings: { code: string; message: string }[] }[];
  quantilesFromBins?: string[];
}

/** R type 7 (Hyndman & Fan): h = (n − 1)p on the sorted values, linear between the two around it. */
function type7(values: readonly number[], p: number): number {
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  return x[lo]! + (h - lo) * ((x[Math.min(lo + 1, x.length - 1)] ?? 0) - x[lo]!);
}
const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;

const temp = makeTempDir('cli-sysio');
afterAll(() => temp.remove());
const write = (name: string, text: string) => {
  const file = path.join(temp.dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};

const spec = { pids: [3101, 3102, 3103], syncsPerPid: 60, times: 'tt', pidStyle: 'bracket' } as const;
const on = generateStraceLog({ ...spec, seed: 'cli-strace-on' });
const off = generateStraceLog({ ...spec, seed: 'cli-strace-off' });
const onSyncs = on.calls.filter((c) => c.name === 'fdatasync').map((c) => c.micros);
const offSyncs = off.calls.filter((c) => c.name === 'fdatasync').map((c) => c.micros);
const onFile = write('cache-on/redo.strace', on.text);
const offFile = write('cache-off/redo.strace', off.text);

describe('strace -f -tt -T output in the CLI', () => {
  it('stats --event fdatasync --json gives the count, mean, median and p99 of the generated calls', async () => {
    const run = await runCli(['stats', '--json', '--event', 'fdatasync', onFile]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.event).toBe('fdatasync');
    expect(json.count).toBe(180);
    expect(json.min).toBe(Math.min(...onSyncs));
    expect(json.max).toBe(Math.max(...onSyncs));
    expectRelClose(json.mean, mean(onSyncs), 1e-12);
    expectRelClose(json.median, type7(onSyncs, 0.5), 1e-12);
    expectRelClose(json.p99, type7(onSyncs, 0.99), 1e-12);
    expect(json.files).toMatchObject([{ file: onFile, outcome: 'parsed', count: 180, sessions: 3 }]);
  });

  it('without --event, says that the file has no log file sync and which events it has', async () => {
    const run = await runCli(['stats', onFile]);
    expect(run.stderr).toContain(`warning: ${onFile} is strace output with no 'log file sync' calls; its events are 'fdatasync' (180), 'pwrite64' (180): choose one (--event in the CLI)`);
  });

  it('compare A.strace --vs B.strace --json compares the two sides\' fdatasync calls', async () => {
    const run = await runCli(['compare', '--json', '--event', 'fdatasync', onFile, '--vs', offFile]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<{ datasets: { label: string; summary: { count: number; mean: number; p99: number } }[] }>(run);
    expect(json.datasets.map((d) => d.label)).toEqual(['cache-on', 'cache-off']);
    expect(json.datasets.map((d) => d.summary.count)).toEqual([180, 180]);
    expectRelClose(json.datasets[0]!.summary.mean, mean(onSyncs), 1e-12);
    expectRelClose(json.datasets[1]!.summary.p99, type7(offSyncs, 0.99), 1e-12);
  });

  it('finds strace output in a directory by its content, whatever its name', async () => {
    const dir = path.join(temp.dir, 'found');
    write('found/out.txt', on.text);
    const run = await runCli(['stats', '--json', '--event', 'fdatasync', dir]);
    expect(run.status, run.stderr).toBe(0);
    expect(parseJsonOutput<StatsJson>(run).count).toBe(180);
  });

  it('outliers lists the longest call and marks its own line in the context', async () => {
    const longest = on.calls.filter((c) => c.name === 'fdatasync').reduce((a, c) => (c.micros > a.micros ? c : a));
    // Its line is its start's: pid and -tt time of day (µs since midnight, written HH:MM:SS.ffffff).
    const s = Math.floor(longest.start / 1e6);
    const two = (n: number) => String(n).padStart(2, '0');
    const at = `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}.${String(longest.start % 1e6).padStart(6, '0')}`;
    const lineNo = on.text.split('\n').findIndex((l) => new RegExp(`^\\[pid +${longest.pid}\\] ${at} fdatasync\\(`).test(l)) + 1;
    expect(lineNo).toBeGreaterThan(0);
    const run = await runCli(['outliers', '--event', 'fdatasync', '--top', '1', '--context', '1', onFile]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('(a strace or fio line: it belongs to no SQL statement)');
    expect(run.stdout).toMatch(new RegExp(`\n  > ${lineNo}  \\[pid +${longest.pid}\\]`));
  });

  it('outliers: the time of day strace -tt wrote and the pid, not a trace tim or a *** stamp', async () => {
    const syncs = on.calls.filter((c) => c.name === 'fdatasync');
    const longest = Math.max(...syncs.map((c) => c.micros));
    const top = syncs.filter((c) => c.micros === longest);
    expect(top, 'one longest call, so the first row is known').toHaveLength(1);
    const start = top[0]!.start; // µs since midnight
    const two = (n: number) => String(n).padStart(2, '0');
    const clock = `${two(Math.floor(start / 3.6e9))}:${two(Math.floor(start / 6e7) % 60)}:${two(Math.floor(start / 1e6) % 60)}.${String(start % 1e6).padStart(6, '0')}`;
    const run = await runCli(['outliers', '--event', 'fdatasync', '--top', '3', onFile]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('*** stamp');
    expect(run.stdout).toContain('strace -ttt times as UTC, -t/-tt as the time of day');
    const first = run.stdout.split('\n').find((l) => /^\s*1\s/.test(l)) ?? '';
    expect(first).toContain(`${clock} (time of day)`);
    expect(first).toContain(`pid ${top[0]!.pid}`);
  });

  it('refuses trace-only options for strace input, saying why', async () => {
    const run = await runCli(['stats', '--event', 'fdatasync', '--from', 'tim:0', onFile]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--from, --to, --skip-first and --skip-last read Oracle traces; strace and fio inputs have only');
    // Sessions here are pids, which no trace key groups by: --group session would show one group.
    const grouped = await runCli(['stats', '--event', 'fdatasync', '--group', 'session', onFile]);
    expect(grouped.status).toBe(2);
    expect(grouped.stderr).toContain('--group and --where read Oracle traces');
  });
});

describe('fio output in the CLI', () => {
  it('stats of a clat log: the writes in µs (ns / 1,000), fractions kept', async () => {
    const log = generateFioLatLog('cli-fio-log', 400);
    const file = write('fio/job_clat.1.log', log.text);
    const writes = log.ios.filter((io) => io.direction === 1).map((io) => io.ns / 1000);
    const run = await runCli(['stats', '--json', '--event', 'clat write', file]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.count).toBe(writes.length);
    expectRelClose(json.mean, mean(writes), 1e-12);
    expectRelClose(json.p99, type7(writes, 0.99), 1e-12);
    expect(run.stderr).toContain('values are read as ns (fio 3.0 and later');
  });

  it("outliers of a clat log: each time counted from the job's start, as fio's time column is", async () => {
    const log = generateFioLatLog('cli-fio-outliers', 300);
    const file = write('fio-outliers/job_clat.1.log', log.text);
    const writes = log.ios.filter((io) => io.direction === 1);
    const longest = Math.max(...writes.map((io) => io.ns));
    const top = writes.filter((io) => io.ns === longest);
    expect(top).toHaveLength(1);
    const run = await runCli(['outliers', '--event', 'clat write', '--top', '1', file]);
    expect(run.status, run.stderr).toBe(0);
    const first = run.stdout.split('\n').find((l) => /^\s*1\s/.test(l)) ?? '';
    expect(first).toContain(`+${(top[0]!.timeMs / 1000).toFixed(6)} s (from the job's start)`);
    expect(first).not.toContain('tim=');
  });

  it('outliers of json+ output: the top bins, each named as a bin of its job, with no time and no line', async () => {
    const out = generateFioJsonPlus('cli-fio-json-outliers', 2, 40);
    const file = write('fio-outliers/result.json', out.text);
    const sync = out.bins.filter((b) => b.event === 'lat sync' && b.count > 0);
    const top = Math.max(...sync.map((b) => b.ns));
    const jobs = new Set(sync.filter((b) => b.ns === top).map((b) => b.job));
    const run = await runCli(['outliers', '--event', 'lat sync', '--top', '1', file]);
    expect(run.status, run.stderr).toBe(0);
    const first = run.stdout.split('\n').find((l) => /^\s*1\s/.test(l)) ?? '';
    expect(first).toContain('(a histogram bin)');
    expect([...jobs].some((job) => first.includes(`job ${job}`)), first).toBe(true);
    expect(first).toMatch(/—\s+—\s*$/);
    expect(first).toContain(Math.round(top / 1000).toLocaleString('en-US'));
  });

  it('stats of json+ output: the bins as values, and the output says quantiles come from the bins', async () => {
    const out = generateFioJsonPlus('cli-fio-json', 2, 60);
    const file = write('fio/result.json', out.text);
    const values = out.bins.filter((b) => b.event === 'lat sync').flatMap((b) => Array.from({ length: b.count }, () => b.ns / 1000));
    const run = await runCli(['stats', '--json', '--event', 'lat sync', file]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.count).toBe(values.length);
    expectRelClose(json.p99, type7(values, 0.99), 1e-12);
    expect(json.files[0]!.warnings.map((w) => w.code)).toEqual(['histogram-bins']);
    expect(json.quantilesFromBins).toEqual([file]);
    expect(run.stderr).toContain("json+: the values are fio's histogram bins");
    const table = await runCli(['stats', '--event', 'lat sync', file]);
    expect(table.stdout.split('\n')[1]).toBe("quantiles from fio's histogram bins: every value is a json+ bin's (each within about 0.8% of the latencies in it)");
  });

  it('compare of two json+ outputs says above its table that the quantiles come from the bins', async () => {
    const a = write('fio/a.json', generateFioJsonPlus('cli-fio-a', 1, 40).text);
    const b = write('fio/b.json', generateFioJsonPlus('cli-fio-b', 1, 40).text);
    const run = await runCli(['compare', '--event', 'lat sync', a, '--vs', b]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe("quantiles from fio's histogram bins: every value is a json+ bin's (each within about 0.8% of the latencies in it)");
    const json = await runCli(['compare', '--json', '--event', 'lat sync', a, '--vs', b]);
    expect(parseJsonOutput<{ quantilesFromBins: string[] }>(json).quantilesFromBins).toEqual([a, b]);
  });

  it('refuses plain json (percentiles only) with exit status 2 and the reason', async () => {
    const file = write('fio/plain.json', generateFioJsonPlus('cli-fio-plain', 1, 5, { bins: false }).text);
    const run = await runCli(['stats', '--event', 'lat sync', file]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${file} is fio JSON without --output-format=json+: it carries only percentiles, not samples`);
  });
});
