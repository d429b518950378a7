import { ascii, asciiText, matchAt, SPACE } from './bytes';
import type { VisitedCall } from './trace-visitor';

/**
 * Database call lines and XCTEND (trace-format.md §5, response-time.md "Call-line fields"):
 *   `PARSE|EXEC|FETCH|UNMAP|SORT UNMAP|CLOSE #<cursor>:c=…,e=…,p=…,cr=…,cu=…,mis=…,r=…,dep=…,og=…,plh=…,tim=…`
 *   `EXEC #140146796809528 c=1190,e=1190,…` (no colon: an Oracle-compatible database writes it)
 *   `CLOSE #<cursor>:c=…,e=…,dep=…,type=…,tim=…` (older releases may lack c and e)
 *   `XCTEND rlbk=0, rd_only=1[, tim=…]` (tim from 11g)
 *   `LOBREAD: type=PERSISTENT LOB,bytes=…,c=…,e=…,p=…,cr=…,cu=…,tim=…` (any `LOB<NAME>:`, no cursor)
 * Parsed from bytes with no regex and no string built per line: the call's name comes from a
 * fixed table (a LOB call not in it is decoded once and kept), the cursor's digits from a cache.
 */

const D0 = 0x30;
const COMMA = 0x2c;
const COLON = 0x3a;
const EQUALS = 0x3d;
const HASH = 0x23;
const MINUS = 0x2d;

/** Calls with a cursor: `<NAME> #`. Their names are these strings, so a visitor may compare them with ===. */
const CURSOR_CALLS: readonly [Uint8Array, string][] = ['PARSE', 'EXEC', 'FETCH', 'UNMAP', 'SORT UNMAP', 'CLOSE'].map((name) => [ascii(`${name} #`), name]);
const XCTEND = ascii('XCTEND ');
const LOB = ascii('LOB');
/** The LOB calls of 19c (trace-format.md §5, trctools' lobs.trc); others are decoded once when first met. */
const LOB_CALLS = new Map<string, string>(
  ['LOBREAD', 'LOBWRITE', 'LOBGETLEN', 'LOBAPPEND', 'LOBARRREAD', 'LOBARRWRITE', 'LOBTRIM', 'LOBPGSIZE', 'LOBTMPCREATE', 'LOBTMPFREE', 'LOBCOPY', 'LOBERASE', 'LOBFILOPN', 'LOBFILCLS'].map((n) => [n, n]),
);
/** A LOB call's name is `LOB` and capital letters; longer than this, it is not one. */
const MAX_LOB_NAME = 32;

/** Field keys, as (length << 24) | their first three bytes: unique for the keys below. */
function keyCode(text: string): number {
  let code = text.length << 24;
  for (let i = 0; i < 3 && i < text.length; i++) code |= text.charCodeAt(i) << (8 * i);
  return code;
}
const K_C = keyCode('c');
const K_E = keyCode('e');
const K_P = keyCode('p');
const K_R = keyCode('r');
const K_CR = keyCode('cr');
const K_CU = keyCode('cu');
const K_OG = keyCode('og');
const K_MIS = keyCode('mis');
const K_DEP = keyCode('dep');
const K_PLH = keyCode('plh');
const K_TIM = keyCode('tim');
const K_TYPE = keyCode('type');
const K_RLBK = keyCode('rlbk');
const K_BYTES = keyCode('bytes');
const K_RD_ONLY = keyCode('rd_only');

/** Keys whose value is a number (CLOSE's type is; a LOB call's type is text). */
const NUMERIC_KEYS = new Set([K_C, K_E, K_P, K_R, K_CR, K_CU, K_OG, K_MIS, K_DEP, K_PLH, K_TIM, K_RLBK, K_BYTES, K_RD_ONLY]);

/** Digits of recent cursor numbers → their text, so a visited call does not build a string per line. */
const cursorTexts = new Map<number, string>();
const MAX_CURSOR_TEXTS = 4096;
let lastCursorValue = -1;
let lastCursorText = '';

/** Set by callNameEnd: the name of the call it found. */
let foundName = '';

/**
 * Where the name (and `#` of the cursor, or `:` of a LOB call) of the call line buf[s, e) ends,
 * with the name in `foundName`; -1 when the line is no call line.
 */
function callNameEnd(buf: Uint8Array, s: number, e: number): number {
  switch (buf[s]) {
    case 0x58: // X
      if (!matchAt(buf, s, e, XCTEND)) return -1;
      foundName = 'XCTEND';
      return s + XCTEND.length;
    case 0x4c: // L
      return lobNameEnd(buf, s, e);
    default:
      for (const [bytes, name] of CURSOR_CALLS) {
        if (matchAt(buf, s, e, bytes)) {
          foundName = name;
          return s + bytes.length;
        }
      }
      return -1;
  }
}

function lobNameEnd(buf: Uint8Array, s: number, e: number): number {
  if (!matchAt(buf, s, e, LOB)) return -1;
  let p = s + LOB.length;
  let b = 0;
  while (p < e && p - s < MAX_LOB_NAME && (b = buf[p] as number) >= 0x41 && b <= 0x5a) p++;
  if (p === s + LOB.length || buf[p] !== COLON) return -1;
  const text = asciiText(buf, s, p);
  let name = LOB_CALLS.get(text);
  if (name === undefined) LOB_CALLS.set(text, (name = text));
  foundName = name;
  return p + 1;
}

/** A VisitedCall with every field missing. */
export function emptyCall(): VisitedCall {
  return { call: '', cursor: '', c: NaN, e: NaN, p: NaN, cr: NaN, cu: NaN, mis: NaN, r: NaN, dep: NaN, og: NaN, plh: NaN, tim: NaN, type: NaN, rlbk: NaN, rdOnly: NaN, bytes: NaN };
}

/**
 * Reads the call line buf[s, e) (no line end) into `into`, reused: c, e and tim are multiplied by
 * `microsPerUnit` (10,000 for the centiseconds of 8i and older, MICROS_PER_ELA_UNIT). A field the
 * line lacks is NaN; fields it has that are not listed in VisitedCall are ignored.
 * Returns true when the line was a call and is read; false when it is no call line (STAT, ERROR,
 * BINDS, …); else why it is malformed.
 */
export function parseCallLine(buf: Uint8Array, s: number, e: number, microsPerUnit: number, into: VisitedCall): boolean | string {
  let p = callNameEnd(buf, s, e);
  if (p < 0) return false;
  const name = foundName;
  let cursor = '';
  if (buf[p - 1] === HASH) {
    const digits = p;
    let value = 0;
    let b = 0;
    while (p < e && (b = buf[p] as number) >= D0 && b <= 0x39) {
      value = value * 10 + (b - D0);
      p++;
    }
    if (p === digits) return 'no cursor number after #';
    if (p < e && buf[p] !== COLON && buf[p] !== SPACE) return 'no colon after the cursor number';
    cursor = cursorText(buf, digits, p, value);
    p++;
  }
  into.call = name;
  into.cursor = cursor;
  into.c = into.e = into.p = into.cr = into.cu = into.mis = into.r = NaN;
  into.dep = into.og = into.plh = into.tim = into.type = into.rlbk = into.rdOnly = into.bytes = NaN;
  while (p < e) {
    let b = buf[p] as number;
    if (b === COMMA || b === SPACE) {
      p++;
      continue;
    }
    // key=
    let code = 0;
    const keyStart = p;
    while (p < e && (b = buf[p] as number) !== EQUALS && b !== COMMA) {
      if (p - keyStart < 3) code |= b << (8 * (p - keyStart));
      p++;
    }
    if (b !== EQUALS || p === keyStart || p >= e) return 'a field without =value';
    code |= (p - keyStart) << 24;
    p++;
    // value: an integer, empty (missing), or text (a LOB's type=PERSISTENT LOB) that is skipped
    const valueStart = p;
    const negative = buf[p] === MINUS;
    if (negative) p++;
    let value = 0;
    const digits = p;
    while (p < e && (b = buf[p] as number) >= D0 && b <= 0x39) {
      value = value * 10 + (b - D0);
      p++;
    }
    if ((p < e && buf[p] !== COMMA) || (p === digits && p > valueStart)) {
      // Text (a LOB's type=PERSISTENT LOB), or a field this parser does not read: up to the next comma
      while (p < e && buf[p] !== COMMA) p++;
      if (NUMERIC_KEYS.has(code)) return 'a field with a value that is not a number';
      continue;
    }
    if (p === digits) continue; // `c=,`: missing
    if (negative) value = -value;
    switch (code) {
      case K_C: into.c = value * microsPerUnit; break;
      case K_E: into.e = value * microsPerUnit; break;
      case K_TIM: into.tim = value * microsPerUnit; break;
      case K_P: into.p = value; break;
      case K_CR: into.cr = value; break;
      case K_CU: into.cu = value; break;
      case K_MIS: into.mis = value; break;
      case K_R: into.r = value; break;
      case K_DEP: into.dep = value; break;
      case K_OG: into.og = value; break;
      case K_PLH: into.plh = value; break;
      case K_TYPE: into.type = value; break;
      case K_RLBK: into.rlbk = value; break;
      case K_RD_ONLY: into.rdOnly = value; break;
      case K_BYTES: into.bytes = value; break;
    }
  }
  return true;
}

/** The text of the cursor digits buf[start, end) whose value is `value`, from a cache. */
export function cursorText(buf: Uint8Array, start: number, end: number, value: number): string {
  // Up to 15 digits the value is exact, so it names the text; longer ones are decoded each time.
  if (end - start > 15) return asciiText(buf, start, end);
  // Calls come in runs on one cursor: the last one first.
  if (value === lastCursorValue && lastCursorText.length === end - start) return lastCursorText;
  let text = cursorTexts.get(value);
  if (text === undefined || text.length !== end - start) {
    if (cursorTexts.size >= MAX_CURSOR_TEXTS) cursorTexts.clear();
    text = asciiText(buf, start, end);
    if (text.length === String(value).length) cursorTexts.set(value, text);
  }
  lastCursorValue = value;
  lastCursorText = text;
  return text;
}

/** The depth a call counts at: XCTEND and the LOB calls carry none; the client makes them (dep 0). */
export const depthOf = (call: VisitedCall): number => (call.dep === call.dep ? call.dep : 0);

/**
 * An XCTEND: no e and no cursor, so no parent of the recursive calls or the waits before it. A
 * COMMIT inside a PL/SQL block writes it among the block's recursive calls, and they and their
 * waits belong to the block's call, which comes later: they wait for the next call (the profile,
 * the statements, and where a profile's byte ranges may be cut).
 */
export const leavesToNextCall = (call: VisitedCall): boolean => call.cursor === '' && !(call.e === call.e);

const PARSE_ERROR = ascii('PARSE ERROR #');

/**
 * The depth of a `PARSE ERROR #<c>:len=.. dep=.. uid=.. oct=.. lid=.. tim=.. err=<ora#>` line
 * (trace-format.md §5), null for any other line: a failed parse writes no PARSE call, so the
 * recursive calls it made (dictionary SQL, written before it) have no parent line in the trace.
 * Rare, so read from its text.
 */
export function parseErrorDepth(buf: Uint8Array, s: number, e: number): number | null {
  if (!matchAt(buf, s, e, PARSE_ERROR)) return null;
  const dep = /[:\s]dep=(\d+)/.exec(asciiText(buf, s, Math.min(e, s + 200)))?.[1];
  return dep === undefined ? null : Number(dep);
}
