// findInputs expands the CLI's FILE_OR_DIR arguments: files as given, directories recursively
// (sorted), taking *.trc, *.trc.gz and files whose first bytes look like a trace.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInputs, looksLikeTrace } from '../../lib/node/find-inputs';
import { fixturePath, makeTempDir } from '../helpers/cli';

const temp = makeTempDir('find-inputs');
afterAll(() => temp.remove());

const root = path.join(temp.dir, 'run1');
const p = (...parts: string[]) => path.join(root, ...parts);
const WAIT_LINE = "WAIT #0: nam='log file sync' ela= 412 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=3\n";

beforeAll(() => {
  mkdirSync(p('a', 'deep'), { recursive: true });
  mkdirSync(p('empty'), { recursive: true });
  copyFileSync(fixturePath('v11g-commit-loop.trc'), p('b.trc'));
  copyFileSync(fixturePath('v19c-session.trc'), p('a', 'deep', 'z.trc'));
  writeFileSync(p('a', 'c.TRC'), WAIT_LINE); // the extension is matched without case
  writeFileSync(p('d.trc.gz'), gzipSync(readFileSync(fixturePath('no-banner.trc'))));
  writeFileSync(p('e.log'), `some preamble\n${WAIT_LINE}`); // a trace by content
  writeFileSync(p('f.bin'), gzipSync(readFileSync(fixturePath('trcsess-two-sessions.trc')))); // gzip, a trace inside
  writeFileSync(p('README.md'), '# run 1\n\nWAIT lines are below, not at a line start: WAIT #0: nam=\n');
  writeFileSync(p('g.trc.bak'), 'not a trace\n');
  writeFileSync(p('h.gz'), gzipSync(Buffer.from('just text\n')));
});

describe('findInputs', () => {
  it('walks a directory recursively in sorted order, taking traces by name or by content', async () => {
    const found = await findInputs([root]);
    expect(found.unreadable).toEqual([]);
    // Sorted by name within each directory, a directory's files where the directory sorts:
    // run1: README.md, a/, b.trc, d.trc.gz, e.log, empty/, f.bin, g.trc.bak, h.gz; a: c.TRC, deep/; deep: z.trc.
    expect(found.files.map((f) => f.name)).toEqual([
      path.join('run1', 'a', 'c.TRC'),
      path.join('run1', 'a', 'deep', 'z.trc'),
      path.join('run1', 'b.trc'),
      path.join('run1', 'd.trc.gz'),
      path.join('run1', 'e.log'),
      path.join('run1', 'f.bin'),
    ]);
    expect(found.files.map((f) => f.path)).toEqual([p('a', 'c.TRC'), p('a', 'deep', 'z.trc'), p('b.trc'), p('d.trc.gz'), p('e.log'), p('f.bin')]);
    expect(found.files.map((f) => f.size)).toEqual(found.files.map((f) => readFileSync(f.path).length));
  });

  it('says which files of a directory it leaves out compressed in a format it does not read, and which trace it reads twice', async () => {
    const dir = path.join(temp.dir, 'run2');
    mkdirSync(dir, { recursive: true });
    // By their magic bytes (compression.ts), whatever the rest: zstd, bzip2.
    writeFileSync(path.join(dir, 'x.trc.zst'), Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]));
    writeFileSync(path.join(dir, 'y.dat'), Buffer.from('BZh91AY&SY junk'));
    copyFileSync(fixturePath('v11g-commit-loop.trc'), path.join(dir, 'z.trc'));
    writeFileSync(path.join(dir, 'z.trc.gz'), gzipSync(readFileSync(fixturePath('v11g-commit-loop.trc'))));
    // xz is read: by its name, and under any other name by what its first bytes decompress to.
    copyFileSync(fixturePath('v11g-commit-loop.trc.xz'), path.join(dir, 'z.trc.xz'));
    copyFileSync(fixturePath('v11g-commit-loop.trc.xz'), path.join(dir, 'w.dat'));
    const found = await findInputs([dir]);
    expect(found.files.map((f) => f.name)).toEqual([path.join('run2', 'w.dat'), path.join('run2', 'z.trc'), path.join('run2', 'z.trc.gz'), path.join('run2', 'z.trc.xz')]);
    expect(found.inputNotes).toEqual([
      `note: skipped ${path.join('run2', 'x.trc.zst')}: it is zstd-compressed; waitscope reads plain, gzip and xz traces, so decompress it first (zstd -d ${path.join(dir, 'x.trc.zst')})`,
      `note: skipped ${path.join('run2', 'y.dat')}: it is bzip2-compressed; waitscope reads plain, gzip and xz traces, so decompress it first (bunzip2 -k ${path.join(dir, 'y.dat')})`,
      `note: both ${path.join('run2', 'z.trc')} and ${path.join('run2', 'z.trc.gz')} were read: if one is a copy of the other, its records count twice`,
      `note: both ${path.join('run2', 'z.trc')} and ${path.join('run2', 'z.trc.xz')} were read: if one is a copy of the other, its records count twice`,
      `note: ${path.join('run2', 'z.trc.xz')} has the same size and the same first and last 64 KiB as ${path.join('run2', 'w.dat')}: if one is a copy of the other, its records count twice`,
    ]);
    // The directory of the test above has neither: no notes.
    expect((await findInputs([root])).inputNotes).toBeUndefined();
  });

  it('names files inside a directory given as a relative path from its base name', async () => {
    const rel = path.relative(process.cwd(), p('a'));
    const found = await findInputs([rel]);
    expect(found.files.map((f) => f.name)).toEqual([path.join('a', 'c.TRC'), path.join('a', 'deep', 'z.trc')]);
    expect(found.files.map((f) => f.path)).toEqual([path.join(rel, 'c.TRC'), path.join(rel, 'deep', 'z.trc')]);
  });

  it('takes a file named on the command line as given, trace or not, in argument order', async () => {
    const found = await findInputs([p('g.trc.bak'), p('b.trc'), p('README.md')]);
    expect(found.files.map((f) => f.name)).toEqual([p('g.trc.bak'), p('b.trc'), p('README.md')]);
    expect(found.unreadable).toEqual([]);
  });

  it('finds nothing in an empty directory, without calling it unreadable', async () => {
    expect(await findInputs([p('empty')])).toEqual({ files: [], unreadable: [], copyPairs: [] });
  });

  // Permission errors need a user that chmod can stop: test/cli/inputs.test.ts runs the CLI as one.
  it('lists paths that do not exist or cannot be read, one line each, and keeps the rest', async () => {
    const missing = p('nope.trc');
    const underFile = p('b.trc', 'child.trc'); // a path through a file
    const found = await findInputs([missing, p('b.trc'), underFile]);
    expect(found.files.map((f) => f.path)).toEqual([p('b.trc')]);
    expect(found.unreadable).toHaveLength(2);
    expect(found.unreadable[0]).toBe(`cannot read ${missing}: no such file or directory`);
    expect(found.unreadable[1]).toContain(underFile);
  });
});

describe('looksLikeTrace', () => {
  it('tells traces by their first bytes, unwrapping gzip', async () => {
    expect(await looksLikeTrace(p('e.log'))).toBe(true);
    expect(await looksLikeTrace(p('f.bin'))).toBe(true);
    expect(await looksLikeTrace(p('README.md'))).toBe(false);
    expect(await looksLikeTrace(p('g.trc.bak'))).toBe(false);
    expect(await looksLikeTrace(p('h.gz'))).toBe(false);
    // Every golden fixture the parser calls a trace (outcome parsed or no-event) looks like one.
    for (const name of ['v8i-centiseconds', 'v9i-generic-params', 'v23c-no-space', 'no-banner', 'trcsess-two-sessions', 'level1-no-waits']) {
      expect(await looksLikeTrace(fixturePath(`${name}.trc`)), name).toBe(true);
    }
    expect(await looksLikeTrace(fixturePath('readme-not-a-trace.trc'))).toBe(false);
    expect(await looksLikeTrace(fixturePath('binary-random.trc'))).toBe(false);
  });
});
