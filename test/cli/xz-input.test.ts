// xz-compressed traces through the built CLI (the bundle, its parse workers, the directory walk):
// every command reads them as their plain bytes. test/fixtures/v11g-commit-loop.trc.xz was made
// once with `xz -k` from the plain fixture beside it.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import xzDecompress from 'xz-decompress';
import { generateStraceLog } from '../../lib/synth/strace-log';
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

/** Bytes decompressed by xz-decompress itself, not through lib/trace: the fixtures' provenance. */
async function unxzDirect(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return new Response(new xzDecompress.XzReadableStream(new Blob([bytes]).stream())).text();
}

describe('other xz inputs', () => {
  it('reads strace output compressed with xz, told by its decompressed content', async () => {
    // test/fixtures/xz/redo-strace.xz: `xz -k` of this generator's text (seed 'xz-strace'), checked below.
    const log = generateStraceLog({ pids: [3101, 3102], syncsPerPid: 40, times: 'tt', pidStyle: 'bracket', seed: 'xz-strace' });
    const stored = new Uint8Array(readFileSync(fixturePath('xz/redo-strace.xz')));
    expect(await unxzDirect(stored)).toBe(log.text);
    const syncs = log.calls.filter((c) => c.name === 'fdatasync').map((c) => c.micros);
    const run = await runCli(['stats', '--json', '--event', 'fdatasync', fixturePath('xz/redo-strace.xz')]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput(run) as unknown as { count: number; min: number; max: number; sum: number };
    expect(json.count).toBe(80);
    expect([json.min, json.max]).toEqual([Math.min(...syncs), Math.max(...syncs)]);
  });

  it('reads a tar.xz as its members, and names a member cut short before its first byte', async () => {
    // test/fixtures/xz/two-traces.tar.xz: `tar -cf - logs | xz` of logs/a.trc (v11g-commit-loop.trc) and logs/b.trc (v19c-session.trc).
    const stored = new Uint8Array(readFileSync(fixturePath('xz/two-traces.tar.xz')));
    const run = await runCli(['stats', '--json', fixturePath('xz/two-traces.tar.xz')]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput(run) as unknown as { count: number; files: { file: string; count: number }[] };
    // test/golden: 10 and 9 log file sync waits.
    expect(json.files.map((f) => [f.file, f.count])).toEqual([[`${fixturePath('xz/two-traces.tar.xz')}:logs/a.trc`, 10], [`${fixturePath('xz/two-traces.tar.xz')}:logs/b.trc`, 9]]);
    expect(json.count).toBe(19);
    const cut = path.join(temp.dir, 'cut.tar.xz');
    writeFileSync(cut, stored.subarray(0, stored.length - 200));
    const cutRun = await runCli(['stats', '--json', cut]);
    expect(cutRun.stderr).toMatch(/cut\.tar\.xz:logs\/b\.trc: the member ends after [\d,]+ of [\d,]+ bytes \(the archive is cut short\)/);
  });
});
