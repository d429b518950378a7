import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedDataError, cutText, decompress, decompressedHead, peek } from '../../lib/trace/compression';
import { unxz } from '../../lib/trace/xz-unwrap';
import { parseTrace } from '../../lib/trace/parse-trace';
import { parseSysio } from '../../lib/sysio/parse-sysio';
import { chunksOf } from '../helpers/chunks';
import { fixturePath } from '../helpers/cli';

// test/fixtures/v11g-commit-loop.trc.xz was made once with `xz -k` (xz 5.4) from the plain fixture beside it.
const plain = new Uint8Array(readFileSync(fixturePath('v11g-commit-loop.trc')));
const xz = new Uint8Array(readFileSync(fixturePath('v11g-commit-loop.trc.xz')));

async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of source) parts.push(c);
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** What unxz yields before it fails, and how it failed. */
async function failure(source: AsyncIterable<Uint8Array>): Promise<{ out: Uint8Array; error: unknown }> {
  const parts: Uint8Array[] = [];
  try {
    for await (const c of unxz(source)) parts.push(c);
  } catch (error) {
    return { out: concat(parts), error };
  }
  throw new Error('unxz did not fail');
}

/** Rejects when `promise` takes longer than `ms`: a decoder lock never released would hang, not fail. */
function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);
}

describe('xz (lib/trace/xz-unwrap.ts)', () => {
  it('is told by its magic bytes and gives back the plain bytes, whatever the chunks', async () => {
    expect(xz.length).toBeLessThan(plain.length / 2);
    for (const size of [1, 7, 100, 4096, xz.length]) {
      const { compression, bytes } = await decompress(chunksOf(xz, size));
      expect(compression.kind).toBe('xz');
      expect(await collect(bytes), `chunks of ${size}`).toEqual(plain);
    }
  });

  it('reads concatenated streams one after the other, as xz -d does', async () => {
    expect(await collect(unxz(chunksOf(concat([xz, xz]), 512)))).toEqual(concat([plain, plain]));
  });

  it('says data cut short is cut short, after yielding what came before the cut', async () => {
    const { out, error } = await failure(chunksOf(xz.subarray(0, xz.length - 40), 256));
    expect(error).toBeInstanceOf(CompressedDataError);
    const e = error as CompressedDataError;
    expect(e.message).toBe('the xz data ends early (the file was cut short, or its last bytes are damaged)');
    expect(e.message).toBe(cutText('xz'));
    expect([e.damage, e.format, e.fromSource]).toEqual(['cut', 'xz', false]);
    // The block's check sits at its end: everything but the last bytes came out, exactly as written.
    expect(out.length).toBeGreaterThan(0);
    expect(out).toEqual(plain.subarray(0, out.length));
  });

  it('says damaged data is corrupt', async () => {
    const bad = xz.slice();
    const mid = Math.floor(bad.length / 2);
    bad[mid] = (bad[mid] as number) ^ 0xff;
    const { error } = await failure(chunksOf(bad, 256));
    expect(error).toBeInstanceOf(CompressedDataError);
    expect((error as CompressedDataError).damage).toBe('corrupt');
    expect((error as CompressedDataError).message).toMatch(/^the xz data is corrupt/);
  });

  it("passes on the source's own failure as the source's, not as damage", async () => {
    const boom = new Error('EIO: i/o error, read');
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield xz.subarray(0, 300);
      throw boom;
    }
    const { error } = await failure(failing());
    expect(error).toBeInstanceOf(CompressedDataError);
    expect((error as CompressedDataError).fromSource).toBe(true);
    expect((error as CompressedDataError).sourceError).toBe(boom);
  });

  it('lets the next xz file decode after a reader stopped early (the decoder allows one at a time per thread)', async () => {
    for await (const chunk of unxz(chunksOf(xz, 64))) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    // The head of a file, as the directory walk and the archive listing read it, stops early too.
    expect(await within(decompressedHead(xz, 100))).toEqual(plain.subarray(0, 100));
    expect(await within(collect(unxz(chunksOf(xz, 512))))).toEqual(plain);
  });

  it('lets the next xz file decode after a reader of a peeked xz stream stopped early', async () => {
    // As parse-sysio.ts reads a file it sniffed: peek, then the stream, stopped partway (a fio JSON over its limit, an error).
    const long = concat(Array.from({ length: 20 }, () => xz));
    const { stream } = await peek(unxz(chunksOf(long, 256)), 100);
    for await (const chunk of stream) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(await within(collect(unxz(chunksOf(xz, 512))))).toEqual(plain);
  });

  it('refuses valid xz its decoder does not read (a SHA-256 check, a dictionary over 64 MiB) with the command that decompresses it, never as damaged', async () => {
    // Made once with xz 5.4 from the plain fixture: `xz --check=sha256` and `xz --lzma2=dict=128MiB`; `xz -t` passes on both.
    const cases = [
      ['sha256-check.trc.xz', /it uses a filter or an integrity check the decoder does not read/],
      ['dict-128mib.trc.xz', /its dictionary is larger than the decoder allows/],
    ] as const;
    for (const [name, why] of cases) {
      const bytes = new Uint8Array(readFileSync(fixturePath(`xz/${name}`)));
      const r = await parseTrace(chunksOf(bytes, 512), { event: 'log file sync', fileName: name, fileIndex: 0, keep: 'counts' });
      expect(r.compression, name).toBe('xz');
      expect(r.outcome.kind, name).toBe('not-a-trace');
      const reason = r.outcome.kind === 'not-a-trace' ? r.outcome.reason : '';
      expect(reason, name).toMatch(new RegExp(`^${name.replaceAll('.', '\\.')} is xz-compressed in a way waitscope's decoder does not read: `));
      expect(reason, name).toMatch(why);
      expect(reason, name).toContain(`decompress it first (xz -dk ${name})`);
      expect(reason, name).not.toMatch(/damaged|corrupt/);
      expect(r.warnings.map((w) => w.code), name).toEqual(['not-10046']);
    }
  });

  it('leaves a small file cut inside its first 16 KiB to the trace parser, not as an unreadable strace or fio file', async () => {
    // The page sniffs a file not named *.trc for strace or fio first (lib/worker/sysio-input.ts).
    const cut = xz.subarray(0, xz.length - 40);
    expect(await within(parseSysio(chunksOf(cut, 256), { fileName: 'cut.xz', event: 'log file sync' }))).toBeNull();
    const r = await within(parseTrace(chunksOf(cut, 256), { event: 'log file sync', fileName: 'cut.xz', fileIndex: 0, keep: 'counts' }));
    expect(r.outcome.kind).toBe('parsed');
    expect(r.warnings.map((w) => w.code)).toContain('truncated-xz');
    // gzip alike.
    const gz = gzipSync(plain);
    expect(await parseSysio(chunksOf(gz.subarray(0, gz.length - 20), 256), { fileName: 'cut.gz', event: 'log file sync' })).toBeNull();
  });

  it('is a trace to the parser: the same result as the plain file, named xz', async () => {
    const opts = { event: 'log file sync', fileName: 'x', fileIndex: 0, keep: 'samples' as const };
    const a = await parseTrace(chunksOf(xz, 333), opts);
    const b = await parseTrace(chunksOf(plain, 333), opts);
    expect(a.compression).toBe('xz');
    expect(b.compression).toBe('none');
    expect(a.bytesRead).toBe(xz.length);
    expect(a.outcome).toEqual({ kind: 'parsed' });
    expect(a.profile).toEqual(b.profile);
    expect(Array.from(a.samples.ela.subarray(0, a.samples.count))).toEqual(Array.from(b.samples.ela.subarray(0, b.samples.count)));
    expect(a.warnings).toEqual(b.warnings);
  });

  it('keeps what came before a cut, with a warning naming xz and the line reached', async () => {
    const r = await parseTrace(chunksOf(xz.subarray(0, xz.length - 40), 256), { event: 'log file sync', fileName: 'cut.trc.xz', fileIndex: 0, keep: 'counts' });
    expect(r.outcome.kind).toBe('parsed');
    const w = r.warnings.find((x) => x.code === 'truncated-xz');
    expect(w?.message).toMatch(/^cut\.trc\.xz: the xz data ends early .*, after [\d,]+ decompressed bytes; everything before was parsed/);
    expect(w?.lines.length).toBe(1);
  });

  it('says a file cut before its first record was cut, not that it is another kind of trace', async () => {
    // The first 200 bytes of the xz: the banner's lines, and no 10046 record.
    const head = xz.subarray(0, 200);
    const decoded = (await failure(chunksOf(head, 64))).out;
    const lines = new TextDecoder().decode(decoded).split('\n').length;
    const r = await parseTrace(chunksOf(head, 64), { event: 'log file sync', fileName: 'cut.trc.xz', fileIndex: 0, keep: 'counts' });
    expect(r.outcome).toEqual({
      kind: 'not-a-trace',
      reason: `cut.trc.xz ends before its first 10046 record: the xz data ends early (the file was cut short, or its last bytes are damaged), after ${decoded.length.toLocaleString('en-US')} decompressed bytes (${lines} lines)`,
    });
    // gzip likewise; cut after records but before the first WAIT (byte 1,148 of the fixture), it
    // is not said to be traced without waits.
    const gz = gzipSync(plain.subarray(0, 1100));
    const g = await parseTrace(chunksOf(gz.subarray(0, gz.length - 12), 64), { event: 'log file sync', fileName: 'cut.trc.gz', fileIndex: 0, keep: 'counts' });
    expect(g.outcome.kind).toBe('no-event');
    expect(g.warnings.find((w) => w.code === 'no-event')?.message).toBe('cut.trc.gz has no WAIT line before the point where it was cut short');
  });

  it('refuses damaged data as a damaged xz file, with the command that tests it', async () => {
    const bad = xz.slice();
    const mid = Math.floor(bad.length / 2);
    bad[mid] = (bad[mid] as number) ^ 0xff;
    const r = await parseTrace(chunksOf(bad, 256), { event: 'log file sync', fileName: 'bad.trc.xz', fileIndex: 0, keep: 'counts' });
    expect(r.outcome.kind).toBe('not-a-trace');
    expect(r.outcome.kind === 'not-a-trace' && r.outcome.reason).toMatch(/^bad\.trc\.xz is a damaged xz file: the xz data is corrupt.*\(`xz -t` tests the file\)$/);
    expect(r.warnings.map((x) => x.code)).toEqual(['damaged-xz']);
  });

  it('ends the xz stream it sniffed when the file is no strace or fio output, so the trace parse that follows can start', async () => {
    // Longer than the sniff (parse-sysio.ts reads its first 16 KiB), so the decoder is still inside it then.
    const long = concat(Array.from({ length: 20 }, () => xz));
    expect(await within(parseSysio(chunksOf(long, 4096), { fileName: 'x', event: 'log file sync' }))).toBeNull();
    const r = await within(parseTrace(chunksOf(xz, 4096), { event: 'log file sync', fileName: 'x', fileIndex: 0, keep: 'counts' }));
    expect(r.outcome.kind).toBe('parsed');
  });
});
