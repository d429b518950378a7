import { open } from 'node:fs/promises';
import type { TraceScanner } from '../trace/scanner';
import { READ_CHUNK_BYTES } from './file-chunks';

/**
 * Feeds bytes [start, end) of a file to a scanner, reading each chunk straight into the
 * scanner's own input area when it has one (no copy), and reading the next chunk on libuv's
 * thread pool while the current one is scanned.
 */
export async function scanFileRange(
  path: string,
  start: number,
  end: number,
  scanner: TraceScanner,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const target = () => scanner.writableChunk() ?? new Uint8Array(READ_CHUNK_BYTES);
    let position = start;
    const read = (into: Uint8Array) => handle.read(into, 0, Math.min(into.length, end - position), position);
    let area = target();
    let pending = position < end ? read(area) : null;
    while (pending) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) break; // the file shrank while we read it
      const current = area.subarray(0, bytesRead);
      position += bytesRead;
      area = target();
      pending = position < end ? read(area) : null;
      scanner.push(current);
      onProgress(position - start);
    }
    await pending?.catch(() => undefined);
  } finally {
    await handle.close();
  }
}
