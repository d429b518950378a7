// `waitscope profile`: every event's count, total, mean, min and max, sorted by total. Expected
// rows come from the `profile` of the golden JSON (the generator's ground truth).
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Golden } from '../../lib/synth/golden';
import { expectRelClose } from '../stats/expect-close';
import path from 'node:path';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const golden = (name: string) => JSON.parse(readFileSync(new URL(`../golden/${name}.json`, import.meta.url), 'utf8')) as Golden;

interface ProfileJson {
  unit: string;
  files: string[];
  events: { event: string; count: number; total: number; min: number; max: number; mean: number }[];
}

/** Golden profile rows, summed over files, sorted by total descending (ties by name). */
function expectedRows(names: string[]) {
  const rows = new Map<string, { event: string; count: number; total: number; min: number; max: number }>();
  for (const n of names) {
    for (const [event, r] of Object.entries(golden(n).profile)) {
      const row = rows.get(event) ?? { event, count: 0, total: 0, min: Infinity, max: -Infinity };
      rows.set(event, { event, count: row.count + r.count, total: row.total + r.total, min: Math.min(row.min, r.min), max: Math.max(row.max, r.max) });
    }
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || (a.event < b.event ? -1 : 1));
}

const num = (s: string) => Number(s.replace(/,/g, ''));

describe('waitscope profile', () => {
  it('prints every event sorted by total with count, total, %, mean, min and max', async () => {
    const run = await runCli(['profile', fixturePath('v11g-commit-loop.trc')]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    // The event table is the last section, after the response-time profile and the calls.
    const all = run.stdout.split('\n');
    const lines = all.slice(all.findIndex((l) => l.startsWith('wait events by total time')));
    expect(lines.length).toBeLessThan(all.length);
    const header = lines.find((l) => l.startsWith('event'));
    expect(header).toMatch(/^event\s+count\s+total µs\s+%\s+mean µs\s+min µs\s+max µs$/);
    const rowRe = /^(.+?)\s{2,}([\d,]+)\s+([\d,]+)\s+([\d.]+)\s+([\d,]+\.\d)\s+([\d,]+)\s+([\d,]+)$/;
    const parsed = lines
      .map((l) => rowRe.exec(l))
      .filter((m): m is RegExpExecArray => m !== null && m[1] !== 'total')
      .map((m) => ({ event: m[1] as string, count: num(m[2] as string), total: num(m[3] as string), pct: Number(m[4]), mean: num(m[5] as string), min: num(m[6] as string), max: num(m[7] as string) }));
    const expected = expectedRows(['v11g-commit-loop']);
    expect(parsed.map(({ event, count, total, min, max }) => ({ event, count, total, min, max }))).toEqual(expected);
    const grand = expected.reduce((t, r) => t + r.total, 0);
    parsed.forEach((p, i) => {
      const e = expected[i] as (typeof expected)[number];
      expect(p.mean, e.event).toBeCloseTo(e.total / e.count, 1);
      expect(p.pct, e.event).toBeCloseTo((100 * e.total) / grand, 1);
    });
    const totalLine = lines.find((l) => l.startsWith('total'));
    expect(totalLine?.split(/\s{2,}/).slice(1, 4).map(num)).toEqual([expected.reduce((n, r) => n + r.count, 0), grand, 100]);
  });

  it('--json gives the same rows with their mean, in µs', async () => {
    const names = ['v11g-commit-loop', 'v19c-session'];
    const run = await runCli(['profile', '--json', ...names.map((n) => fixturePath(`${n}.trc`))]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<ProfileJson>(run);
    expect(json.unit).toBe('us');
    expect(json.files).toEqual(names.map((n) => fixturePath(`${n}.trc`)));
    const expected = expectedRows(names);
    expect(json.events.map(({ mean: _mean, ...row }) => row)).toEqual(expected);
    json.events.forEach((r) => expectRelClose(r.mean, r.total / r.count, 1e-12));
  });

  it('includes events of a trace that lacks the default event', async () => {
    const run = await runCli(['profile', '--json', fixturePath('no-log-file-sync.trc')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<ProfileJson>(run);
    expect(json.events.map(({ mean: _mean, ...row }) => row)).toEqual(expectedRows(['no-log-file-sync']));
  });
});

describe('waitscope profile warnings', () => {
  const temp = makeTempDir('profile-warnings');
  afterAll(() => temp.remove());

  it("does not tell, file by file, that a trace has no 'log file sync' waits: a profile reads every event", async () => {
    const run = await runCli(['profile', fixturePath('no-log-file-sync.trc')]);
    expect(run.status).toBe(0);
    expect(run.stderr).not.toContain("'log file sync'");
    // stats, which measures that event, still says so; and report --profile, which compares it.
    expect((await runCli(['stats', fixturePath('no-log-file-sync.trc')])).stderr).toContain("has no 'log file sync' waits");
    const out = path.join(temp.dir, 'r.html');
    const report = await runCli(['report', '--profile', fixturePath('no-log-file-sync.trc'), '--vs', fixturePath('no-log-file-sync.trc'), '--out', out]);
    expect(report.stderr).toContain("has no 'log file sync' waits");
    const compare = await runCli(['compare', '--profile', fixturePath('no-log-file-sync.trc'), '--vs', fixturePath('no-log-file-sync.trc')]);
    expect(compare.status).toBe(0);
    expect(compare.stderr).not.toContain("'log file sync'");
  });

  it('tells that a trace has no WAIT lines at all, and what that leaves of its profile', async () => {
    const run = await runCli(['profile', fixturePath('level1-no-waits.trc')]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^warning: .*level1-no-waits\.trc has no WAIT lines: .*level 1.*CPU and unaccounted-for time only/m);
    expect(run.stderr).not.toContain("'log file sync'");
  });

  it('says a window that holds nothing leaves no response time, and compare --profile counts one session as one', async () => {
    const empty = await runCli(['profile', '--from', '2030-01-01T00:00:00', fixturePath('v11g-commit-loop.trc')]);
    expect(empty.stdout).toContain('no database call or WAIT line with a tim lies in the window: there is no response time to profile');
    // Nor is the trace said to have been traced without waits, or to lack WAITs in the window: it
    // has log file sync (the window's first pass scans for the command's event, load-dataset.ts).
    expect(empty.stderr).not.toContain('level 1');
    expect(empty.stderr).toBe('');
    const compare = await runCli(['compare', '--profile', fixturePath('v11g-commit-loop.trc'), '--vs', fixturePath('v11g-commit-loop.trc')]);
    expect(compare.stdout.split('\n')[1]).toMatch(/µs \(1 session\), .* µs \(1 session\); Δ 0 µs/);
  });
});
