/**
 * Lines of a chunk source as byte ranges, for the second pass over a file (co-occurrence.ts).
 * Chunks may be cut anywhere; only the partial last line is carried (style.md §2). A line longer
 * than LONG_LINE_CAP that spans chunks keeps only its head, as in lib/trace/scanner.ts: a WAIT line
 * is a few hundred bytes, and a multi-megabyte bind value must not grow the carry.
 */
import { gunzip, peek, SNIFF_LENGTH, sniffCompression } from '../trace/compression';

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
 * The decompressed bytes of a source: gzip is unwrapped by its magic bytes (lib/trace/compression),
 * so byte offsets and line numbers match the parser's. Other formats pass through unchanged (the
 * parser refused them, so no window refers to them).
 */
export async function* decompressed(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const { head, stream } = await peek(source, SNIFF_LENGTH);
  if (sniffCompression(head).kind === 'gzip') yield* gunzip(stream);
  else yield* stream;
}
