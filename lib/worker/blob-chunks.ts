/**
 * A File's bytes as chunks, pulled with back-pressure: the next slice is read only while the parser
 * works on the current one (Perfetto reads 32 MiB slices the same way, style.md). Large slices keep
 * the per-chunk cost (a promise, a copy into the kernel) negligible next to parsing; `File.stream()`
 * hands out 64 KiB chunks, 16,384 per GiB. Memory stays at two slices whatever the file size.
 */

export const SLICE_BYTES = 8 << 20;

/** Thrown out of the chunk source when the user cancels; the session reports it as "cancelled". */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export async function* blobChunks(blob: Blob, signal?: AbortSignal, sliceBytes = SLICE_BYTES): AsyncGenerator<Uint8Array> {
  const read = (start: number) => blob.slice(start, Math.min(blob.size, start + sliceBytes)).arrayBuffer();
  let next = blob.size > 0 ? read(0) : null;
  for (let start = 0; next !== null; start += sliceBytes) {
    const buffer = await next;
    if (signal?.aborted) throw new CancelledError();
    const following = start + sliceBytes;
    next = following < blob.size ? read(following) : null;
    yield new Uint8Array(buffer);
  }
  if (signal?.aborted) throw new CancelledError();
}
