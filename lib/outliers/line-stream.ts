/**
 * The physical lines of a trace streamed in chunks cut anywhere, numbered and placed as the
 * scanner numbers and places them: lib/trace's forEachLine splits them (LF ends a line, a CR before
 * it belongs to the line end), a line split across chunks is joined, and the last line without an
 * LF counts. Each line is kept up to `keepBytes` only (a bind value can be megabytes long): the
 * rest is counted, not held.
 */
import { CR, LF } from '../trace/bytes';
import { forEachLine } from '../trace/lines';

export interface StreamLine {
  /** 1-based. */
  line: number;
  /** Byte offset of its first byte in the decompressed file. */
  offset: number;
  /** Its first `keepBytes` bytes, without the line end; valid during the call only. */
  head: Uint8Array;
  /** Its whole length in bytes, without the line end. */
  length: number;
}

export class LineStream {
  private lineNo = 0;
  private base = 0; // file offset of the next chunk's first byte
  private carry: Uint8Array;
  private carryLen = 0; // bytes of the partial line held (at most keepBytes)
  private carryTotal = 0; // its whole length so far
  private carryOffset = 0;
  private carryLast = 0; // its last byte, to see a CR before an LF that starts the next chunk

  /** `start`: where the chunks begin in the file, a line start, and that line's number. */
  constructor(
    private readonly keepBytes: number,
    private readonly visit: (line: StreamLine) => void,
    start: { offset: number; line: number } = { offset: 0, line: 1 },
  ) {
    this.carry = new Uint8Array(Math.min(keepBytes, 4096));
    this.base = start.offset;
    this.lineNo = start.line - 1;
  }

  /** The number of the last line so far. */
  get lines(): number {
    return this.lineNo;
  }

  push(chunk: Uint8Array): void {
    let pos = 0;
    if (this.carryTotal > 0) {
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        this.hold(chunk, 0, chunk.length);
        this.base += chunk.length;
        return;
      }
      const crBefore = lf > 0 ? chunk[lf - 1] === CR : this.carryLast === CR;
      this.hold(chunk, 0, lf);
      this.flush(crBefore ? 1 : 0);
      pos = lf + 1;
    }
    const base = this.base;
    pos = forEachLine(chunk, pos, (start, end) => this.emit(chunk.subarray(start, Math.min(end, start + this.keepBytes)), base + start, end - start));
    if (pos < chunk.length) {
      this.carryOffset = base + pos;
      this.hold(chunk, pos, chunk.length);
    }
    this.base += chunk.length;
  }

  /** The last line, when the file does not end with an LF (a CR at its very end belongs to no text either, as lineEnd has it). */
  finish(): void {
    if (this.carryTotal > 0) this.flush(this.carryLast === CR ? 1 : 0);
  }

  private hold(chunk: Uint8Array, start: number, end: number): void {
    if (end <= start) return;
    const take = Math.min(end - start, this.keepBytes - this.carryLen);
    if (take > 0) {
      if (this.carryLen + take > this.carry.length) {
        const bigger = new Uint8Array(Math.min(this.keepBytes, Math.max(this.carry.length * 2, this.carryLen + take)));
        bigger.set(this.carry.subarray(0, this.carryLen));
        this.carry = bigger;
      }
      this.carry.set(chunk.subarray(start, start + take), this.carryLen);
      this.carryLen += take;
    }
    this.carryTotal += end - start;
    this.carryLast = chunk[end - 1] as number;
  }

  /** Emits the held line, less `cr` bytes of line end. */
  private flush(cr: number): void {
    const length = this.carryTotal - cr;
    this.emit(this.carry.subarray(0, Math.min(this.carryLen, length)), this.carryOffset, length);
    this.carryLen = 0;
    this.carryTotal = 0;
  }

  private emit(head: Uint8Array, offset: number, length: number): void {
    this.visit({ line: ++this.lineNo, offset, head, length });
  }
}
