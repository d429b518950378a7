import { gzipSync } from 'node:zlib';

/**
 * Feeds bytes to the parser in pieces of `size` (the last one shorter), as `File.stream()` or
 * `fs.createReadStream` would: partial lines must carry across chunk boundaries (style.md §2, §9).
 * Each piece is a copy, so a parser that keeps a reference to a chunk cannot see it change.
 */
export async function* chunksOf(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  if (!(size >= 1)) throw new Error(`chunk size must be >= 1, got ${size}`);
  for (let at = 0; at < bytes.length; at += size) {
    yield bytes.slice(at, Math.min(at + size, bytes.length));
  }
}

/** Every `\n` becomes `\r\n` (a `\r\n` already there is left alone). Line numbers stay; the byte offset of line L grows by L−1. */
export function toCrlf(bytes: Uint8Array): Uint8Array {
  let extra = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a && (i === 0 || bytes[i - 1] !== 0x0d)) extra++;
  const out = new Uint8Array(bytes.length + extra);
  let j = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0x0a && (i === 0 || bytes[i - 1] !== 0x0d)) out[j++] = 0x0d;
    out[j++] = b;
  }
  return out;
}

export function gzipBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(gzipSync(bytes));
}
