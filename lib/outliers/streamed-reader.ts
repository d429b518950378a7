import { decompress, GzipError } from '../trace/compression';
import type { ReadRange } from './context';

/**
 * The decompressed bytes of a file as stored, through lib/trace's decompress, so byte offsets and
 * line numbers match the parser's. gzip data that ends early or is corrupt ends the stream there,
 * as the parser stopped there (it has warned about it); a failing source still throws.
 */
async function* decompressedUntilDamage(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const { bytes } = await decompress(source);
  try {
    yield* bytes;
  } catch (error) {
    if (!(error instanceof GzipError)) throw error;
    if (error.fromSource) throw error.sourceError;
  }
}

/**
 * Decompressed bytes kept behind the furthest byte read: enough for readContext's look-backs (its
 * statement search goes back 16 MiB, its line search 30 lines of up to 64 KiB) plus its reads ahead.
 */
export const STREAM_KEEP_BYTES = 24 << 20;

/** A readRange over a stream, to be closed when done; `passes` counts the decompressions so far. */
export interface StreamedReader {
  read: ReadRange;
  close: () => Promise<void>;
  passes: () => number;
}

/**
 * A readRange (context.ts) for a file that cannot be entered in the middle, such as a .gz. The
 * decompressed bytes stream forward once, and the last `keepBytes` of them stay in memory, so a
 * series of reads that moves forward through the file (the contexts of many waits, taken in
 * offset order, each with its reads backwards) is served by one pass. A read that starts before
 * the bytes kept starts a new pass from the beginning: right, only slower. Before, every read
 * streamed the file from its start, and `outliers --context 5` on a 3.7 MB trace decompressed
 * it thousands of times (issue 12: 30 s instead of under 1). Memory stays at about `keepBytes`
 * whatever the file's size. `open` gives the file's bytes as stored (`() => file.stream()`, a Node
 * read stream).
 */
export function streamedRangeReader(open: () => AsyncIterable<Uint8Array>, keepBytes = STREAM_KEEP_BYTES): StreamedReader {
  let source: AsyncIterator<Uint8Array> | null = null;
  let kept: Uint8Array[] = [];
  let keptStart = 0; // file offset of kept[0]
  let produced = 0; // file offset just past the last chunk
  let ended = false;
  let passes = 0;
  const stop = async () => {
    const s = source;
    source = null;
    await s?.return?.();
  };
  const restart = async () => {
    await stop();
    source = decompressedUntilDamage(open())[Symbol.asyncIterator]();
    kept = [];
    keptStart = 0;
    produced = 0;
    ended = false;
    passes++;
  };
  const readNow: ReadRange = async (start, end) => {
    const from = Math.max(0, start);
    if (passes === 0 || from < keptStart) await restart();
    while (produced < end && !ended) {
      const next = await (source as AsyncIterator<Uint8Array>).next();
      if (next.done) {
        ended = true;
        source = null;
        break;
      }
      kept.push(next.value);
      produced += next.value.length;
      // Drop what lies behind both the window and this read.
      const dropBefore = Math.min(from, produced - keepBytes);
      while (kept.length > 0 && keptStart + (kept[0] as Uint8Array).length <= dropBefore) keptStart += (kept.shift() as Uint8Array).length;
    }
    const out = new Uint8Array(Math.max(0, Math.min(end, produced) - from));
    let at = keptStart;
    for (const chunk of kept) {
      const lo = Math.max(from, at);
      const hi = Math.min(from + out.length, at + chunk.length);
      if (hi > lo) out.set(chunk.subarray(lo - at, hi - at), lo - from);
      at += chunk.length;
      if (at >= from + out.length) break;
    }
    return out;
  };
  // One read at a time: the stream's state is shared.
  let queue: Promise<unknown> = Promise.resolve();
  const read: ReadRange = (start, end) => {
    const result = queue.then(() => readNow(start, end));
    queue = result.catch(() => undefined);
    return result;
  };
  const close = () => {
    const closed = queue.then(stop);
    queue = closed;
    return closed;
  };
  return { read, close, passes: () => passes };
}
