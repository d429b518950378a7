import { DQUOTE, matchAt, QUOTE, SPACE, ascii } from './bytes';
import type { EventTable } from './event-table';

const SPACE_ELA = ascii(' ela=');

/** A WAIT record's fields, as positions in the line and values. */
export interface WaitLine {
  /** The event's id when it is one of the recently seen names, else -1. */
  id: number;
  nameStart: number;
  nameEnd: number;
  ela: number;
  hasTim: boolean;
  /** Where the digits of `tim=` start (meaningful when hasTim). */
  timStart: number;
  endsInDigit: boolean;
}

/**
 * `WAIT #<cursor>: nam='<event>' ela=<ws?><int> <params>[ obj#=<int>][ tim=<int>]`
 * (trace-format.md §2). The name runs to the first quote followed by ` ela=`: names hold spaces
 * and punctuation. Returns why the line is not a complete WAIT record when it is not. The line
 * kernel parses the common shape; this is the reference and handles every other line.
 */
export function parseWaitLine(buf: Uint8Array, s: number, e: number, events: EventTable): WaitLine | string {
  let p = waitCursorEnd(buf, s, e);
  let b = 0;
  if (p < 0 || p + 7 >= e) return 'no cursor and event name';
  const quote = buf[p + 6] as number; // ' in every release; " in MOS note 39817.1's examples
  if (quote !== QUOTE && quote !== DQUOTE) return 'no quoted event name';
  const nameStart = p + 7;
  const id = events.matchRecent(buf, nameStart, e, quote);
  const nameEnd = id >= 0 ? nameStart + events.nameLength(id) : findNameEnd(buf, nameStart, e, quote);
  if (nameEnd < 0) return 'cut off before ela=';
  p = nameEnd + 6; // after `' ela=`
  while (p < e && buf[p] === SPACE) p++;
  const elaStart = p;
  let ela = 0;
  while (p < e && (b = buf[p] as number) >= 0x30 && b <= 0x39) {
    ela = ela * 10 + (b - 0x30);
    p++;
  }
  if (p === elaStart) return 'cut off before the ela value';
  // From 10.2 on `tim=` is the last field of a complete line (trace-format.md §8.3).
  let t = e;
  while (t > p && (b = buf[t - 1] as number) >= 0x30 && b <= 0x39) t--;
  const hasTim = t < e && t - 5 >= p && matchAt(buf, t - 5, e, SPACE_TIM);
  return { id, nameStart, nameEnd, ela, hasTim, timStart: t, endsInDigit: t < e };
}

const COLON_NAM = ascii(': nam=');

/**
 * Where the cursor number of the record buf[s, e) ends (`WAIT #<cursor>: nam=`), or -1 when it
 * has no cursor and event name. buf[s] starts `WAIT #`; the cursor is buf[s + 6, end).
 */
export function waitCursorEnd(buf: Uint8Array, s: number, e: number): number {
  let p = s + 6; // after `WAIT #`
  let b = 0;
  while (p < e && (b = buf[p] as number) >= 0x30 && b <= 0x39) p++;
  return p > s + 6 && matchAt(buf, p, e, COLON_NAM) ? p : -1;
}
const SPACE_TIM = ascii(' tim=');

/** End of an event name not seen recently: the first quote followed by ` ela=`. -1 when cut off. */
function findNameEnd(buf: Uint8Array, start: number, end: number, quote: number): number {
  for (let p = start; p < end; p++) if (buf[p] === quote && matchAt(buf, p + 1, end, SPACE_ELA)) return p;
  return -1;
}
