import { ascii } from './bytes';

const ELA = ascii(' ela=');
const SPACE = 0x20;
const EQUALS = 0x3d;
const COLON = 0x3a;
const MINUS = 0x2d;
const E = 0x65;
const L = 0x6c;
const A = 0x61;
const QUOTE = 0x27;
/** `: nam='` from the cursor number's colon to the event's name. */
const NAME_PREFIX = 7;
/** More than any WAIT writes (three parameters, obj#, tim). */
const MAX_FIELDS = 16;

/** The fields after the three parameters: never p1, p2 or p3. */
const TRAILING = new Set(['obj#', 'tim']);

/**
 * A WAIT record's cursor number and parameters (trace-format.md §2), read from its bytes on
 * demand: `WAIT #<cursor>: nam='<event>' ela=<ws?><int> <p1name>=<v1> <p2name>=<v2> <p3name>=<v3>[ obj#=<int>][ tim=<int>]`.
 * Parameter names may hold spaces (`driver id`, `sync scn`); values never do, so a pair is the
 * text up to `=` and the value up to the next space (trace-format.md: `(\S[^=]*?)=(\S+)`).
 * Names are as the trace writes them (`file#`, `blocks`, `buffer#`; `p1` … before 10g).
 * read() only finds where the fields are; a name or value becomes a string when it is asked for,
 * since grouping millions of waits by one parameter needs one string each. One instance is
 * reused for every record: read() replaces what it held, and the bytes must stay as they are
 * until the next read().
 */
export class WaitParams {
  private bytes: Uint8Array = new Uint8Array(0);
  /** Per field: name start, name end (the `=`), value end. */
  private readonly at = new Int32Array(3 * MAX_FIELDS);
  private fields = 0;
  private cursorStart = 0;
  private cursorEnd = 0;

  /**
   * Reads the record bytes[start, end), which starts `WAIT #`. Returns false when it has no `ela=`
   * (not a WAIT). `nameLength`: the length of the event's name between its quotes, when known (a
   * visited WAIT's event): its `' ela=` is then looked for right after it, before a search.
   */
  read(bytes: Uint8Array, start: number, end: number, nameLength = -1): boolean {
    this.bytes = bytes;
    this.fields = 0;
    let p = this.afterEla(bytes, start, end, nameLength);
    if (p < 0) return false;
    const at = this.at;
    let fields = 0;
    while (p < end && fields < MAX_FIELDS) {
      while (p < end && bytes[p] === SPACE) p++;
      const nameStart = p;
      while (p < end && bytes[p] !== EQUALS) p++;
      if (p >= end) break;
      const nameEnd = p++;
      while (p < end && bytes[p] !== SPACE) p++;
      const k = 3 * fields++;
      at[k] = nameStart;
      at[k + 1] = nameEnd;
      at[k + 2] = p;
    }
    this.fields = fields;
    return true;
  }

  /**
   * read() and integerAt() in one pass, for the usual case of an event whose records all name
   * their fields alike (10g on: three parameters, then obj#): when the record's first fields are
   * named as `known`'s, in its order, writes their values (integerAt's) to `values` and returns
   * true; otherwise false, and read() tells the rest. The cursor is read as read() reads it.
   */
  readKnown(bytes: Uint8Array, start: number, end: number, nameLength: number, known: KnownFields, values: Float64Array): boolean {
    this.bytes = bytes;
    this.fields = 0;
    let p = this.afterEla(bytes, start, end, nameLength);
    if (p < 0) return false;
    const text = known.text;
    let k = 0;
    for (let i = 0; i < known.count; i++) {
      while (p < end && bytes[p] === SPACE) p++;
      // `name=` as a whole: the record's name ends at its first `=`, and no known name holds one.
      const nameEnd = known.ends[i] as number;
      if (end - p < nameEnd - k) return false;
      for (; k < nameEnd; k++, p++) if (bytes[p] !== text[k]) return false;
      // The value, read as it is found: up to the next space.
      values[i] = decimal(bytes, p, end);
      p = decimalEnd;
    }
    return true;
  }

  /** Where the fields start: just past the ela value; -1 for a record with no ` ela=`. Reads the cursor on the way. */
  private afterEla(bytes: Uint8Array, start: number, end: number, nameLength: number): number {
    let p = start + 6;
    this.cursorStart = p;
    while (p < end && bytes[p] !== COLON) p++;
    this.cursorEnd = p;
    // ' ela=' by a plain loop: findBytes' indexOf of its space stops at every space of the event name,
    // a builtin call each, and the export reads every WAIT's parameters (millions a GiB).
    const last = end - ELA.length;
    // `: nam='` then the name: its closing quote, then ' ela=' (trace-format.md §2).
    const after = p + NAME_PREFIX + nameLength + 1;
    if (nameLength >= 0 && after <= last && bytes[after - 1] === QUOTE && isEla(bytes, after)) p = after;
    else while (p <= last && !isEla(bytes, p)) p++;
    if (p > last) return -1;
    p += ELA.length;
    while (p < end && bytes[p] === SPACE) p++;
    while (p < end && bytes[p] !== SPACE) p++; // the ela value
    return p;
  }

  /**
   * The names of this record's fields up to its first obj#, as KnownFields for readKnown(), when
   * they are three parameters then obj# (what 10g and later write); null otherwise, as for 9i's
   * `p1= p2= p3=`, whose records read() reads.
   */
  knownFields(): KnownFields | null {
    const objAt = 3;
    if (this.fields <= objAt || !this.nameIs(objAt, 'obj#')) return null;
    const names: string[] = [];
    for (let i = 0; i < objAt; i++) {
      const name = this.nameAt(i);
      if (TRAILING.has(name)) return null;
      names.push(name);
    }
    return new KnownFields([...names, 'obj#']);
  }

  get cursor(): string {
    return latin1(this.bytes, this.cursorStart, this.cursorEnd);
  }

  /** The names of the record's fields, in order (p1's, p2's, p3's, then obj#, tim). */
  get names(): string[] {
    return Array.from({ length: this.fields }, (_, i) => this.nameAt(i));
  }

  /** The value of the parameter named `name` as written, or null when the record has none. */
  value(name: string): string | null {
    for (let i = 0; i < this.fields; i++) if (this.nameIs(i, name)) return this.valueAt(i);
    return null;
  }

  /** p1, p2 or p3 (index 0, 1, 2): the record's first three parameters, whatever their names. */
  positional(index: number): string | null {
    if (index >= this.fields || TRAILING.has(this.nameAt(index))) return null;
    return this.valueAt(index);
  }

  /** The name of p1, p2 or p3 (index 0, 1, 2) as written, or null when the record has none. */
  positionalName(index: number): string | null {
    if (index >= this.fields || TRAILING.has(this.nameAt(index))) return null;
    return this.nameAt(index);
  }

  /** Whether field `index` is named `name`, without making a string (an export reads millions). */
  fieldNameIs(index: number, name: string): boolean {
    return index < this.fields && this.nameIs(index, name);
  }

  /** Field `index`'s value as an integer: NaN when there is none, or it is not decimal digits (with a sign) below 2^53. */
  integerAt(index: number): number {
    if (index >= this.fields) return NaN;
    return decimal(this.bytes, (this.at[3 * index + 1] as number) + 1, this.at[3 * index + 2] as number);
  }

  /** How many fields the record has (p1 … p3, then obj#, tim). */
  get fieldCount(): number {
    return this.fields;
  }

  private nameAt(i: number): string {
    return latin1(this.bytes, this.at[3 * i] as number, this.at[3 * i + 1] as number);
  }

  private valueAt(i: number): string {
    return latin1(this.bytes, (this.at[3 * i + 1] as number) + 1, this.at[3 * i + 2] as number);
  }

  private nameIs(i: number, name: string): boolean {
    const start = this.at[3 * i] as number;
    if ((this.at[3 * i + 1] as number) - start !== name.length) return false;
    for (let k = 0; k < name.length; k++) if (this.bytes[start + k] !== name.charCodeAt(k)) return false;
    return true;
  }
}

/**
 * The names an event's records give their first fields, in order (WaitParams.knownFields), as
 * readKnown() compares them: each name with its `=`, one after the other.
 */
export class KnownFields {
  readonly text: Uint8Array;
  /** Where each `name=` ends in `text`. */
  readonly ends: Int32Array;
  readonly count: number;

  constructor(readonly names: readonly string[]) {
    this.count = names.length;
    this.text = Uint8Array.from(names.map((n) => `${n}=`).join(''), (ch) => ch.charCodeAt(0));
    this.ends = Int32Array.from(names, (_, i) => names.slice(0, i + 1).reduce((n, name) => n + name.length + 1, 0));
  }
}

/** Where the last decimal() stopped: the space after the value, or `end`. */
let decimalEnd = 0;

/**
 * The value at bytes[start …), up to the next space or `end`, as a decimal integer with an
 * optional minus: NaN when it is anything else, or at or past 2^53. Read as the value is found,
 * so readKnown() finds and reads a value in one loop; it stops where decimalEnd says.
 */
function decimal(bytes: Uint8Array, start: number, end: number): number {
  let p = start;
  const negative = bytes[p] === MINUS;
  if (negative) p++;
  const digits = p;
  let value = 0;
  let decimalDigits = true;
  for (; p < end; p++) {
    const byte = bytes[p] as number;
    if (byte === SPACE) break;
    const d = byte - 0x30;
    if (d < 0 || d > 9) decimalDigits = false;
    value = value * 10 + d;
  }
  decimalEnd = p;
  return decimalDigits && p > digits && value <= Number.MAX_SAFE_INTEGER ? (negative ? -value : value) : NaN;
}

/** Whether ' ela=' starts at bytes[p] (the caller keeps p + 5 within the record). */
function isEla(bytes: Uint8Array, p: number): boolean {
  return bytes[p] === SPACE && bytes[p + 1] === E && bytes[p + 2] === L && bytes[p + 3] === A && bytes[p + 4] === EQUALS;
}

/** Parameter names and values are ASCII in every release; one char per byte. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i] as number);
  return s;
}
