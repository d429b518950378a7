/**
 * Lines of a chunk source as byte ranges, for the second pass over a file (co-occurrence.ts).
 * Chunks may be cut anywhere; only the partial last line is carried (style.md §2). A line longer
 * than LONG_LINE_CAP that spans chunks keeps only its head, as in lib/trace/scanner.ts: a WAIT line
 * is a few hundred bytes, and a multi-megabyte bind value must not grow the carry.
 */
import { gunzip, GzipError, peek, SNIFF_LENGTH, sniffCompression } from '../trace/compression';
import type { ReadRange } from './context';

const LF = 0x0a;
const CR = 0x0d;
const LONG_LINE_CAP = 1 << 20;

/** `buf[start, end)` is the line without its line end; `offset` is its first byte in the file. */
export type LineVisitor = (buf: Uint8Array, start: number, end: number, lineNo: number, offset: number) => void;

/** Calls `visit` for every line, in order; resolves with the number of lines. */
export async function forEachLine(source: AsyncIterable<Uint8Array>, visit: LineVisitor): Promise<number> {
  let carry = new Uint8Array(256);
  let carryLen = 0;
  let carryOffset = 0;
  let carrying = false;
  let lineNo = 0;
  let base = 0;
  const flush = () => {
    let end = carryLen;
    if (end > 0 && carry[end - 1] === CR) end--;
    visit(carry, 0, end, ++lineNo, carryOffset);
    carryLen = 0;
    carrying = false;
  };
  const append = (chunk: Uint8Array, start: number, end: number) => {
    const len = Math.min(end - start, LONG_LINE_CAP - carryLen);
    if (len <= 0) return;
    if (carryLen + len > carry.length) {
      const bigger = new Uint8Array(Math.max(carry.length * 2, carryLen + len));
      bigger.set(carry.subarray(0, carryLen));
      carry = bigger;
    }
    carry.set(chunk.subarray(start, start + len), carryLen);
    carryLen += len;
  };
  for await (const chunk of source) {
    let pos = 0;
    if (carrying) {
      const nl = chunk.indexOf(LF);
      if (nl < 0) {
        append(chunk, 0, chunk.length);
        base += chunk.length;
        continue;
      }
      append(chunk, 0, nl);
      flush();
      pos = nl + 1;
    }
    for (;;) {
      const nl = chunk.indexOf(LF, pos);
      if (nl < 0) break;
      visit(chunk, pos, nl > pos && chunk[nl - 1] === CR ? nl - 1 : nl, ++lineNo, base + pos);
      pos = nl + 1;
    }
    if (pos < chunk.length) {
      carrying = true;
      carryOffset = base + pos;
      append(chunk, pos, chunk.length);
    }
    base += chunk.length;
  }
  if (carrying) flush();
  return lineNo;
}

/**
 * The decompressed bytes of a source: gzip is unwrapped by its magic bytes (as lib/trace does), so
 * byte offsets and line numbers match the parser's. Other formats pass through unchanged (the
 * parser refused them, so no window refers to them). gzip data that ends early or is corrupt ends
 * the stream there, as the parser stops there (it has warned about it).
 */
export async function* decompressed(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const { head, stream } = await peek(source, SNIFF_LENGTH);
  if (sniffCompression(head).kind === 'gzip') yield* gunzipUntilDone(stream);
  else yield* stream;
}

/**
 * gzip as lib/trace reads it (gunzip: a consumer may stop early, as a range reader does at the end
 * of its range). Data that ends early or is corrupt ends the stream there, as the parser stopped
 * there (it has warned about it); a failing source still throws.
 */
async function* gunzipUntilDone(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let failed = false;
  const watched = (async function* () {
    try {
      yield* source;
    } catch (error) {
      failed = true;
      throw error;
    }
  })();
  try {
    yield* gunzip(watched);
  } catch (error) {
    if (failed || !(error instanceof GzipError)) throw error;
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
    source = decompressed(open())[Symbol.asyncIterator]();
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
