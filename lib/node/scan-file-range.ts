import { closeSync, read } from 'node:fs';
import type { TraceScanner } from '../trace/scanner';
import type { RangeLimit } from '../trace/range-limit';
import { READ_CHUNK_BYTES } from './file-chunks';
import { InputReadError, openInputFile } from './file-error';

/** One positional read of `path` on libuv's thread pool; a failure names the file and the byte. */
function readAt(path: string, fd: number, into: Uint8Array, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => read(fd, into, 0, length, position, (error, bytesRead) => (error ? reject(new InputReadError(path, position, error)) : resolve(bytesRead))));
}

/**
 * A range's first read. An input area's pages are new to the process, and read() faults each 4 KiB
 * page in as it copies (~11 µs a page on the 2-core machine), so a first read of 4 MiB kept a range
 * from scanning its first line for 15-20 ms. After this short one, each read runs on libuv's
 * thread pool while the chunk before it is scanned. `waitscope profile` of the 1 GiB trace, 30
 * alternating runs (2026-12-03): median 1.110 s with a 4 MiB first read, 1.090 s with 256 KiB.
 */
export const FIRST_READ_BYTES = 256 << 10;

/**
 * Feeds bytes [start, end) of a file to a scanner, reading each chunk straight into the
 * scanner's own input area when it has one (no copy), and reading the next chunk on libuv's
 * thread pool while the current one is scanned. The file is opened and closed synchronously:
 * a few µs each, where the thread pool's round trips made each range wait ~1 ms. With a `limit`
 * (lib/trace/range-limit.ts) each chunk is claimed before it is read, and the range ends where
 * the limit says, which another thread may move earlier while this one reads; `base` is then
 * where the limit's offsets start in the file (a member stored in place in its archive).
 */
export async function scanFileRange(
  path: string,
  start: number,
  end: number,
  scanner: TraceScanner,
  onProgress: (bytes: number) => void,
  limit: { range: RangeLimit; base: number } | null = null,
): Promise<void> {
  const fd = openInputFile(path);
  // The read in flight, if any: waited for before the file is closed, also when the scanner or
  // onProgress throws (a pool closed mid-range). Closed under it, the read would fail unheard
  // (EBADF), or read another file that took its descriptor, into an area a next scanner may own.
  let pending: Promise<number> | null = null;
  try {
    const target = () => scanner.writableChunk() ?? new Uint8Array(READ_CHUNK_BYTES);
    let position = start;
    const lengthAt = (into: Uint8Array) => {
      const wanted = position === start ? Math.min(into.length, FIRST_READ_BYTES) : into.length;
      return limit ? limit.range.claim(position - limit.base, wanted) : Math.max(0, Math.min(wanted, end - position));
    };
    const next = (into: Uint8Array) => {
      const length = lengthAt(into);
      return length > 0 ? readAt(path, fd, into, length, position) : null;
    };
    let area = target();
    pending = next(area);
    while (pending) {
      const bytesRead = await pending;
      if (bytesRead === 0) break; // the file shrank while we read it
      const current = area.subarray(0, bytesRead);
      position += bytesRead;
      area = target();
      pending = next(area);
      scanner.push(current);
      onProgress(position - start);
    }
  } finally {
    await pending?.catch(() => undefined);
    closeSync(fd);
  }
}
