import { ascii, matchAt } from './bytes';

/** What a non-WAIT line is, told from its first bytes (trace-format.md §5). */
export const LineKind = {
  Blank: 0,
  Separator: 1,
  Star: 2,
  Indented: 3,
  ParsingInCursor: 4,
  /** A record followed by free text with no end marker: BINDS, PARSE ERROR. */
  FreeTextRecord: 5,
  /** A record whose last field is a value, so a line ending otherwise was cut short. */
  Record: 6,
  /** A record whose end we do not check. */
  LooseRecord: 7,
  Other: 8,
} as const;
export type LineKind = (typeof LineKind)[keyof typeof LineKind];

const PARSING_IN_CURSOR = ascii('PARSING IN CURSOR');
const PARSE_ERROR = ascii('PARSE ERROR');
const PARSE = ascii('PARSE #');
const EXEC = ascii('EXEC #');
const ERROR = ascii('ERROR #');
const END_OF_STMT = ascii('END OF STMT');
const FETCH = ascii('FETCH #');
const XCTEND = ascii('XCTEND ');
const CLOSE = ascii('CLOSE #');
const STAT = ascii('STAT #');
const SORT_UNMAP = ascii('SORT UNMAP #');
const UNMAP = ascii('UNMAP #');
const BINDS = ascii('BINDS #');
const LOB = ascii('LOB');
const APPNAME = ascii('APPNAME ');
const SEPARATOR = ascii('=====');
const STARS = ascii('***');

export function classifyLine(buf: Uint8Array, start: number, end: number): LineKind {
  if (start === end) return LineKind.Blank;
  switch (buf[start]) {
    case 0x2a: // *
      return matchAt(buf, start, end, STARS) ? LineKind.Star : LineKind.Other;
    case 0x3d: // =
      return matchAt(buf, start, end, SEPARATOR) ? LineKind.Separator : LineKind.Other;
    case 0x20: // space
    case 0x09: // tab
      return LineKind.Indented;
    case 0x50: // P
      if (matchAt(buf, start, end, PARSE)) return LineKind.Record;
      if (matchAt(buf, start, end, PARSING_IN_CURSOR)) return LineKind.ParsingInCursor;
      if (matchAt(buf, start, end, PARSE_ERROR)) return LineKind.FreeTextRecord;
      return LineKind.Other;
    case 0x45: // E
      if (matchAt(buf, start, end, EXEC) || matchAt(buf, start, end, ERROR)) return LineKind.Record;
      return matchAt(buf, start, end, END_OF_STMT) ? LineKind.LooseRecord : LineKind.Other;
    case 0x46: // F
      return matchAt(buf, start, end, FETCH) ? LineKind.Record : LineKind.Other;
    case 0x58: // X
      return matchAt(buf, start, end, XCTEND) ? LineKind.Record : LineKind.Other;
    case 0x43: // C
      return matchAt(buf, start, end, CLOSE) ? LineKind.Record : LineKind.Other;
    case 0x53: // S
      return matchAt(buf, start, end, STAT) || matchAt(buf, start, end, SORT_UNMAP) ? LineKind.Record : LineKind.Other;
    case 0x55: // U
      return matchAt(buf, start, end, UNMAP) ? LineKind.Record : LineKind.Other;
    case 0x42: // B
      return matchAt(buf, start, end, BINDS) ? LineKind.FreeTextRecord : LineKind.Other;
    case 0x4c: // L: LOBREAD:, LOBWRITE:, … have no cursor (19c)
      return matchAt(buf, start, end, LOB) ? LineKind.Record : LineKind.Other;
    case 0x41: // A: APPNAME mod='…' (pre-10g)
      return matchAt(buf, start, end, APPNAME) ? LineKind.LooseRecord : LineKind.Other;
    default:
      return LineKind.Other;
  }
}
