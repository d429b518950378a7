// `waitscope profile --group`, run as a child process on the hand-written
// test/fixtures/scope/grouping.trc. Worked out by hand from its records (response-time.md rules):
// - SQL*Plus: PARSE #5 e=10 (from 1,000,000), waits 100 and 300 inside EXEC #5 (e=700, ends
//   1,000,700), the recursive EXEC #6 (dep 1, ends 1,000,950) with its wait of 50 inside it and no
//   dep 0 call after it in this module: a top-level call (its parent is not in the trace), so that
//   wait is within calls. R = 1,000,950 − 1,000,000 = 950; unaccounted within = (10 − 0) +
//   (700 − 0 − 400) + (100 − 0 − 50) = 360; between = 950 − 450 − 360 = 140.
// - batch: scattered read 2,000 (ends 91,003,000) and sequential read 1,000 (ends 91,004,000),
//   no calls: R = 91,004,000 − 91,001,000 = 3,000.
// - app (session 11.30): one wait of 7: R = 7.
import { describe, expect, it } from 'vitest';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';

interface Json {
  responseTime: { total: number };
  groups: { key: string; responseTime: { total: number; sessions: number; rows: { component: string; total: number }[] } }[];
}

const FILE = fixturePath('scope/grouping.trc');
const totals = (rows: { component: string; total: number }[]) => Object.fromEntries(rows.map((r) => [r.component, r.total]));

describe('profile --group', () => {
  it('gives each module its own response-time profile, largest R first', async () => {
    const run = parseJsonOutput<Json>(await runCli(['profile', '--json', '--group', 'module', FILE]));
    expect(run.groups.map((g) => [g.key, g.responseTime.total])).toEqual([['batch', 3000], ['SQL*Plus', 950], ['app', 7]]);
    expect(totals(run.groups[1]!.responseTime.rows)).toEqual({
      'db file sequential read': 450,
      'unaccounted-for within calls': 360,
      'unaccounted-for between calls': 140,
      'CPU: EXEC dbcalls': 0,
      'CPU: PARSE dbcalls': 0,
    });
    expect(totals(run.groups[0]!.responseTime.rows)).toEqual({ 'db file scattered read [between calls]': 2000, 'db file sequential read [between calls]': 1000, 'unaccounted-for between calls': 0 });
    // The whole profile is there as without --group.
    const plain = parseJsonOutput<Omit<Json, 'groups'>>(await runCli(['profile', '--json', FILE]));
    expect(run.responseTime).toEqual(plain.responseTime);
  });

  it('prints a table per group, and refuses keys and filters it cannot apply', async () => {
    const text = await runCli(['profile', '--group', 'session', FILE]);
    expect(text.stdout).toContain('the response-time profile by session, largest R first');
    // Session 10.20 spans both its modules: 91,004,000 − 1,000,000.
    expect(text.stdout).toMatch(/session .*grouping\.trc 10\.20: R = 90,004,000 µs over 1 session\n/);
    expect(text.stdout).toMatch(/session .*grouping\.trc 11\.30: R = 7 µs over 1 session\n/);
    const sqlid = await runCli(['profile', '--group', 'sqlid', FILE]);
    expect(sqlid.status).toBe(1);
    expect(sqlid.stderr).toContain('profile --group takes session, module, action, client');
    const where = await runCli(['profile', '--where', 'ela > 1', FILE]);
    expect(where.status).toBe(1);
    expect(where.stderr).toContain('profile does not take --where');
  });

  it('profiles each group inside a window: SQL*Plus ended before it', async () => {
    // SQL*Plus's records end by tim 1,000,900, under a second after the 10:00:00 stamp; batch (10:01:30) and app (10:02:00) are inside.
    const run = parseJsonOutput<Json>(await runCli(['profile', '--json', '--group', 'module', '--from', '2024-01-01T10:01:00Z', FILE]));
    expect(run.groups.map((g) => [g.key, g.responseTime.total])).toEqual([
      ['batch', 3000],
      ['app', 7],
    ]);
  });
});
