// The range reader (lib/node/scan-file-range.ts): every byte of the range reaches the scanner once,
// in order, and the first read is short, so a range starts scanning before a whole chunk's fresh
// pages are faulted in.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_CHUNK_BYTES } from '../../lib/node/file-chunks';
import { FIRST_READ_BYTES, scanFileRange } from '../../lib/node/scan-file-range';
import { RangeLimit } from '../../lib/trace/range-limit';
import type { TraceScanner } from '../../lib/trace/scanner';
import { makeTempDir } from '../helpers/cli';

const temp = makeTempDir('scan-file-range');
afterAll(() => temp.remove());

// 9.5 MiB of bytes that tell their own offset: a byte out of place or read twice shows.
const SIZE = 9 * READ_CHUNK_BYTES / 4 + 512 * 1024 + 3;
const bytes = new Uint8Array(SIZE);
for (let i = 0; i < SIZE; i++) bytes[i] = (i * 7 + (i >> 12)) & 0xff;
const file = path.join(temp.dir, 'bytes.trc');
writeFileSync(file, bytes);

/** A scanner that only keeps what it is given; with `areas`, it reads into its own 4 MiB areas as the line kernel's scanner does. */
function recorder(areas: boolean) {
  const chunks: Uint8Array[] = [];
  const scanner = {
    writableChunk: () => (areas ? new Uint8Array(READ_CHUNK_BYTES) : null),
    push: (chunk: Uint8Array) => void chunks.push(chunk.slice()),
  } as unknown as TraceScanner;
  return { scanner, chunks };
}

const joined = (chunks: Uint8Array[]) => Buffer.concat(chunks);

describe('scanFileRange', () => {
  it('reads 256 KiB first, then whole chunks, and hands over exactly the range', async () => {
    expect(FIRST_READ_BYTES).toBe(256 * 1024);
    for (const areas of [true, false]) {
      const { scanner, chunks } = recorder(areas);
      const start = 1000;
      const end = SIZE - 5;
      await scanFileRange(file, start, end, scanner, () => undefined);
      expect(chunks.map((c) => c.length)).toEqual([FIRST_READ_BYTES, READ_CHUNK_BYTES, READ_CHUNK_BYTES, end - start - FIRST_READ_BYTES - 2 * READ_CHUNK_BYTES]);
      expect(joined(chunks).equals(Buffer.from(bytes.subarray(start, end)))).toBe(true);
    }
  });

  it('a range shorter than the first read is one read', async () => {
    const { scanner, chunks } = recorder(true);
    await scanFileRange(file, 10, 5010, scanner, () => undefined);
    expect(chunks.map((c) => c.length)).toEqual([5000]);
    expect(joined(chunks).equals(Buffer.from(bytes.subarray(10, 5010)))).toBe(true);
  });

  it('claims through a range limit the same way, and stops where another thread cut the range', async () => {
    const { scanner, chunks } = recorder(true);
    const limit = RangeLimit.create(0, SIZE);
    const cut = FIRST_READ_BYTES + READ_CHUNK_BYTES + 12345;
    let progress = 0;
    await scanFileRange(file, 0, SIZE, scanner, (read) => {
      progress = read;
      // After the first read, as a thief would: the cut lies beyond what has been claimed so far.
      if (read === FIRST_READ_BYTES) expect(limit.split(cut)).toBe(SIZE);
    }, { range: limit, base: 0 });
    expect(joined(chunks).equals(Buffer.from(bytes.subarray(0, cut)))).toBe(true);
    expect(chunks[0]?.length).toBe(FIRST_READ_BYTES);
    expect(progress).toBe(cut);
  });
});

describe('scanFileRange, when the scanner throws', () => {
  it('rejects with that error only once the read in flight is done: no read outlives the call, writing into an area or failing unheard', async () => {
    const unheard: unknown[] = [];
    const listen = (reason: unknown) => void unheard.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const areas: Uint8Array[] = [];
      const scanner = {
        writableChunk: () => areas[areas.push(new Uint8Array(READ_CHUNK_BYTES)) - 1],
        push: () => {
          throw new Error('stopped by the scanner');
        },
      } as unknown as TraceScanner;
      // The first read is done when push throws; the second has been asked for and is in flight.
      await expect(scanFileRange(file, 0, SIZE, scanner, () => undefined)).rejects.toThrow('stopped by the scanner');
      expect(areas.length).toBe(2);
      expect(Buffer.from(areas[1] as Uint8Array).equals(Buffer.from(bytes.subarray(FIRST_READ_BYTES, FIRST_READ_BYTES + READ_CHUNK_BYTES)))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unheard).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
