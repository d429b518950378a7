// xz-compressed traces through the built CLI (the bundle, its parse workers, the directory walk):
// every command reads them as their plain bytes. test/fixtures/v11g-commit-loop.trc.xz was made
// once with `xz -k` from the plain fixture beside it.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const temp = makeTempDir('cli-xz');
afterAll(() => temp.remove());

/** A command's JSON with each file's name, read size and compression left out: all that may differ between a file and its xz. */
function withoutStorage(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStorage);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'file' || k === 'fileName' || k === 'bytesRead' || k === 'compression' || k === 'name') continue;
    out[k] = withoutStorage(v);
  }
  return out;
}

describe('an xz-compressed trace', () => {
  beforeAll(() => {
    mkdirSync(path.join(temp.dir, 'plain'), { recursive: true });
    mkdirSync(path.join(temp.dir, 'packed'), { recursive: true });
    copyFileSync(fixturePath('v11g-commit-loop.trc'), path.join(temp.dir, 'plain', 'x.trc'));
    // In a directory under a name that says nothing: taken by what its first bytes decompress to.
    copyFileSync(fixturePath('v11g-commit-loop.trc.xz'), path.join(temp.dir, 'packed', 'session.dat'));
  });

  it.each([['stats'], ['profile'], ['statements']])('gives `%s --json` the plain file’s numbers', async (command) => {
    const plain = await runCli([command, '--json', 'plain'], { cwd: temp.dir });
    const packed = await runCli([command, '--json', 'packed'], { cwd: temp.dir });
    expect(packed.status, packed.stderr).toBe(0);
    expect(packed.stderr).toBe(plain.stderr.replaceAll(path.join('plain', 'x.trc'), path.join('packed', 'session.dat')));
    const renamed = plain.stdout.replaceAll(JSON.stringify(path.join('plain', 'x.trc')), JSON.stringify(path.join('packed', 'session.dat')));
    expect(withoutStorage(parseJsonOutput(packed))).toEqual(withoutStorage(parseJsonOutput({ ...plain, stdout: renamed })));
  });

  it('is named xz in the JSON, with its decompressed size', async () => {
    const run = await runCli(['stats', '--json', path.join('packed', 'session.dat')], { cwd: temp.dir });
    const json = parseJsonOutput(run) as unknown as { count: number; files: { compression: string; bytes: number; count: number }[] };
    // test/golden/v11g-commit-loop.json: 10 log file sync waits; the plain fixture has 8,356 bytes.
    expect(json.count).toBe(10);
    expect(json.files[0]).toMatchObject({ compression: 'xz', bytes: 8356, count: 10 });
  });

  it('shows its outliers with context lines, read again from the xz', async () => {
    const run = await runCli(['outliers', '--top', '1', '--context', '1', path.join('packed', 'session.dat')], { cwd: temp.dir });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/WAIT #0: nam='log file sync' ela= \d+/);
  });
});
