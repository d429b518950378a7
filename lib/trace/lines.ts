/**
 * Physical lines, as every pass over a trace splits them (the line kernel does the same in
 * WebAssembly for the lines it takes): LF ends a line, and a CR just before it belongs to the line
 * end (traces copied from Windows).
 */
import { CR, LF } from './bytes';

/** The end of the line buf[start, …) that the LF at `lf` (or the end of the bytes read) ends, without a CR before it. */
export function lineEnd(buf: Uint8Array, start: number, lf: number): number {
  return lf > start && buf[lf - 1] === CR ? lf - 1 : lf;
}

/**
 * Calls `visit(start, end)` for each line of `buf` from `from` that an LF ends; `end` is without
 * the line end. A `visit` that returns false stops the split after its line. Returns where the
 * rest starts: a line without its LF yet (the next chunk's, or the last line of the file).
 */
export function forEachLine(buf: Uint8Array, from: number, visit: (start: number, end: number) => boolean | void): number {
  let pos = from;
  for (;;) {
    const lf = buf.indexOf(LF, pos);
    if (lf < 0) return pos;
    const more = visit(pos, lineEnd(buf, pos, lf));
    pos = lf + 1;
    if (more === false) return pos;
  }
}
