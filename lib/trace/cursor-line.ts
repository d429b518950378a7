import { ascii, asciiText, decodeText, isDigit, matchAt, QUOTE, SPACE } from './bytes';
import type { VisitedCursor } from './trace-visitor';

/**
 * `PARSING IN CURSOR #<c> len=<n> dep=<n> uid=<n> oct=<n> lid=<n> tim=<n> hv=<n> ad='<hex>' sqlid='<13 chars>'`
 * (trace-format.md §5): `sqlid=` from 11g on, `ct=` instead of `oct=` in some 10g excerpts. The
 * SQL text follows on its own lines up to `END OF STMT`. Headers are one per statement parsed,
 * rare next to WAITs and calls, so the quoted values are decoded as strings.
 */

const PARSING_IN_CURSOR = ascii('PARSING IN CURSOR #');
const D0 = 0x30;
const EQUALS = 0x3d;

/** The SQL text kept per statement; the rest is dropped and `textCut` set. */
export const MAX_SQL_TEXT = 64 * 1024;

export function emptyCursor(): VisitedCursor {
  return { cursor: '', len: NaN, dep: NaN, uid: NaN, oct: NaN, lid: NaN, tim: NaN, hv: NaN, ad: '', sqlId: null, text: '', textCut: false };
}

function isCursorHeader(buf: Uint8Array, s: number, e: number): boolean {
  return matchAt(buf, s, e, PARSING_IN_CURSOR);
}

/**
 * Reads the header buf[s, e) into `into` (reused; text emptied): tim times `microsPerUnit`
 * (MICROS_PER_ELA_UNIT). A field the line lacks is NaN ('' for ad, null for sqlId). Returns true,
 * false when the line is no such header, or why it is malformed (then `into` holds what was read).
 */
export function parseCursorHeader(buf: Uint8Array, s: number, e: number, microsPerUnit: number, into: VisitedCursor): boolean | string {
  if (!isCursorHeader(buf, s, e)) return false;
  let p = s + PARSING_IN_CURSOR.length;
  const digits = p;
  while (p < e && isDigit(buf[p] as number)) p++;
  into.cursor = asciiText(buf, digits, p);
  into.len = into.dep = into.uid = into.oct = into.lid = into.tim = into.hv = NaN;
  into.ad = '';
  into.sqlId = null;
  into.text = '';
  into.textCut = false;
  if (p === digits) return 'no cursor number after #';
  while (p < e) {
    if (buf[p] === SPACE) {
      p++;
      continue;
    }
    const keyStart = p;
    while (p < e && buf[p] !== EQUALS && buf[p] !== SPACE) p++;
    if (p >= e || buf[p] !== EQUALS) return 'a field without =value';
    const key = asciiText(buf, keyStart, p);
    p++;
    if (buf[p] === QUOTE) {
      const close = buf.indexOf(QUOTE, p + 1);
      if (close < 0 || close >= e) return `${key}= is cut off`;
      const value = asciiText(buf, p + 1, close);
      if (key === 'ad') into.ad = value;
      else if (key === 'sqlid') into.sqlId = value;
      p = close + 1;
      continue;
    }
    const valueStart = p;
    let value = 0;
    while (p < e && isDigit(buf[p] as number)) value = value * 10 + ((buf[p++] as number) - D0);
    if (p === valueStart) return `${key}= has no value`;
    if (p < e && buf[p] !== SPACE) return `${key}= is not a number`;
    switch (key) {
      case 'len': into.len = value; break;
      case 'dep': into.dep = value; break;
      case 'uid': into.uid = value; break;
      case 'oct':
      case 'ct': into.oct = value; break;
      case 'lid': into.lid = value; break;
      case 'tim': into.tim = value * microsPerUnit; break;
      case 'hv': into.hv = value; break;
    }
  }
  return true;
}

/**
 * The SQL text of one statement, line by line, kept up to MAX_SQL_TEXT bytes (the lines' bytes
 * and the '\n' between them): a statement of megabytes of literals must not be held whole.
 */
export class SqlText {
  private readonly parts: string[] = [];
  private bytes = 0;
  cut = false;

  reset(): void {
    this.parts.length = 0;
    this.bytes = 0;
    this.cut = false;
  }

  add(buf: Uint8Array, start: number, end: number): void {
    if (this.cut) return;
    const separator = this.parts.length > 0 ? 1 : 0;
    const room = MAX_SQL_TEXT - this.bytes - separator;
    if (room < 0) {
      this.cut = true;
      return;
    }
    let stop = end;
    if (end - start > room) {
      stop = start + room;
      // Do not split a UTF-8 character: back off continuation bytes.
      while (stop > start && ((buf[stop] as number) & 0xc0) === 0x80) stop--;
      this.cut = true;
    }
    // Invalid UTF-8 is reported by the grammar (checkText); here it becomes U+FFFD.
    this.parts.push(decodeText(buf, start, stop).text);
    this.bytes += separator + (stop - start);
  }

  text(): string {
    return this.parts.join('\n');
  }
}
