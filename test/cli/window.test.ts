// --from/--to/--skip-first/--skip-last on the CLI (issue 15 §1, §4), on a hand-written trace whose
// wait times are worked out by hand: the stamp 10:00:00-07:00 is followed first by tim 5,000,000
// (trace-format.md §1: wall = stamp + tim − first tim), and the k-th wait (ela k·100 µs) ends at
// tim 4,000,000 + k·1,000,000, that is at 10:00:00 + (k − 1) s.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-window-'));
function trace(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `Trace file /u01/diag/rdbms/db/DB1/trace/DB1_ora_100.trc\nOracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production\nVersion 19.12.0.0.0\n\n${body}`);
  return file;
}
let body = '*** 2024-03-01T10:00:00.000000-07:00\n';
for (let k = 1; k <= 10; k++) {
  body += `WAIT #0: nam='log file sync' ela= ${k * 100} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${4_000_000 + k * 1_000_000}\n`;
  // A call after each commit, for the profile's window.
  body += `XCTEND rlbk=0, rd_only=0, tim=${4_000_000 + k * 1_000_000 + 10}\n`;
}
const FILE = trace('DB1_ora_100.trc', body);
// Another session on its own clock: first tim 50,000,000 at the same stamp, and waits of k·10 µs
// ending at tim 49,000,000 + k·1,000,000, again at 10:00:00 + (k − 1) s.
let bodyB = '*** 2024-03-01T10:00:00.000000-07:00\n';
for (let k = 1; k <= 10; k++) {
  bodyB += `WAIT #0: nam='log file sync' ela= ${k * 10} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${49_000_000 + k * 1_000_000}\n`;
  bodyB += `XCTEND rlbk=0, rd_only=0, tim=${49_000_000 + k * 1_000_000 + 10}\n`;
}
const FILE_B = trace('DB1_ora_200.trc', bodyB);

async function statsJson(...flags: string[]) {
  const run = await runCli(['stats', '--json', '--workers', '1', ...flags, FILE]);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

describe('stats with a window', () => {
  it('computes the statistics of the waits ending in [from, to), and says what it left out', async () => {
    // Waits 3, 4, 5 end at 10:00:02, :03, :04: the one at :02 is in, the one at :05 is out.
    const s = await statsJson('--from', '2024-03-01T10:00:02', '--to', '2024-03-01T10:00:05');
    expect([s.count, s.min, s.median, s.mean, s.max, s.sum]).toEqual([3, 300, 400, 400, 500, 1200]);
    expect(s.window).toMatchObject({ from: '2024-03-01T10:00:02.000000', to: '2024-03-01T10:00:05.000000', kept: 3, outside: 7, unplaced: 0 });
    expect(s.files[0].count).toBe(3);
  });

  it('takes an offset (an instant) and raw tim edges', async () => {
    // 17:00:07Z is 10:00:07-07:00: waits 8, 9, 10.
    expect((await statsJson('--from', '2024-03-01T17:00:07Z')).sum).toBe(800 + 900 + 1000);
    expect((await statsJson('--from', 'tim:6000000', '--to', 'tim:8000000')).sum).toBe(200 + 300);
  });

  it('skips each session\'s first and last seconds', async () => {
    const s = await statsJson('--skip-first', '2s', '--skip-last', '3s');
    // Span 0..9 s; kept 2..6 s: waits 3..7.
    expect([s.count, s.sum]).toEqual([5, 300 + 400 + 500 + 600 + 700]);
  });

  it('prints the window above the table', async () => {
    const run = await runCli(['stats', '--workers', '1', '--from', '2024-03-01T10:00:08', FILE]);
    expect(run.stdout).toContain('window from 2024-03-01T10:00:08.000000: 2 waits inside, 8 outside');
  });

  it('refuses bad edges, an empty window, and skips on a profile, with a one-line reason', async () => {
    const bad = await runCli(['stats', '--from', 'noon', FILE]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--from takes an ISO-8601 time .* not 'noon'/);
    const empty = await runCli(['stats', '--from', '2024-03-01T10:00:05', '--to', '2024-03-01T10:00:05', FILE]);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('is not before --to');
  });

  it('refuses a skip on every command that profiles, as a usage error, before reading any input', async () => {
    // A path that does not exist: were the command line taken, the run would stop on it instead (status 1, naming it).
    const missing = '/nonexistent/waitscope-window-test.trc';
    const lines = [
      ['profile', '--skip-first', '1s', missing],
      ['statements', '--skip-last', '1s', missing],
      ['compare', '--profile', '--skip-first', '1s', missing, '--vs', missing],
      ['report', '--profile', '--skip-last', '1s', missing, '--vs', missing, '--out', '/nonexistent/report.html'],
    ];
    for (const argv of lines) {
      const run = await runCli(argv);
      expect(run.status, argv.join(' ')).toBe(1);
      expect(run.stderr, argv.join(' ')).toContain('a response-time profile (profile, statements, --profile) takes --from and --to');
      expect(run.stderr, argv.join(' ')).not.toContain('nonexistent');
      expect(run.stdout, argv.join(' ')).toBe('');
    }
    // compare without --profile still takes them.
    const compare = await runCli(['compare', '--workers', '1', '--skip-first', '1s', FILE, '--vs', FILE]);
    expect(compare.status).toBe(0);
  });
});

describe('profile and compare with a window', () => {
  it('profiles only the waits and calls whose tim lies in the window', async () => {
    const run = await runCli(['profile', '--json', '--workers', '1', '--from', '2024-03-01T10:00:07', FILE]);
    expect(run.status).toBe(0);
    const p = JSON.parse(run.stdout);
    expect(p.window.from).toBe('2024-03-01T10:00:07.000000');
    const lfs = p.events.find((e: { event: string }) => e.event === 'log file sync');
    expect([lfs.count, lfs.total]).toEqual([3, 800 + 900 + 1000]);
  });

  it('compares the two sides inside the same window', async () => {
    const run = await runCli(['compare', '--workers', '1', '--from', '2024-03-01T10:00:05', FILE, '--vs', FILE]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('window from 2024-03-01T10:00:05.000000: 5 waits inside, 5 outside');
    const json = JSON.parse((await runCli(['compare', '--json', '--workers', '1', '--from', '2024-03-01T10:00:05', FILE, '--vs', FILE])).stdout);
    for (const d of json.datasets) expect(d.window).toMatchObject({ from: '2024-03-01T10:00:05.000000', kept: 5, outside: 5 });
    // Waits 6..10: ela 600..1000, mean 800.
    expect(json.datasets[0].summary.mean).toBe(800);
  });

  it('compares the response-time profiles inside the window (compare --profile), each side on its own clock', async () => {
    const args = ['compare', '--profile', '--workers', '1', '--from', '2024-03-01T10:00:07', FILE, '--vs', FILE_B];
    const run = await runCli([...args, '--json']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const json = JSON.parse(run.stdout);
    expect(json.window.from).toBe('2024-03-01T10:00:07.000000');
    // Waits 8..10 and their XCTENDs on each side. A: ela 800, 900, 1000; R from wait 8's start
    // (tim 12,000,000 − 800) to the last XCTEND (tim 14,000,010); the whole run's R would be
    // 9,000,110 µs. B: ela 80, 90, 100; R from 57,000,000 − 80 to 59,000,010.
    expect(json.profileComparison.a.total).toBe(14_000_010 - (12_000_000 - 800));
    expect(json.profileComparison.b.total).toBe(59_000_010 - (57_000_000 - 80));
    const lfs = json.profileComparison.components.find((c: { component: string }) => c.component === 'log file sync [between calls]');
    expect([lfs.a.count, lfs.a.total, lfs.b.count, lfs.b.total]).toEqual([3, 2700, 3, 270]);
    const text = await runCli(args);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('window from 2024-03-01T10:00:07.000000: only the calls and waits whose tim lies in it');
  });

  it('says which side the window leaves without response time (compare --profile)', async () => {
    // FILE_B's session a day later: nothing of it lies in the window, and only A has R.
    const later = trace('DB1_ora_201.trc', bodyB.replace('2024-03-01T10', '2024-03-02T10'));
    const run = await runCli(['compare', '--profile', '--workers', '1', '--labels', 'on,off', '--from', '2024-03-01T10:00:07', '--to', '2024-03-01T11:00:00', FILE, '--vs', later]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('off 0 µs (0 sessions)');
    expect(run.stdout).toContain("No answer: off has no response time (no call or wait with a time). The rows below are the other side's alone.");
  });

  it('lists the outliers of the window only, at their own lines', async () => {
    const run = await runCli(['outliers', '--json', '--workers', '1', '--top', '2', '--to', '2024-03-01T10:00:03', FILE]);
    expect(run.status).toBe(0);
    const o = JSON.parse(run.stdout);
    expect(o.window).toMatchObject({ kept: 3, outside: 7 });
    // Waits 1..3 are inside; the largest two are waits 3 and 2, on lines 9 and 7 (the header's 4 lines, the stamp, then wait/XCTEND pairs).
    expect(JSON.stringify(o)).toContain('"ela":300');
    expect(JSON.stringify(o)).not.toContain('"ela":400');
  });
});

describe('groups inside a window', () => {
  // The same clock, with buffer# (p1) = k mod 3 for the k-th wait.
  let grouped = '*** 2024-03-01T10:00:00.000000-07:00\n';
  for (let k = 1; k <= 10; k++) grouped += `WAIT #0: nam='log file sync' ela= ${k * 100} buffer#=${k % 3} sync scn=2 p3=0 obj#=-1 tim=${4_000_000 + k * 1_000_000}\n`;
  const GROUPED = trace('DB1_ora_101.trc', grouped);

  it('tallies a key read from the trace only inside [from, to)', async () => {
    const run = await runCli(['stats', '--json', '--workers', '1', '--group', 'p1', '--from', '2024-03-01T10:00:02', '--to', '2024-03-01T10:00:08', GROUPED]);
    expect(run.stderr).toBe('');
    const s = JSON.parse(run.stdout);
    // Waits 3..8 (ela 300..800): buffer# 0 → 300, 600; 1 → 400, 700; 2 → 500, 800.
    expect(s.groups.map((g: { key: string; count: number; sum: number }) => [g.key, g.count, g.sum])).toEqual([
      ['2', 2, 1300],
      ['1', 2, 1100],
      ['0', 2, 900],
    ]);
    expect([s.count, s.sum]).toEqual([6, 3300]);
  });

  it('groups by session, and by a key read from the trace, after each session\'s skipped start', async () => {
    const s = JSON.parse((await runCli(['stats', '--json', '--workers', '1', '--group', 'session', '--skip-first', '2s', GROUPED])).stdout);
    expect(s.groups).toHaveLength(1);
    expect([s.groups[0].count, s.groups[0].sum]).toEqual([8, 300 + 400 + 500 + 600 + 700 + 800 + 900 + 1000]);
    // Skipping the first 2 s keeps waits 3..10: buffer# 0 → 300, 600, 900; 1 → 400, 700, 1000; 2 → 500, 800.
    const p1 = JSON.parse((await runCli(['stats', '--json', '--workers', '1', '--group', 'p1', '--skip-first', '2s', GROUPED])).stdout);
    expect(p1.groups.map((g: { key: string; count: number; sum: number }) => [g.key, g.count, g.sum])).toEqual([
      ['1', 3, 2100],
      ['0', 3, 1800],
      ['2', 2, 1300],
    ]);
  });

  it('adds its groups up to the count with --where and a skip together', async () => {
    // --where keeps buffer# 1 (waits 1, 4, 7, 10); skipping 2 s of the session's span from its first kept value (wait 1 at 0 s) leaves 4, 7, 10.
    const s = JSON.parse((await runCli(['stats', '--json', '--workers', '1', '--group', 'p1', '--where', 'p1 = 1', '--skip-first', '2s', GROUPED])).stdout);
    expect([s.count, s.sum]).toEqual([3, 400 + 700 + 1000]);
    expect(s.groups.map((g: { key: string; count: number; sum: number }) => [g.key, g.count, g.sum])).toEqual([['1', 3, 2100]]);
  });
});
