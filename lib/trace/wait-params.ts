import { ascii, findBytes } from './bytes';

const ELA = ascii(' ela=');
const SPACE = 0x20;
const EQUALS = 0x3d;
const COLON = 0x3a;

/** The fields after the three parameters: never p1, p2 or p3. */
const TRAILING = new Set(['obj#', 'tim']);

/**
 * A WAIT record's cursor number and parameters (trace-format.md §2), read from its bytes on
 * demand: `WAIT #<cursor>: nam='<event>' ela=<ws?><int> <p1name>=<v1> <p2name>=<v2> <p3name>=<v3>[ obj#=<int>][ tim=<int>]`.
 * Parameter names may hold spaces (`driver id`, `sync scn`); values never do, so a pair is the
 * text up to `=` and the value up to the next space (trace-format.md: `(\S[^=]*?)=(\S+)`).
 * Names are as the trace writes them (`file#`, `blocks`, `buffer#`; `p1` … before 10g).
 * One instance is reused for every record: read() replaces what it held.
 */
export class WaitParams {
  readonly names: string[] = [];
  readonly values: string[] = [];
  cursor = '';

  /** Reads the record bytes[start, end), which starts `WAIT #`. Returns false when it has no `ela=` (not a WAIT). */
  read(bytes: Uint8Array, start: number, end: number): boolean {
    this.names.length = 0;
    this.values.length = 0;
    let p = start + 6;
    const cursorStart = p;
    while (p < end && bytes[p] !== COLON) p++;
    this.cursor = latin1(bytes, cursorStart, p);
    const ela = findBytes(bytes.subarray(0, end), ELA, p);
    if (ela < 0) return false;
    p = ela + ELA.length;
    while (p < end && bytes[p] === SPACE) p++;
    while (p < end && bytes[p] !== SPACE) p++; // the ela value
    while (p < end) {
      while (p < end && bytes[p] === SPACE) p++;
      const nameStart = p;
      while (p < end && bytes[p] !== EQUALS) p++;
      if (p >= end) break;
      const name = latin1(bytes, nameStart, p);
      const valueStart = ++p;
      while (p < end && bytes[p] !== SPACE) p++;
      this.names.push(name);
      this.values.push(latin1(bytes, valueStart, p));
    }
    return true;
  }

  /** The value of the parameter named `name` as written, or null when the record has none. */
  value(name: string): string | null {
    const i = this.names.indexOf(name);
    return i < 0 ? null : (this.values[i] as string);
  }

  /** p1, p2 or p3 (index 0, 1, 2): the record's first three parameters, whatever their names. */
  positional(index: number): string | null {
    const name = this.names[index];
    if (name === undefined || TRAILING.has(name)) return null;
    return this.values[index] as string;
  }
}

/** Parameter names and values are ASCII in every release; one char per byte. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i] as number);
  return s;
}
