/**
 * Bytes that can be read at any offset: an archive file on disk (lib/node), a dropped File in the
 * page (a Blob), a byte range of either (a member stored as it is), or bytes in tests. A zip's
 * central directory is at its end, so zip is read through this, never through a stream.
 */
import { Reader } from '@zip.js/zip.js/lib/zip-core-native.js';

export interface RandomAccess {
  readonly size: number;
  /** At most `length` bytes from `offset` (fewer only at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Bytes [start, end) as chunks, pulled with back-pressure. */
  stream(start: number, end: number): AsyncIterable<Uint8Array>;
}

/** Bytes [start, end) of `outer`, as their own RandomAccess (a member stored in place). */
export function sliceAccess(outer: RandomAccess, start: number, end: number): RandomAccess {
  return {
    size: end - start,
    read: (offset, length) => outer.read(start + offset, Math.max(0, Math.min(length, end - start - offset))),
    stream: (from, to) => outer.stream(start + from, start + Math.min(to, end - start)),
  };
}

/** A Blob (a File in the page, a test's bytes) as RandomAccess: slices, never the whole Blob. */
export function blobAccess(blob: Blob): RandomAccess {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
    stream: (start, end) => streamChunks(blob.slice(start, end).stream()),
  };
}

/**
 * A ReadableStream's chunks, pulled one read at a time (the stream reads ahead only to its small
 * queue). A consumer that stops early cancels the stream, and so does `stop` (the read in progress
 * then ends the iteration: the caller says why).
 *
 * `reuseBytes`: read a byte stream with a BYOB reader into one buffer of that size, reused, for a
 * consumer done with each chunk before it asks for the next (lib/worker/file-chunks.ts says why);
 * a stream without one is read as without it.
 */
export async function* streamChunks(readable: ReadableStream<Uint8Array>, stop?: AbortSignal, reuseBytes?: number): AsyncGenerator<Uint8Array> {
  const byob = reuseBytes === undefined ? null : byobReader(readable);
  const reader = byob ?? readable.getReader();
  let buffer = new ArrayBuffer(Math.max(1, reuseBytes ?? 1));
  const read = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    if (byob === null) return (reader as ReadableStreamDefaultReader<Uint8Array>).read();
    const next = await byob.read(new Uint8Array(buffer));
    if (next.value !== undefined) buffer = next.value.buffer as ArrayBuffer; // the read moved it: taken back for the next one
    return next as ReadableStreamReadResult<Uint8Array>;
  };
  const cancel = () => void reader.cancel().catch(() => undefined);
  stop?.addEventListener('abort', cancel, { once: true });
  let finished = false;
  try {
    for (;;) {
      const next = await read();
      if (next.done) break;
      yield next.value;
    }
    finished = true;
  } finally {
    stop?.removeEventListener('abort', cancel);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function byobReader(readable: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return readable.getReader({ mode: 'byob' });
  } catch {
    return null; // not a byte stream
  }
}

/**
 * zip.js's Reader over RandomAccess: zip.js reads the end of central directory, the central
 * directory and then each member's bytes in chunks, each one `readUint8Array` call here.
 */
export class AccessReader extends Reader<RandomAccess> {
  constructor(private readonly access: RandomAccess) {
    super(access);
    this.size = access.size;
  }

  override readUint8Array(index: number, length: number): Promise<Uint8Array> {
    return this.access.read(index, length);
  }

  /** A member's bytes through the source's own stream (a file read ahead on libuv's pool, `Blob.stream()`), not 256 KiB reads one by one. */
  override createReadable(options: { offset?: number; size?: number } = {}): ReadableStream<Uint8Array> {
    const offset = options.offset ?? 0;
    const end = options.size === undefined ? this.access.size : Math.min(this.access.size, offset + options.size);
    const chunks = this.access.stream(offset, end)[Symbol.asyncIterator]();
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel() {
          await chunks.return?.();
        },
      },
      { highWaterMark: 0 },
    );
  }
}
