// `waitscope synth`, run as a child process (the bundled CLI), then read back by `waitscope stats`.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const SMALL = ['--sessions', '2', '--commits', '5000'];
// pid = 20,000 + 37·session, as the commit-loop generator writes it into the header.
const FILES = ['flash-off_ora_20000.trc', 'flash-off_ora_20037.trc'];

function contents(dir: string): string[] {
  return FILES.map((f) => readFileSync(path.join(dir, f), 'latin1'));
}

describe('waitscope synth', () => {
  const temp = makeTempDir('synth-cli');
  const a = path.join(temp.dir, 'a');
  const again = path.join(temp.dir, 'again');
  const other = path.join(temp.dir, 'other');
  let first: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    first = await runCli(['synth', '--preset', 'flash-off', ...SMALL, '--seed', '7', '--out', a]);
  });
  afterAll(() => temp.remove());

  it('writes one 11.2 trace per session and says what it wrote', () => {
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(readdirSync(a).sort()).toEqual(FILES);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    FILES.forEach((f, i) => {
      const bytes = statSync(path.join(a, f)).size;
      expect(lines[i]).toBe(`${path.join(a, f)}  5,000 waits  ${bytes.toLocaleString('en-US')} bytes`);
    });
    const total = FILES.reduce((n, f) => n + statSync(path.join(a, f)).size, 0);
    expect(lines[2]).toMatch(new RegExp(`^wrote 2 files to ${a}: 10,000 'log file sync' waits \\(preset flash-off, seed 7\\), ${total.toLocaleString('en-US')} bytes, in \\d+\\.\\d s$`));
    const [head0, head1] = contents(a).map((t) => t.slice(0, 2000));
    expect(head0).toMatch(/^Oracle Database 11g Enterprise Edition Release 11\.2\.0\.4\.0/m);
    expect(head0).toMatch(/^Unix process pid: 20000, /m);
    expect(head1).toMatch(/^Unix process pid: 20037, /m);
  });

  it('is read back by `waitscope stats --json` as 10,000 waits with the pinned extremes', async () => {
    const run = await runCli(['stats', '--json', a]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ count: number; min: number; max: number; files: { count: number; warnings: unknown[] }[] }>(run);
    expect(json.count).toBe(10_000);
    expect(json.files.map((f) => [f.count, f.warnings.length])).toEqual([
      [5000, 0],
      [5000, 0],
    ]);
    // Table 15.1, flash logging off: min 1.0, max 291,800 µs.
    expect([json.min, json.max]).toEqual([1, 291_800]);
  });

  it('reproduces the files byte for byte with the same seed, and changes the values with another', async () => {
    const same = await runCli(['synth', '--preset', 'flash-off', ...SMALL, '--seed', '7', '--out', again]);
    const diff = await runCli(['synth', '--preset', 'flash-off', ...SMALL, '--seed', '8', '--out', other]);
    expect([same.status, diff.status]).toEqual([0, 0]);
    expect(contents(again)).toEqual(contents(a));
    const syncs = (text: string) => [...text.matchAll(/^WAIT #0: nam='log file sync' ela= (\d+) /gm)].map((m) => Number(m[1]));
    const [a0, a1] = contents(a).map(syncs);
    const [o0, o1] = contents(other).map(syncs);
    expect([a0?.length, a1?.length, o0?.length, o1?.length]).toEqual([5000, 5000, 5000, 5000]);
    expect(o0).not.toEqual(a0);
    expect(o1).not.toEqual(a1);
    // …and the two sessions of one run are not copies of each other.
    expect(a1).not.toEqual(a0);
  });

  it('shows its usage, with the book design as defaults (20 sessions × 200,000 commits)', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout).toMatch(/waitscope synth +--preset flash-on\|flash-off --out DIR \[--sessions 20\] \[--commits 200000\] \[--seed 1\]/);
  });

  const blocker = path.join(temp.dir, 'a-file');
  it.each([
    ['no --preset', ['--out', 'x'], 'synth needs --preset flash-on|flash-off'],
    ['an unknown preset', ['--preset', 'flash', '--out', 'x'], "--preset must be flash-on or flash-off, not 'flash'"],
    ['no --out', ['--preset', 'flash-on'], 'synth needs --out DIR'],
    ['--sessions 0', ['--preset', 'flash-on', '--sessions', '0', '--out', 'x'], "--sessions must be a whole number from 1 to 1,000, not '0'"],
    ['--commits 2', ['--preset', 'flash-on', '--commits', '2', '--out', 'x'], "--commits must be a whole number from 3 to"],
    ['--commits 1e5', ['--preset', 'flash-on', '--commits', '1e5', '--out', 'x'], "not '1e5'"],
    ['--seed -1', ['--preset', 'flash-on', '--seed=-1', '--out', 'x'], "--seed must be a whole number from 0 to"],
    ['an unknown option', ['--preset', 'flash-on', '--bogus', '--out', 'x'], '--bogus'],
    ['a positional argument', ['--preset', 'flash-on', 'x'], "synth takes no positional arguments (got 'x')"],
  ])('%s exits with status 1 and a one-line reason', async (_label, args, reason) => {
    const run = await runCli(['synth', ...args], { cwd: temp.dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const [line, ...rest] = run.stderr.split('\n');
    expect(line).toMatch(/^waitscope: /);
    expect(line).toContain(reason);
    expect(rest.join('\n')).toMatch(/^usage:\n/);
    expect(readdirSync(temp.dir)).not.toContain('x');
  });

  it('exits with status 1 and one line when --out is a file', async () => {
    writeFileSync(blocker, 'not a directory\n');
    const run = await runCli(['synth', '--preset', 'flash-on', ...SMALL, '--out', blocker]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`waitscope: cannot write to --out ${blocker}: not a directory\n`);
  });
});
