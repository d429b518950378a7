import type { ElaUnit } from '../units';
import { MICROS_PER_ELA_UNIT } from '../units';

/**
 * Builds a trace file as bytes, record by record, and keeps the ground truth of every WAIT record it
 * wrote: where it starts (1-based physical line, UTF-8 byte offset), what it says, and whether a correct
 * parser should count it. Golden files are derived from this truth, never from the parser.
 *
 * Bytes, not strings: fixtures need invalid UTF-8, and offsets count UTF-8 bytes.
 */

export interface WaitTruth {
  event: string;
  /** The integer after `ela=`, as written (centiseconds in 8i files). */
  elaRaw: number;
  /** `elaRaw` in µs. */
  elaMicros: number;
  /** 1-based physical line where the `WAIT` starts. */
  line: number;
  /** Byte offset of the `W` of `WAIT` (the line start, except for glued records). */
  offset: number;
  tim: number | null;
  /** Whether a correct parser counts it: false for records cut short. */
  complete: boolean;
}

export interface WaitSpec {
  /** Cursor number as written after `#`: `0`, `2`, `140420811826192`. */
  cursor: string;
  event: string;
  /** The value to write after `ela=`, in the file's unit. */
  ela: number;
  /** Everything between ela and obj#/tim: `driver id=1650815232 #bytes=1 p3=0`. */
  params: string;
  /** null: no `obj#=` field (pre-10.2). */
  obj: number | null;
  /** null: no `tim=` field (pre-10.2). */
  tim: number | null;
  unit: ElaUnit;
  /** `ela= 13` (10.2–21c) versus `ela=13` (8i, 9i, 23c). */
  elaSpace: boolean;
}

export function formatWait(w: WaitSpec): string {
  const obj = w.obj === null ? '' : ` obj#=${w.obj}`;
  const tim = w.tim === null ? '' : ` tim=${w.tim}`;
  const params = w.params === '' ? '' : ` ${w.params}`;
  return `WAIT #${w.cursor}: nam='${w.event}' ela=${w.elaSpace ? ' ' : ''}${w.ela}${params}${obj}${tim}`;
}

const encoder = new TextEncoder();
const LF = 0x0a;

export class TraceBuilder {
  private readonly parts: Uint8Array[] = [];
  private byteOffset = 0;
  private lineNo = 1;
  readonly waits: WaitTruth[] = [];

  /** Byte offset where the next write lands. */
  get offset(): number {
    return this.byteOffset;
  }

  /** 1-based line number of the next write. */
  get line(): number {
    return this.lineNo;
  }

  /** Raw bytes, counted for lines and offsets. Use for invalid UTF-8 and binary content. */
  bytes(b: Uint8Array): this {
    this.parts.push(b);
    this.byteOffset += b.length;
    for (let i = 0; i < b.length; i++) if (b[i] === LF) this.lineNo++;
    return this;
  }

  /** Text as UTF-8, no newline added. */
  text(s: string): this {
    return this.bytes(encoder.encode(s));
  }

  /** One line of text plus `\n`. Text that looks like a WAIT written this way is NOT ground truth (e.g. SQL text). */
  lineOf(s = ''): this {
    return this.text(`${s}\n`);
  }

  lines(ls: readonly string[]): this {
    for (const l of ls) this.lineOf(l);
    return this;
  }

  /**
   * A WAIT record. `cutAfter` keeps only that many characters of it (a record cut short: not complete,
   * since from 10.2 on `tim=` is the last field). `newline: false` leaves the line open (end of file).
   */
  wait(w: WaitSpec, opts: { cutAfter?: number; newline?: boolean } = {}): this {
    const full = formatWait(w);
    const cut = opts.cutAfter !== undefined && opts.cutAfter < full.length;
    const written = cut ? full.slice(0, opts.cutAfter) : full;
    if (cut && written.includes(' tim=')) throw new Error('cutAfter must cut before tim=');
    this.record(w, !cut);
    this.text(opts.newline === false ? written : `${written}\n`);
    return this;
  }

  /**
   * Two records on one physical line (trctools `broken_trace.trc`): `prefix` (e.g. a whole FETCH line
   * without its newline) immediately followed by a complete WAIT. The WAIT counts; its offset is the `W`.
   */
  glued(prefix: string, w: WaitSpec): this {
    this.text(prefix);
    this.record(w, true);
    this.text(`${formatWait(w)}\n`);
    return this;
  }

  /**
   * LGWR's `Warning: log write elapsed time Nms, size NKB` line: ground truth as a sample of the
   * pseudo-event 'LGWR log write warning' (lib/trace/log-write-warning.ts), ela = ms × 1000 µs,
   * at `stampMicros`, the wall time of the `***` stamp before it (as µs since 1970 of its reading).
   */
  logWriteWarning(ms: number, kb: number, stampMicros: number | null): this {
    this.waits.push({ event: 'LGWR log write warning', elaRaw: ms * 1000, elaMicros: ms * 1000, line: this.lineNo, offset: this.byteOffset, tim: stampMicros, complete: true });
    return this.lineOf(`Warning: log write elapsed time ${ms}ms, size ${kb}KB`);
  }

  private record(w: WaitSpec, complete: boolean): void {
    this.waits.push({
      event: w.event,
      elaRaw: w.ela,
      elaMicros: w.ela * MICROS_PER_ELA_UNIT[w.unit],
      line: this.lineNo,
      offset: this.byteOffset,
      tim: w.tim,
      complete,
    });
  }

  /** The file and the ground truth of every WAIT in it. */
  finish(): { bytes: Uint8Array; waits: WaitTruth[] } {
    return { bytes: this.toBytes(), waits: [...this.waits] };
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.byteOffset);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}
