import { closeSync, openSync, read } from 'node:fs';
import type { TraceScanner } from '../trace/scanner';
import { READ_CHUNK_BYTES } from './file-chunks';

/** One positional read on libuv's thread pool. */
function readAt(fd: number, into: Uint8Array, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => read(fd, into, 0, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));
}

/**
 * Feeds bytes [start, end) of a file to a scanner, reading each chunk straight into the
 * scanner's own input area when it has one (no copy), and reading the next chunk on libuv's
 * thread pool while the current one is scanned. The file is opened and closed synchronously:
 * a few µs each, where the thread pool's round trips made each range wait ~1 ms.
 */
export async function scanFileRange(
  path: string,
  start: number,
  end: number,
  scanner: TraceScanner,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const fd = openSync(path, 'r');
  try {
    const target = () => scanner.writableChunk() ?? new Uint8Array(READ_CHUNK_BYTES);
    let position = start;
    const next = (into: Uint8Array) => readAt(fd, into, Math.min(into.length, end - position), position);
    let area = target();
    let pending = position < end ? next(area) : null;
    while (pending) {
      const bytesRead = await pending;
      if (bytesRead === 0) break; // the file shrank while we read it
      const current = area.subarray(0, bytesRead);
      position += bytesRead;
      area = target();
      pending = position < end ? next(area) : null;
      scanner.push(current);
      onProgress(position - start);
    }
    await pending?.catch(() => undefined);
  } finally {
    closeSync(fd);
  }
}
