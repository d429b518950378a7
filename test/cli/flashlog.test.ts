// `waitscope flashlog` and `compare --cell-a/--cell-b` on the book's CellCLI snapshots (issue 16 §4).
// Expected figures by hand: Δ FL_FLASH_FIRST 7,337,931 − 7,318,741 = 19,190, Δ FL_DISK_FIRST
// 33,201,462 − 32,669,310 = 532,152; share 19,190 / 551,342 = 3.5 %, ratio 19,190 / 532,152 = 3.6 %.
import { describe, expect, it } from 'vitest';
import { fixturePath, runCli } from '../helpers/cli';

const cell = (name: string) => fixturePath(`cell/${name}`);

describe('waitscope flashlog', () => {
  it('prints the deltas, the flash-first share of the interval with its definition, and the prevented outliers', async () => {
    const run = await runCli(['flashlog', cell('book-off.txt'), cell('book-on.txt')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^FL_FLASH_FIRST +FLASHLOG +7,318,741 +7,337,931 +\+19,190 +IO requests +cumulative$/m);
    expect(run.stdout).toMatch(/^FL_DISK_FIRST +FLASHLOG +32,669,310 +33,201,462 +\+532,152 +IO requests +cumulative$/m);
    expect(run.stdout).toMatch(/^interval \(Δ\) +19,190 +532,152 +3\.5 % +3\.6 %$/m);
    expect(run.stdout).toMatch(/^before \(totals\) +7,318,741 +32,669,310 +18\.3 % +22\.4 %$/m);
    expect(run.stdout).toContain('flash-first share = FL_FLASH_FIRST / (FL_FLASH_FIRST + FL_DISK_FIRST)');
    expect(run.stdout).toContain('FL_PREVENTED_OUTLIERS: 774,146 before, 774,146 after, +0 in the interval');
    // A rate gets no delta.
    expect(run.stdout).toMatch(/^FL_IO_DB_BY_W_SEC +FLASHLOG +0 +1\.843 +— +MB\/sec +rate$/m);
  });

  it('--json carries the same figures as numbers', async () => {
    const run = await runCli(['flashlog', '--json', cell('dcli-off.txt'), cell('dcli-on.txt')]);
    expect(run.status).toBe(0);
    const s = JSON.parse(run.stdout);
    expect(s.cells).toEqual(['cel01', 'cel02']);
    expect(s.races.interval).toMatchObject({ flashFirst: 19190, diskFirst: 532152 });
    expect(s.races.interval.share).toBeCloseTo(0.034806, 6);
    expect(s.unknownNames).toEqual(['FL_NEW_COUNTER']);
  });

  it('a cell restart between the snapshots (after before before) is a specific error, status 1', async () => {
    const run = await runCli(['flashlog', cell('book-on.txt'), cell('book-off.txt')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/book-off\.txt line 4: FL_DISK_FIRST \(FLASHLOG\) fell from/);
    expect(run.stderr).toContain('fell from 33,201,462');
    expect(run.stderr).toContain('a restart resets the counters');
  });

  it('a trace given as a snapshot: not CellCLI output, with its line', async () => {
    const run = await runCli(['flashlog', fixturePath('v11g-commit-loop.trc')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/v11g-commit-loop\.trc line 1: not CellCLI output/);
  });

  it('three files are a usage error', async () => {
    const run = await runCli(['flashlog', cell('book-off.txt'), cell('book-on.txt'), cell('history.txt')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('give one CellCLI snapshot, or a before and an after (two files), not 3');
  });
});

describe('compare with the cells’ metrics', () => {
  const traces = ['--labels', 'flash-on,flash-off', fixturePath('v11g-commit-loop.trc'), '--vs', fixturePath('v19c-session.trc')];

  it('prints the flash-first share beside the mean latency of each side', async () => {
    const run = await runCli(['compare', '--cell-a', `${cell('book-off.txt')},${cell('book-on.txt')}`, ...traces]);
    expect(run.status).toBe(0);
    const section = run.stdout.slice(run.stdout.indexOf('Cell flash log beside the latency'));
    expect(section).toMatch(/^ +flash-on +flash-off$/m);
    expect(section).toMatch(/^mean log file sync \(µs\) +[\d,.]+ +[\d,.]+$/m);
    expect(section).toMatch(/^flash-first share +3\.5 % +—$/m);
    expect(section).toMatch(/^FL_FLASH_FIRST \/ FL_DISK_FIRST +3\.6 % +—$/m);
    expect(section).toMatch(/^FL_PREVENTED_OUTLIERS +\+0 +—$/m);
  });

  it('--json adds cellFlashLog, and only when asked', async () => {
    const withCells = JSON.parse((await runCli(['compare', '--json', '--cell-b', cell('history.txt'), ...traces])).stdout);
    expect(withCells.cellFlashLog.a).toBeNull();
    expect(withCells.cellFlashLog.b.races.interval).toMatchObject({ flashFirst: 19190, diskFirst: 532152 });
    const without = JSON.parse((await runCli(['compare', '--json', ...traces])).stdout);
    expect(without).not.toHaveProperty('cellFlashLog');
  });

  it('refuses --cell-a with --format csv, and three files', async () => {
    expect((await runCli(['compare', '--format', 'csv', '--cell-a', cell('book-off.txt'), ...traces])).stderr).toContain('not --format csv');
    const three = await runCli(['compare', '--cell-a', `${cell('book-off.txt')},${cell('book-on.txt')},${cell('history.txt')}`, ...traces]);
    expect(three.status).toBe(1);
    expect(three.stderr).toContain('--cell-a takes one CellCLI snapshot file or a before,after pair');
  });
});
