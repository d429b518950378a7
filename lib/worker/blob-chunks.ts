/**
 * A File's bytes as chunks, pulled with back-pressure: the next slices are read only while the
 * parser works on the current one (Perfetto reads 32 MiB slices the same way, style.md). Large
 * slices keep the per-chunk cost (a promise, a copy into the kernel) negligible next to parsing;
 * `File.stream()` hands out 64 KiB chunks, 16,384 per GiB. Memory stays at a few slices whatever
 * the file size.
 */

export const SLICE_BYTES = 8 << 20;
/** Slices requested ahead of the one being parsed. */
const READ_AHEAD = 2;

/** Reads bytes [start, end) of a blob. Chromium materialises a slice on the thread that asks for it. */
export type SliceReader = (blob: Blob, start: number, end: number) => Promise<ArrayBuffer>;

export const readSliceHere: SliceReader = (blob, start, end) => blob.slice(start, end).arrayBuffer();

/** Thrown out of the chunk source when the user cancels; the session reports it as "cancelled". */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export async function* blobChunks(blob: Blob, signal?: AbortSignal, sliceBytes = SLICE_BYTES, readSlice: SliceReader = readSliceHere): AsyncGenerator<Uint8Array> {
  const pending: Promise<ArrayBuffer>[] = [];
  let requested = 0;
  const requestMore = () => {
    while (pending.length <= READ_AHEAD && requested < blob.size) {
      pending.push(readSlice(blob, requested, Math.min(blob.size, requested + sliceBytes)));
      requested += sliceBytes;
    }
  };
  requestMore();
  // A Cancel is heard while a read is outstanding, not only between reads.
  const aborted = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(new CancelledError());
    signal?.addEventListener('abort', () => reject(new CancelledError()), { once: true });
  });
  aborted.catch(() => undefined); // observed below; never an unhandled rejection
  while (pending.length > 0) {
    const read = pending.shift()!;
    read.catch(() => undefined); // a read abandoned by a Cancel may still fail
    const buffer = await Promise.race([read, aborted]);
    if (signal?.aborted) throw new CancelledError();
    requestMore();
    yield new Uint8Array(buffer);
  }
  if (signal?.aborted) throw new CancelledError();
}
