// What the CLI reads: directories (recursively), gzip by content, files that are not traces,
// unreadable paths. Sample counts are the golden files' `count` (test/golden/*.json).
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, makeTempDir, parseJsonOutput, runCli, UNPRIVILEGED } from '../helpers/cli';

interface StatsJson {
  count: number;
  sum: number;
  files: { file: string; outcome: string; count: number; compression: string }[];
}

// From test/golden/*.json: `count` and the sum of `samples[].ela` (log file sync).
const GOLDEN = {
  'v11g-commit-loop': { count: 10, sum: 4893 },
  'v19c-session': { count: 9 },
  'trcsess-two-sessions': { count: 16, sum: 12_166 },
} as const;

const temp = makeTempDir('cli-inputs');
afterAll(() => temp.remove());

describe('a directory input', () => {
  const root = path.join(temp.dir, 'traces');
  beforeAll(() => {
    mkdirSync(path.join(root, 'a'), { recursive: true });
    mkdirSync(path.join(root, 'b/c'), { recursive: true });
    copyFileSync(fixturePath('v11g-commit-loop.trc'), path.join(root, 'a/x.trc'));
    writeFileSync(path.join(root, 'b/c/y.trc.gz'), gzipSync(readFileSync(fixturePath('v19c-session.trc'))));
    // A trace by content, whatever its name.
    copyFileSync(fixturePath('trcsess-two-sessions.trc'), path.join(root, 'notes.txt'));
    // Not a trace, and not named like one: never read.
    copyFileSync(fixturePath('readme-not-a-trace.trc'), path.join(root, 'README'));
    writeFileSync(path.join(root, 'b/data.csv'), 'a,b\n1,2\n');
  });

  it('is read recursively, in sorted order, taking *.trc, *.trc.gz and files that look like traces', async () => {
    const run = await runCli(['stats', '--json', 'traces'], { cwd: temp.dir });
    expect(run.status).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.files.map((f) => f.file)).toEqual([
      path.join('traces', 'a', 'x.trc'),
      path.join('traces', 'b', 'c', 'y.trc.gz'),
      path.join('traces', 'notes.txt'),
    ]);
    expect(json.files.map((f) => f.count)).toEqual([GOLDEN['v11g-commit-loop'].count, GOLDEN['v19c-session'].count, GOLDEN['trcsess-two-sessions'].count]);
    expect(json.files.map((f) => f.compression)).toEqual(['none', 'gzip', 'none']);
    expect(json.count).toBe(10 + 9 + 16);
    // README and data.csv were not taken, so nothing warns about them.
    expect(run.stderr).not.toMatch(/README|data\.csv/);
  });

  it('gives exit status 2 with one line of reason when it holds no trace', async () => {
    const empty = path.join(temp.dir, 'no-traces');
    mkdirSync(empty, { recursive: true });
    writeFileSync(path.join(empty, 'README.md'), '# nothing here\n');
    const run = await runCli(['stats', empty]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('no trace files found');
    expect(run.stderr).toContain(empty);
  });
});

describe('compression is told by content, not by name', () => {
  it('reads a plain file named x.trc.gz and a gzip file named y.trc', async () => {
    const plainAsGz = path.join(temp.dir, 'x.trc.gz');
    const gzAsPlain = path.join(temp.dir, 'y.trc');
    copyFileSync(fixturePath('v11g-commit-loop.trc'), plainAsGz);
    writeFileSync(gzAsPlain, gzipSync(readFileSync(fixturePath('trcsess-two-sessions.trc'))));
    const run = await runCli(['stats', '--json', plainAsGz, gzAsPlain]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.files.map((f) => [f.file, f.compression, f.count])).toEqual([
      [plainAsGz, 'none', 10],
      [gzAsPlain, 'gzip', 16],
    ]);
    expect(json.sum).toBe(GOLDEN['v11g-commit-loop'].sum + GOLDEN['trcsess-two-sessions'].sum);
  });
});

describe('inputs that are not traces', () => {
  it('names a non-trace file given on the command line on stderr and skips it', async () => {
    const run = await runCli(['stats', '--json', fixturePath('readme-not-a-trace.trc'), fixturePath('v11g-commit-loop.trc')]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^warning: skipped .*readme-not-a-trace\.trc is not an Oracle trace/m);
    const json = parseJsonOutput<StatsJson>(run);
    expect(json.files.map((f) => f.file)).toEqual([fixturePath('v11g-commit-loop.trc')]);
    expect(json.count).toBe(10);
  });

  it('exits with status 2 and a one-line reason when no input is a trace', async () => {
    const run = await runCli(['stats', fixturePath('readme-not-a-trace.trc'), fixturePath('binary-random.trc')]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    // One warning per skipped file, then exactly one closing reason.
    expect(lines.filter((l) => l.startsWith('warning: skipped'))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('waitscope:'))).toEqual(['waitscope: none of the 2 inputs could be read as a trace; nothing to compute']);
    expect(lines.at(-1)).toMatch(/^waitscope: /);
  });

  it('says so for a single non-trace', async () => {
    const run = await runCli(['stats', fixturePath('empty.trc')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/empty\.trc is empty/);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(`waitscope: ${fixturePath('empty.trc')} could not be read as a trace; nothing to compute`);
  });
});

describe('unreadable inputs', () => {
  it('stops with a non-zero status naming a path that does not exist', async () => {
    const missing = path.join(temp.dir, 'no-such-dir', 'nothing.trc');
    const run = await runCli(['stats', fixturePath('v11g-commit-loop.trc'), missing]);
    expect(run.status).not.toBe(0);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(missing);
    expect(run.stderr).toContain('no such file or directory');
  });

  it('stops naming a dangling symbolic link given on the command line', async () => {
    const link = path.join(temp.dir, 'dangling.trc');
    symlinkSync(path.join(temp.dir, 'gone.trc'), link);
    const run = await runCli(['profile', link]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(link);
  });

  describe('without permission to read', () => {
    // Run as a user chmod applies to (UNPRIVILEGED), in a tree that user may enter.
    const base = path.join(temp.dir, 'perm');
    const locked = path.join(base, 'locked');
    const secret = path.join(base, 'secret.trc');
    beforeAll(() => {
      mkdirSync(locked, { recursive: true });
      copyFileSync(fixturePath('v11g-commit-loop.trc'), path.join(locked, 'x.trc'));
      copyFileSync(fixturePath('v11g-commit-loop.trc'), secret);
      chmodSync(temp.dir, 0o755);
      chmodSync(base, 0o755);
      chmodSync(locked, 0o000);
      chmodSync(secret, 0o000);
    });
    afterAll(() => {
      chmodSync(locked, 0o755);
      chmodSync(secret, 0o644);
    });

    it('stops with status 1 naming a directory it may not read', async () => {
      const run = await runCli(['stats', locked], { as: UNPRIVILEGED });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`waitscope: cannot read directory ${locked}: permission denied\n`);
    });

    it('stops with status 1 and one line naming a file it may not read', async () => {
      const run = await runCli(['stats', secret, fixturePath('v11g-commit-loop.trc')], { as: UNPRIVILEGED });
      expect(run.stdout).toBe('');
      // Like a missing path (above): an expected failure, so one line and exit status 1, no stack trace.
      expect(run.stderr).toBe(`waitscope: cannot read ${secret}: permission denied\n`);
      expect(run.status).toBe(1);
    });

    it('stops with status 1 naming an unreadable *.trc inside a directory', async () => {
      // `secret.trc` is taken by its name, without being opened, while the directory is walked.
      const dir = path.join(base, 'tree');
      mkdirSync(dir, { recursive: true });
      chmodSync(dir, 0o755);
      copyFileSync(fixturePath('v11g-commit-loop.trc'), path.join(dir, 'ok.trc'));
      copyFileSync(fixturePath('v11g-commit-loop.trc'), path.join(dir, 'secret.trc'));
      chmodSync(path.join(dir, 'secret.trc'), 0o000);
      const run = await runCli(['stats', dir], { as: UNPRIVILEGED });
      expect(run.stderr).not.toContain('internal error');
      expect(run.stderr).toBe(`waitscope: cannot read ${path.join(dir, 'secret.trc')}: permission denied\n`);
      expect(run.status).toBe(1);
    });
  });
});
