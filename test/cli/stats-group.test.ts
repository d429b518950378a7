// `waitscope stats --group/--where`, run as a child process on synthetic traces (one session per
// file) and the hand-written test/fixtures/scope/grouping.trc (answers in test/scope/group-keys.test.ts).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

interface Row {
  key: string;
  count: number;
  min: number | null;
  median: number | null;
  mean: number | null;
  p99: number | null;
  max: number | null;
  sum: number;
}
interface StatsJson extends Omit<Row, 'key'> {
  event: string;
  files: { file: string; count: number }[];
  groups?: Row[];
}

const temp = makeTempDir('stats-group');
const dir = path.join(temp.dir, 'run');
const SESSIONS = 3;

beforeAll(async () => {
  const made = await runCli(['synth', '--preset', 'flash-on', '--sessions', String(SESSIONS), '--commits', '300', '--seed', '5', '--out', dir]);
  expect(made.status, made.stderr).toBe(0);
}, 60_000);
afterAll(() => temp.remove());

async function stats(...args: string[]): Promise<StatsJson> {
  return parseJsonOutput<StatsJson>(await runCli(['stats', '--json', ...args]));
}

describe('stats --group', () => {
  it('adds groups {key, count, min, median, mean, p99, max, sum} and leaves the rest of the JSON as it was', async () => {
    const plain = await stats(dir);
    const grouped = await stats('--group', 'session', dir);
    const { groups, ...rest } = grouped;
    expect(rest).toEqual(plain);
    expect(groups).toHaveLength(SESSIONS);
    for (const g of groups ?? []) expect(Object.keys(g)).toEqual(['key', 'count', 'min', 'median', 'mean', 'p99', 'max', 'sum']);
    // Sorted by total, descending.
    const sums = (groups ?? []).map((g) => g.sum);
    expect(sums).toEqual([...sums].sort((a, b) => b - a));
  });

  it.each(['session', 'file', 'action', 'module', 'sqlid', 'p1', 'obj', 'minute', 'hour', 'instance'])('--group %s: the groups add up to the whole', async (key) => {
    const whole = await stats(dir);
    const { groups } = await stats('--group', key, dir);
    expect(groups?.reduce((n, g) => n + g.count, 0)).toBe(whole.count);
    expect(groups?.reduce((n, g) => n + g.sum, 0)).toBe(whole.sum);
    expect(Math.min(...(groups ?? []).map((g) => g.min ?? Infinity))).toBe(whole.min);
    expect(Math.max(...(groups ?? []).map((g) => g.max ?? -Infinity))).toBe(whole.max);
  });

  it('per-session groups equal each single-session file\'s own statistics (by session and by its action)', async () => {
    const whole = await stats(dir);
    const bySession = (await stats('--group', 'session', dir)).groups ?? [];
    const byAction = (await stats('--group', 'action', dir)).groups ?? [];
    for (const f of whole.files) {
      // Names are relative to the folder's parent ('run/x.trc').
      const own = await stats(path.join(temp.dir, f.file));
      const session = bySession.find((g) => g.key.startsWith(`${f.file} `));
      const expected = { count: own.count, min: own.min, median: own.median, mean: own.mean, p99: own.p99, max: own.max, sum: own.sum };
      expect(session).toEqual({ key: session?.key, ...expected });
      // The synthetic sessions each set ACTION NAME 'session N' (lib/synth/session-writer.ts).
      expect(byAction.filter((g) => g.count === own.count && g.sum === own.sum && g.median === own.median)).toHaveLength(1);
    }
  });

  it('prints a table per group, sorted by total, in labelled µs', async () => {
    const run = await runCli(['stats', '--group', 'p1', fixturePath('scope/grouping.trc'), '--event', 'db file sequential read']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('by p1: 2 groups, sorted by total');
    expect(run.stdout).toMatch(/p1 +waits +min µs +median µs +mean µs +p99 µs +max µs +total µs/);
    // p1 = 5: {50, 1000}; p1 = 4: {7, 100, 300} (worked out in test/scope/group-keys.test.ts).
    expect(run.stdout).toMatch(/\n5 +2 +50\.0 +525\.0 +525\.0 +n\/a +1,000\.0 +1,050\.0\n4 +3 +7\.0 +100\.0 +135\.7 +n\/a +300\.0 +407\.0\n/);
  });
});

describe('stats --where', () => {
  it('filters what is measured: the statistics, the file counts and the groups', async () => {
    const run = await stats('--event', 'db file sequential read', '--where', "ela >= 100 and module = 'SQL*Plus'", '--group', 'sqlid', fixturePath('scope/grouping.trc'));
    expect(run.count).toBe(2);
    expect(run.sum).toBe(400);
    expect(run.median).toBe(200);
    expect(run.files[0]?.count).toBe(2);
    expect(run.groups).toEqual([{ key: 'aaaaaaaaaaaaa', count: 2, min: 100, median: 200, mean: 200, p99: null, max: 300, sum: 400 }]);
  });

  it('says in the table which values it kept', async () => {
    const run = await runCli(['stats', '--event', 'db file sequential read', '--where', 'ela < 1000', fixturePath('scope/grouping.trc')]);
    expect(run.stdout.split('\n')[0]).toBe('only the values where ela < 1000 (--where)');
    // 100, 300, 50 and 7 of the five waits.
    expect(run.stdout).toMatch(/\ncount +4\n/);
  });

  it('keeps everything when it lets everything through', async () => {
    const plain = await stats(dir);
    const all = await stats('--where', 'ela >= 0', dir);
    expect(all).toEqual(plain);
  });

  it('names the position of a syntax error, and a bad key', async () => {
    const bad = await runCli(['stats', '--where', 'ela >> 3', dir]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("--where: expected a number or a 'quoted text' after '>' at position 6:");
    expect(bad.stderr).toContain('  ela >> 3\n       ^');
    const key = await runCli(['stats', '--group', 'Colour!', dir]);
    expect(key.status).toBe(1);
    expect(key.stderr).toContain("--group takes session, file, instance, sqlid, module, action, client, p1, p2, p3, obj, minute, hour, size, or a wait parameter's name");
  });
});
