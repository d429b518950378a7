/**
 * Lines of a chunk source as byte ranges, for the second pass over a file (co-occurrence.ts).
 * Chunks may be cut anywhere; only the partial last line is carried (style.md §2). A line longer
 * than LONG_LINE_CAP that spans chunks keeps only its head, as in lib/trace/scanner.ts: a WAIT line
 * is a few hundred bytes, and a multi-megabyte bind value must not grow the carry.
 */
import { peek, SNIFF_LENGTH, sniffCompression } from '../trace/compression';

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
 * gzip through DecompressionStream (Node 18+ and browsers). Unlike lib/trace's gunzip, a consumer
 * may stop early (a range reader stops at the end of its range): the readable side is cancelled,
 * which fails the pending write, so the pump ends instead of waiting for a read that never comes.
 */
async function* gunzipUntilDone(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = new DecompressionStream('gzip');
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  let stopped = false;
  const pump = (async () => {
    try {
      for await (const chunk of source) {
        if (stopped) return;
        await writer.write(chunk as Uint8Array<ArrayBuffer>);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
    }
  })();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        return; // corrupt or cut gzip: stop where the parser stopped
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    stopped = true;
    await reader.cancel().catch(() => undefined);
    await pump;
  }
}

/**
 * A readRange (context.ts) for a file that cannot be entered in the middle, such as a .gz: each
 * call streams the decompressed bytes from the start, keeps only [start, end) and stops there.
 * Slow for many ranges deep into a large file, but it never holds the file. `open` gives the
 * file's bytes as stored (`() => file.stream()`, a Node read stream).
 */
export function streamedRangeReader(open: () => AsyncIterable<Uint8Array>): (start: number, end: number) => Promise<Uint8Array> {
  return async (start, end) => {
    const from = Math.max(0, start);
    const parts: Uint8Array[] = [];
    let size = 0;
    let at = 0;
    for await (const chunk of decompressed(open())) {
      const lo = Math.max(from, at);
      const hi = Math.min(end, at + chunk.length);
      if (hi > lo) {
        parts.push(chunk.slice(lo - at, hi - at));
        size += hi - lo;
      }
      at += chunk.length;
      if (at >= end) break;
    }
    const out = new Uint8Array(size);
    let p = 0;
    for (const part of parts) {
      out.set(part, p);
      p += part.length;
    }
    return out;
  };
}
