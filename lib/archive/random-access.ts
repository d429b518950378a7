/**
 * Bytes that can be read at any offset: an archive file on disk (lib/node), a dropped File in the
 * page (a Blob), a byte range of either (a member stored as it is), or bytes in tests. A zip's
 * central directory is at its end, so zip is read through this, never through a stream.
 */
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
