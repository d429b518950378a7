// The range scan reads a Blob with a BYOB reader into one reused buffer (lib/worker/file-chunks.ts
// SCAN_READ_BYTES, lib/archive/random-access.ts streamChunks): every byte once, in order, in chunks
// no larger than the buffer, one buffer's memory throughout; a stream that is not a byte stream is
// read as before; a Cancel still stops it.
import { describe, expect, it } from 'vitest';
import { streamChunks } from '../../lib/archive/random-access';
import { CancelledError, fileChunks } from '../../lib/worker/file-chunks';

const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7) % 251);

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<{ joined: number[]; sizes: number[]; buffers: Set<number> }> {
  const joined: number[] = [];
  const sizes: number[] = [];
  const buffers = new Set<number>();
  for await (const c of chunks) {
    joined.push(...c);
    sizes.push(c.length);
    buffers.add(c.buffer.byteLength);
  }
  return { joined, sizes, buffers };
}

describe('reading a Blob into one reused buffer', () => {
  it('gives every byte once, in order, in chunks of at most the buffer, each a view of one buffer-sized memory', async () => {
    const { joined, sizes, buffers } = await collect(fileChunks(new Blob([bytes]), undefined, 4096));
    expect(joined).toEqual([...bytes]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4096);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect([...buffers]).toEqual([4096]);
  });

  it('reads a stream that is not a byte stream with its default reader', async () => {
    const parts = [bytes.subarray(0, 300), bytes.subarray(300)];
    const plain = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(p);
        c.close();
      },
    });
    const { joined, sizes } = await collect(streamChunks(plain, undefined, 64));
    expect(joined).toEqual([...bytes]);
    expect(sizes).toEqual([300, bytes.length - 300]);
  });

  it('stops at a Cancel', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const c of fileChunks(new Blob([bytes]), abort.signal, 1024)) {
          seen.push(c.length);
          abort.abort();
        }
      })(),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(seen).toHaveLength(1);
  });
});
