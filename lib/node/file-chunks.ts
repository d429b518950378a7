import { createReadStream } from 'node:fs';

/**
 * Chunk size for reading traces. Large chunks keep per-chunk overhead negligible; the stream
 * reads one chunk ahead on libuv's thread pool, so reading overlaps parsing, and memory stays
 * at about two chunks whatever the file size.
 */
export const READ_CHUNK_BYTES = 4 << 20;

/** The bytes of `path` (or of [start, end)) as Node Buffers, pulled with back-pressure. */
export function fileChunks(path: string, range?: { start: number; end: number }): AsyncIterable<Uint8Array> {
  if (range && range.end <= range.start) return (async function* () {})();
  return createReadStream(path, {
    highWaterMark: READ_CHUNK_BYTES,
    ...(range ? { start: range.start, end: range.end - 1 } : {}),
  });
}
