// The same trace read twice counts its records twice (a DBA review: `profile X X` doubled R and the
// sessions, silently). A file named again is read once, with a note; a copy under another name (the
// same size, first and last 64 KiB) is read, with a note naming both; a file that differs only in
// its middle, or in size, gets no note.
import { copyFileSync, linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInputs } from '../../lib/node/find-inputs';
import { fixturePath, makeTempDir } from '../helpers/cli';

const temp = makeTempDir('duplicate-inputs');

/** A ustar archive of one file (POSIX.1-1988 header: name, mode, sizes in octal, checksum), then two empty blocks. */
function tarOf(name: string, data: Uint8Array): Uint8Array {
  const header = new Uint8Array(512);
  const put = (text: string, at: number) => header.set(new TextEncoder().encode(text), at);
  put(name, 0);
  put('0000644\0', 100);
  put('0000000\0', 108);
  put('0000000\0', 116);
  put(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  put('00000000000\0', 136);
  put('        ', 148);
  put('0', 156);
  put('ustar\u000000', 257);
  put(`${header.reduce((a, b) => a + b, 0).toString(8).padStart(6, '0')}\0 `, 148);
  const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
  body.set(data);
  const out = new Uint8Array(512 + body.length + 1024);
  out.set(header);
  out.set(body, 512);
  return out;
}
afterAll(() => temp.remove());
const p = (...parts: string[]) => path.join(temp.dir, ...parts);

/** 200 KiB of trace: its middle can change while its first and last 64 KiB stay. */
const big = (middle: string) => {
  const line = "WAIT #0: nam='log file sync' ela= 412 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=3\n";
  const half = line.repeat(Math.ceil((100 * 1024) / line.length));
  return `${half}${middle}${half}`;
};

beforeAll(() => {
  mkdirSync(p('dir'), { recursive: true });
  copyFileSync(fixturePath('v11g-commit-loop.trc'), p('a.trc'));
  copyFileSync(fixturePath('v11g-commit-loop.trc'), p('dir', 'copy-of-a.trc'));
  linkSync(p('a.trc'), p('hard-link-to-a.trc'));
  writeFileSync(p('x.trc'), big("WAIT #0: nam='log file sync' ela= 111 p3=0 obj#=-1 tim=4\n"));
  writeFileSync(p('y.trc'), big("WAIT #0: nam='log file sync' ela= 999 p3=0 obj#=-1 tim=4\n"));
  writeFileSync(p('z.trc'), readFileSync(fixturePath('v11g-commit-loop.trc'), 'latin1') + '\n');
});

describe('repeated inputs', () => {
  it('reads a file named twice once, by path or by a hard link to it, and says so', async () => {
    const found = await findInputs([p('a.trc'), p('a.trc'), p('hard-link-to-a.trc')]);
    expect(found.files.map((f) => f.name)).toEqual([p('a.trc')]);
    expect(found.inputNotes).toEqual([`note: ${p('a.trc')} is ${p('a.trc')} again; it was read once`, `note: ${p('hard-link-to-a.trc')} is ${p('a.trc')} again; it was read once`]);
  });

  it('reads an archive named twice once, member by member', async () => {
    const tar = p('t.tar');
    writeFileSync(tar, tarOf('inner.trc', readFileSync(fixturePath('v11g-commit-loop.trc'))));
    const found = await findInputs([tar, tar]);
    expect(found.files.map((f) => f.name)).toEqual([`${tar}:inner.trc`]);
    expect(found.inputNotes).toEqual([`note: ${tar}:inner.trc is ${tar}:inner.trc again; it was read once`]);
  });

  it('reads a copy under another name, in a folder too, and names both', async () => {
    const found = await findInputs([p('a.trc'), p('dir')]);
    expect(found.files.map((f) => f.name)).toEqual([p('a.trc'), path.join('dir', 'copy-of-a.trc')]);
    expect(found.inputNotes).toEqual([`note: ${path.join('dir', 'copy-of-a.trc')} has the same size and the same first and last 64 KiB as ${p('a.trc')}: if one is a copy of the other, its records count twice`]);
    // The pair the note names, so the check after the read (lib/trace/shared-stamps.ts) leaves it to this note.
    expect(found.copyPairs).toEqual([[path.join('dir', 'copy-of-a.trc'), p('a.trc')]]);
  });

  it('says nothing of files of different sizes; names two of the same size and ends though their middles differ (the note says "if")', async () => {
    expect((await findInputs([p('a.trc'), p('z.trc')])).inputNotes).toBeUndefined();
    // The ends are all it reads.
    expect((await findInputs([p('x.trc'), p('y.trc')])).inputNotes).toHaveLength(1);
  });
});
