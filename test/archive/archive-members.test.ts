// lib/archive on its own: formats told by their bytes, the expansion limit (lowered here through
// the limits option), a damaged deflate member, and zip no longer refused as a trace compression.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../../lib/archive/archive-error';
import { coalesce } from '../../lib/archive/archive-entry';
import { archiveFormatOf, listArchive, openMember } from '../../lib/archive/archive-members';
import { blobAccess } from '../../lib/archive/random-access';
import { sniffCompression } from '../../lib/trace/compression';
import { parseTrace } from '../../lib/trace/parse-trace';
import { fixturePath } from '../helpers/cli';
import { buildTar, buildTarGz, buildZip, gzip } from './build-archives';

const text = (s: string) => new TextEncoder().encode(s);
const trace = text("*** 2024-01-01 00:00:00.000\nWAIT #1: nam='log file sync' ela= 5 p1=0 p2=0 p3=0 obj#=-1 tim=1\n");
const access = (bytes: Uint8Array<ArrayBuffer>) => blobAccess(new Blob([bytes]));
async function read(source: AsyncIterable<Uint8Array>): Promise<string> {
  let out = '';
  for await (const chunk of source) out += new TextDecoder().decode(chunk);
  return out;
}

describe('lib/archive', () => {
  it('tells zip, tar and tar.gz by their bytes, and a gzipped trace or a trace from all of them', async () => {
    const m = [{ path: 'x.trc', bytes: trace }];
    expect(await archiveFormatOf(access(await buildZip(m)))).toBe('zip');
    expect(await archiveFormatOf(access(await buildTar(m)))).toBe('tar');
    expect(await archiveFormatOf(access(await buildTarGz(m)))).toBe('tar.gz');
    expect(await archiveFormatOf(access(gzip(trace)))).toBeNull();
    expect(await archiveFormatOf(access(new Uint8Array(trace)))).toBeNull();
  });

  it('no longer refuses zip as a compression of one trace (lib/archive reads it)', async () => {
    const zip = await buildZip([{ path: 'x.trc', bytes: trace }]);
    expect(sniffCompression(zip.subarray(0, 6))).toEqual({ kind: 'none' });
  });

  it('takes traces by name or content, counts the rest, and reads each member back', async () => {
    const zip = await buildZip([
      { path: 'a/x.trc', bytes: trace },
      { path: 'a/named.log', bytes: trace }, // a trace by its content
      { path: 'a/x.trc.gz', bytes: gzip(trace) },
      { path: 'notes.txt', bytes: text('hello\n') },
    ]);
    const a = access(zip);
    const listing = await listArchive(a, 'b.zip', 'zip');
    expect(listing.members.map((m) => m.name)).toEqual(['b.zip:a/x.trc', 'b.zip:a/named.log', 'b.zip:a/x.trc.gz']);
    expect(listing.skipped).toBe(1);
    expect(listing.problems).toEqual([]);
    expect(await read(openMember(a, listing.members[1]!.locator))).toBe(new TextDecoder().decode(trace));
  });

  it('takes xz members by name (*.trc.xz) or by what their first bytes decompress to, and a parse reads them', async () => {
    // test/fixtures/v11g-commit-loop.trc.xz, made once with `xz -k` from the plain fixture beside it.
    const xz = new Uint8Array(readFileSync(fixturePath('v11g-commit-loop.trc.xz')));
    const plain = new Uint8Array(readFileSync(fixturePath('v11g-commit-loop.trc')));
    const zip = await buildZip([
      { path: 'x.trc.xz', bytes: xz },
      { path: 'session.bin', bytes: xz }, // a trace by its decompressed content
      { path: 'other.bin', bytes: gzip(text('hello\n')) }, // compressed, and no trace
    ]);
    const a = access(zip);
    const listing = await listArchive(a, 'b.zip', 'zip');
    expect(listing.members.map((m) => m.name)).toEqual(['b.zip:x.trc.xz', 'b.zip:session.bin']);
    expect(listing.skipped).toBe(1);
    const r = await parseTrace(openMember(a, listing.members[1]!.locator), { fileName: 'b.zip:session.bin', fileIndex: 0 });
    const p = await parseTrace((async function* () { yield plain; })(), { fileName: 'x', fileIndex: 0 });
    expect(r.compression).toBe('xz');
    expect(r.outcome).toEqual({ kind: 'parsed' });
    expect(r.profile).toEqual(p.profile);
  });

  it('stops a member that expands past the limit (lowered for the test), naming it', async () => {
    const big = new Uint8Array(1 << 20).fill(0x41); // 1 MiB of one byte: deflates > 500-fold
    const zip = await buildZip([{ path: 'big.trc', bytes: big }]);
    const a = access(zip);
    const [member] = (await listArchive(a, 'bomb.zip', 'zip')).members;
    const limits = { maxExpansionRatio: 50, expansionJudgedAfter: 64 << 10 };
    await expect(read(openMember(a, member!.locator, limits))).rejects.toThrow(/^bomb\.zip:big\.trc: stopped as a zip bomb: it expanded more than 50× its compressed size/);
    // Under the default limit (200×, judged after 16 MiB) the same 1 MiB member is read whole.
    expect((await read(openMember(a, member!.locator))).length).toBe(1 << 20);
  });

  it('a tar.gz member expanding past the limit is stopped too', async () => {
    const tgz = await buildTarGz([{ path: 'big.trc', bytes: new Uint8Array(1 << 20).fill(0x41) }]);
    const a = access(tgz);
    const [member] = (await listArchive(a, 'bomb.tgz', 'tar.gz')).members;
    await expect(read(openMember(a, member!.locator, { maxExpansionRatio: 50, expansionJudgedAfter: 64 << 10 }))).rejects.toThrow(/^bomb\.tgz: stopped as a zip bomb/);
  });

  it('a deflated member whose data is damaged fails with an ArchiveError naming it', async () => {
    const big = text('WAIT #1: nam=\'log file sync\' ela= 5\n'.repeat(20000));
    const zip = await buildZip([{ path: 'd.trc', bytes: big }]);
    const a0 = access(zip);
    const [member] = (await listArchive(a0, 'bad.zip', 'zip')).members;
    // Overwrite the middle of the compressed data (the member starts at 0: its local header, then data).
    const damaged = new Uint8Array(zip);
    const mid = Math.floor(damaged.length / 3);
    for (let i = mid; i < mid + 64; i++) damaged[i] = 0xff;
    const error = await read(openMember(access(damaged), member!.locator)).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toMatch(/^bad\.zip:d\.trc: /);
  });

  it('joins small inflated pieces, and hands on what came before a failure before the failure', async () => {
    async function* pieces(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 5; i++) yield new Uint8Array(3).fill(i);
      throw new Error('cut');
    }
    const got: number[][] = [];
    const error = await (async () => {
      for await (const chunk of coalesce(pieces(), 6)) got.push([...chunk]);
    })().then(() => null, (e: unknown) => e);
    // 5 pieces of 3 bytes in pieces of at least 6: [0,0,0,1,1,1], [2,2,2,3,3,3], then the 4s, then the error.
    expect(got).toEqual([[0, 0, 0, 1, 1, 1], [2, 2, 2, 3, 3, 3], [4, 4, 4]]);
    expect((error as Error).message).toBe('cut');
  });
});
