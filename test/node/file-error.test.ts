// A file that opens but cannot be read. Linux's /proc/self/mem is one: reading it at an address
// the process has not mapped (byte 0, and 4096) fails with EIO, a real I/O error from the kernel,
// as a failing disk or a dropped network mount would give.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileChunks, fileAccess } from '../../lib/node/file-chunks';
import { fileHead } from '../../lib/node/file-head';
import { InputReadError, namedReads } from '../../lib/node/file-error';
import { parseTrace } from '../../lib/trace/parse-trace';
import { gzipSync } from 'node:zlib';
import { scanFileRange } from '../../lib/node/scan-file-range';
import { TraceScanner } from '../../lib/trace/scanner';
import { makeTempDir, runCli } from '../helpers/cli';

const MEM = '/proc/self/mem';
// Without /proc (not Linux) there is no file that fails this way to read: say so, and check nothing else.
const hasMem = existsSync(MEM);
const why = hasMem ? '' : `${MEM} is absent (not Linux): no real file fails to read here`;

async function rejection(run: () => Promise<unknown>): Promise<InputReadError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputReadError);
  return error as InputReadError;
}

describe('a read that fails is named with its file and byte', () => {
  it('runs where /proc/self/mem exists', () => {
    expect(why).toBe('');
  });

  it.runIf(hasMem)('in the range reader the parser uses', async () => {
    const scanner = new TraceScanner({ event: 'log file sync', fileName: 'mem', fileIndex: 0, keep: 'counts' });
    const error = await rejection(() => scanFileRange(MEM, 4096, 8192, scanner, () => undefined));
    expect([error.file, error.at, error.message]).toEqual([MEM, 4096, `cannot read ${MEM} at byte 4096: input/output error (EIO)`]);
  });

  it.runIf(hasMem)('in the streamed chunks (gzip, archive members), at the byte the stream had reached', async () => {
    const error = await rejection(async () => {
      for await (const chunk of fileChunks(MEM, { start: 4096, end: 8192 })) expect(chunk).toBeUndefined();
    });
    expect([error.file, error.at]).toEqual([MEM, 4096]);
  });

  it.runIf(hasMem)('in the head read that tells a file by its content, and in an archive probe', async () => {
    let thrown: unknown = null;
    try {
      fileHead(MEM, 64);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(InputReadError);
    expect((thrown as InputReadError).message).toBe(`cannot read ${MEM} at byte 0: input/output error (EIO)`);
    const error = await rejection(() => fileAccess(MEM, 1 << 20).read(8, 16));
    expect([error.file, error.at]).toEqual([MEM, 8]);
  });
});

describe('namedReads', () => {
  /** Yields `sizes` chunks, then fails as a disk would. */
  async function* failingAfter(sizes: number[]): AsyncGenerator<Uint8Array> {
    for (const n of sizes) yield new Uint8Array(n);
    throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
  }

  it('names the byte the failing read started at: the start plus every byte yielded before', async () => {
    const seen: number[] = [];
    const error = await rejection(async () => {
      for await (const chunk of namedReads('x.trc', failingAfter([10, 32]), 1000)) seen.push(chunk.length);
    });
    expect(seen).toEqual([10, 32]);
    expect(error.message).toBe('cannot read x.trc at byte 1042: input/output error (EIO)');
  });

  it('keeps an InputReadError from below as it is', async () => {
    const inner = namedReads('inner.trc', failingAfter([5]));
    const error = await rejection(async () => {
      for await (const _ of namedReads('outer.trc', inner, 0)) void _;
    });
    expect([error.file, error.at]).toEqual(['inner.trc', 5]);
  });
});

describe('a source that fails inside gzip data', () => {
  it('is thrown by parseTrace as it is, not reported as a file cut short', async () => {
    const gz = gzipSync(Buffer.from('WAIT #0: nam=\'log file sync\' ela= 5 p1=0 p2=0 p3=0 obj#=-1 tim=1\n'.repeat(2000)));
    const failure = new InputReadError('x.trc.gz', 64, Object.assign(new Error('EIO'), { code: 'EIO' }));
    async function* source(): AsyncGenerator<Uint8Array> {
      yield gz.subarray(0, 64);
      throw failure;
    }
    const thrown = await parseTrace(source(), { fileName: 'x.trc.gz', event: 'log file sync' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBe(failure);
  });
});

describe('the CLI on a file that cannot be read', () => {
  const temp = makeTempDir('cli-read-error');
  afterAll(() => temp.remove());

  for (const args of [['stats'], ['profile', '--json'], ['statements'], ['outliers'], ['lgwr'], ['export', '--format', 'parquet', '--out', 'OUT']]) {
    it.runIf(hasMem)(`${args[0]}: one line naming the file, the byte and the cause; status 1; no stack`, async () => {
      const out = path.join(temp.dir, `out-${args[0]}`);
      mkdirSync(out, { recursive: true });
      const run = await runCli([...args.map((a) => (a === 'OUT' ? out : a)), MEM]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`waitscope: cannot read ${MEM} at byte 0: input/output error (EIO)\n`);
      expect(run.stdout).toBe('');
    });
  }
});
