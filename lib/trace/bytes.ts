/**
 * Byte-level helpers for the hot path. The scanner never decodes a line unless a person will
 * read it (style.md §12), so it matches ASCII patterns against raw bytes.
 */

export const LF = 0x0a;
export const CR = 0x0d;
export const SPACE = 0x20;
export const QUOTE = 0x27; // '
export const DQUOTE = 0x22; // "
const ZERO = 0x30;
const NINE = 0x39;

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}

export function isDigit(b: number): boolean {
  return b >= ZERO && b <= NINE;
}

/** True when `pattern` occurs in `buf` at `pos` and fits before `end`. */
export function matchAt(buf: Uint8Array, pos: number, end: number, pattern: Uint8Array): boolean {
  const n = pattern.length;
  if (pos + n > end) return false;
  for (let i = 0; i < n; i++) if (buf[pos + i] !== pattern[i]) return false;
  return true;
}

/**
 * First occurrence of `pattern` in `buf` at or after `from`, or -1. Searches for the first byte
 * with `indexOf`, which on a Node Buffer is native memchr and in the browser the typed-array
 * builtin, then verifies the rest.
 */
export function findBytes(buf: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0] as number;
  const n = pattern.length;
  const limit = buf.length - n;
  let i = from;
  while (i <= limit) {
    i = buf.indexOf(first, i);
    if (i < 0 || i > limit) return -1;
    let k = 1;
    while (k < n && buf[i + k] === pattern[k]) k++;
    if (k === n) return i;
    i++;
  }
  return -1;
}

/** Value of the decimal digits in [start, end). Exact up to 2^53, which covers every `tim`. */
export function parseDigits(buf: Uint8Array, start: number, end: number): number {
  let v = 0;
  for (let i = start; i < end; i++) v = v * 10 + ((buf[i] as number) - ZERO);
  return v;
}

/** All of `bytes` as one character each (latin1), in slices, as many as a call may spread: a file's head or ends. */
export function latin1Text(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  return text;
}

/** The bytes buf[start, end) as one character each: for short ASCII fields (digits, hex, a call's name). */
export function asciiText(buf: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(buf[i] as number);
  return text;
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

/** Decodes a rare, human-read piece of text. `valid` is false when the bytes are not UTF-8. */
export function decodeText(buf: Uint8Array, start: number, end: number): { text: string; valid: boolean } {
  const bytes = buf.subarray(start, end);
  try {
    return { text: utf8Fatal.decode(bytes), valid: true };
  } catch {
    return { text: utf8Lenient.decode(bytes), valid: false };
  }
}
