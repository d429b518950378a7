/**
 * Compression is told by magic bytes, never by file name (style.md §3): a `.gz` name over plain
 * text works, and so does a plain name over gzip. gzip is unwrapped while streaming with
 * `DecompressionStream`, which Node (18+) and browsers both have, so there is one code path.
 */

export type SniffedCompression =
  | { kind: 'none' }
  | { kind: 'gzip' }
  | { kind: 'unsupported'; format: string; hint: string };

/** Bytes needed to tell every format below apart. */
export const SNIFF_LENGTH = 6;

export function sniffCompression(head: Uint8Array): SniffedCompression {
  const at = (i: number) => head[i];
  if (at(0) === 0x1f && at(1) === 0x8b) return { kind: 'gzip' };
  if (at(0) === 0xfd && at(1) === 0x37 && at(2) === 0x7a && at(3) === 0x58 && at(4) === 0x5a && at(5) === 0x00) {
    return { kind: 'unsupported', format: 'xz', hint: 'xz -dk FILE' };
  }
  if (at(0) === 0x42 && at(1) === 0x5a && at(2) === 0x68) return { kind: 'unsupported', format: 'bzip2', hint: 'bunzip2 -k FILE' };
  if (at(0) === 0x28 && at(1) === 0xb5 && at(2) === 0x2f && at(3) === 0xfd) return { kind: 'unsupported', format: 'zstd', hint: 'zstd -d FILE' };
  if (at(0) === 0x50 && at(1) === 0x4b && at(2) === 0x03 && at(3) === 0x04) return { kind: 'unsupported', format: 'zip', hint: 'unzip FILE' };
  // Legacy .lzma: a properties byte (0x5D for the default lc/lp/pb) and a little-endian dictionary size.
  if (at(0) === 0x5d && at(1) === 0x00 && at(2) === 0x00) return { kind: 'unsupported', format: 'lzma', hint: 'unlzma -k FILE' };
  return { kind: 'none' };
}

/** Reads at least `n` bytes (or all there is) and hands back a stream that still yields them. */
export async function peek(
  source: AsyncIterable<Uint8Array>,
  n: number,
): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let have = 0;
  let finished = false;
  while (have < n) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    taken.push(next.value);
    have += next.value.length;
  }
  const head = new Uint8Array(Math.min(have, n));
  let filled = 0;
  for (const c of taken) {
    if (filled >= head.length) break;
    const part = c.subarray(0, head.length - filled);
    head.set(part, filled);
    filled += part.length;
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    yield* taken;
    if (finished) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, stream: replay() };
}

/** The stream ended inside the gzip data, or the data is corrupt. */
export class GzipError extends Error {}

/** Unwraps gzip with back-pressure: the next compressed chunk is written only when the last was consumed. */
export async function* gunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = new DecompressionStream('gzip');
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  const pump = (async () => {
    try {
      for await (const chunk of source) await writer.write(chunk as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
    }
  })();
  let finished = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw new GzipError(error instanceof Error ? error.message : String(error));
      }
      if (next.done) break;
      yield next.value;
    }
    finished = true;
  } finally {
    // A consumer that stops early leaves the pump blocked on a write nobody reads: cancelling the
    // readable side fails that write, so the pump ends and this generator can return.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
    await pump;
  }
}

/** Counts the bytes as read, for progress and for the compressed size. */
export async function* countBytes(source: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    onBytes(chunk.length);
    yield chunk;
  }
}
