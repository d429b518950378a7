/**
 * `***` lines: timestamps, session and process markers (trace-format.md §4). Rare, so they are
 * decoded and matched as text.
 */

// `*** 2003-12-17 15:44:06.603`, `*** 2019-07-09T09:57:07.703476-07:00 (EXAMPLESPDB(8))`
const BARE_STAMP = /^\*\*\* (\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d:\d\d)?/;
// `*** SESSION ID:(11.13) 2003-12-17 15:44:06.581`; values may hold `(`, `)` and spaces.
const KEY_VALUE = /^\*\*\* ([A-Z][A-Z ]*):\((.*)\) (\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d:\d\d)?\s*$/;
const TRCSESS_PID = /^\*\*\* \[ (?:Unix process pid|Windows thread id): (\d+) \]/;
const SESSION_VALUE = /^(\d+)\.(\d+)$/;

export type StarLine =
  | { kind: 'stamp'; wall: string; utcOffsetMinutes: number | null; text: string }
  | { kind: 'session'; sid: number; serial: number; wall: string; utcOffsetMinutes: number | null; text: string }
  | { kind: 'keyed'; key: string; value: string; wall: string; utcOffsetMinutes: number | null; text: string }
  | { kind: 'process'; pid: string }
  | { kind: 'other' };

export function readStarLine(text: string): StarLine {
  let m = KEY_VALUE.exec(text);
  if (m) {
    const [, key = '', value = '', date = '', time = '', offset] = m;
    const stamp = { wall: `${date}T${time}`, utcOffsetMinutes: parseOffset(offset), text: `${date} ${time}${offset ?? ''}` };
    const session = key === 'SESSION ID' ? SESSION_VALUE.exec(value) : null;
    if (session) return { kind: 'session', sid: Number(session[1]), serial: Number(session[2]), ...stamp };
    return { kind: 'keyed', key, value, ...stamp };
  }
  m = BARE_STAMP.exec(text);
  if (m) {
    const [, date = '', time = '', offset] = m;
    return { kind: 'stamp', wall: `${date}T${time}`, utcOffsetMinutes: parseOffset(offset), text: text.slice(4).trim() };
  }
  m = TRCSESS_PID.exec(text);
  if (m) return { kind: 'process', pid: m[1] ?? '' };
  return { kind: 'other' };
}

function parseOffset(offset: string | undefined): number | null {
  if (!offset) return null;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}
