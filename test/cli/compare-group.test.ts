// `waitscope compare --group/--where`, run as a child process on two synthetic runs of 2 and 3
// sessions: each side's groups are that side's own `stats --group`, and a group one side lacks is said to be.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

interface Row {
  key: string;
  count: number;
  sum: number;
}
interface Pair {
  key: string;
  a: Row | null;
  b: Row | null;
}

const temp = makeTempDir('compare-group');
const on = path.join(temp.dir, 'on');
const off = path.join(temp.dir, 'off');

beforeAll(async () => {
  for (const [preset, dir, sessions] of [['flash-on', on, '2'], ['flash-off', off, '3']] as const) {
    const made = await runCli(['synth', '--preset', preset, '--sessions', sessions, '--commits', '200', '--out', dir]);
    expect(made.status, made.stderr).toBe(0);
  }
}, 60_000);
afterAll(() => temp.remove());

const statsGroups = async (...args: string[]) => parseJsonOutput<{ groups: Row[]; count: number }>(await runCli(['stats', '--json', ...args]));

describe('compare --group', () => {
  it('puts each side\'s groups side by side, as stats --group gives them, and names the groups only one side has', async () => {
    const run = await runCli(['compare', '--json', '--group', 'action', on, '--vs', off]);
    const report = parseJsonOutput<{ groups: { key: string; labels: string[]; pairs: Pair[] } }>(run);
    expect(report.groups.key).toBe('action');
    expect(report.groups.labels).toEqual(['on', 'off']);
    const a = (await statsGroups('--group', 'action', on)).groups;
    const b = (await statsGroups('--group', 'action', off)).groups;
    for (const p of report.groups.pairs) {
      expect(p.a).toEqual(a.find((r) => r.key === p.key) ?? null);
      expect(p.b).toEqual(b.find((r) => r.key === p.key) ?? null);
    }
    // The synthetic sessions' actions are 'session 0', 'session 1', …: the third is only in off.
    expect(report.groups.pairs.map((p) => [p.key, p.a !== null, p.b !== null])).toContainEqual(['session 2', false, true]);
    expect(report.groups.pairs).toHaveLength(3);
    const text = await runCli(['compare', '--group', 'action', on, '--vs', off]);
    expect(text.stdout).toContain('by action: 3 groups, sorted by total over both sides');
    expect(text.stdout).toContain('only in off: session 2');
  });

  it('--where filters both sides before every statistic', async () => {
    const run = await runCli(['compare', '--json', '--where', 'ela < 1000', on, '--vs', off]);
    const report = parseJsonOutput<{ datasets: { summary: { count: number; max: number } }[] }>(run);
    const a = await statsGroups('--where', 'ela < 1000', on);
    const b = await statsGroups('--where', 'ela < 1000', off);
    expect(report.datasets.map((d) => d.summary.count)).toEqual([a.count, b.count]);
    for (const d of report.datasets) expect(d.summary.max).toBeLessThan(1000);
  });

  it('refuses --group where it does not apply', async () => {
    const run = await runCli(['compare', '--profile', '--group', 'module', on, '--vs', off]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('compare --profile does not take --group or --where');
    const statements = await runCli(['statements', '--group', 'module', on]);
    expect(statements.status).toBe(1);
    expect(statements.stderr).toContain('statements does not take --group');
  });
});
