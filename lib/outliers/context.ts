/**
 * The trace lines around waits, and the statement each wait's cursor belongs to, in one forward
 * pass over a file. The pass is lib/trace's own: decompress, then the scanner with a visitor
 * (VisitingScanner), so a wait is found as the record the parser booked at its line and offset,
 * a WAIT glued after another record on its line included (trace-format.md §8.3); the lines come
 * from the same decompressed chunks, split as the scanner splits them (line-stream.ts). The pass
 * stops once every wait's lines and statement are read. Text is decoded here because a person
 * reads it (style.md §12); it is plain text, never markup.
 *
 * The statement: the last `PARSING IN CURSOR #n ` before the wait whose n is the WAIT record's
 * cursor (statement-lines.ts). Cursor #0 has no statement (§6). It must start less than
 * `statementSearchBytes` before the wait: a statement parsed gigabytes earlier is not shown as if
 * it were the wait's (tracing may have started after the wait's own parse).
 */
import { ascii, decodeText, matchAt } from '../trace/bytes';
import { decompress, CompressedDataError } from '../trace/compression';
import { VisitingScanner, type RecordPosition, type VisitedCall } from '../trace/trace-visitor';
import { NO_EVENT } from '../trace/types';
import { waitCursorEnd } from '../trace/wait-line';
import type { ContextStart } from './context-start';
import { LineStream, type StreamLine } from './line-stream';
import { StatementLines, type StatementText } from './statement-lines';

export type { StatementText } from './statement-lines';

export const DEFAULT_BEFORE = 30;
export const DEFAULT_AFTER = 10;
export const DEFAULT_STATEMENT_SEARCH_BYTES = 16 << 20;
/** A line is shown up to this many bytes: a bind value can be megabytes long. */
export const MAX_LINE_BYTES = 64 << 10;
const WAIT = ascii('WAIT #');
/** A call line of a cursor (a call or commit measure's record, lib/trace/measure.ts): its cursor number. */
const CALL_LINE = /^(?:PARSE|EXEC|FETCH|CLOSE|UNMAP|SORT UNMAP) #(\d+)[: ]/;

/** A wait as the parser booked it: the byte offset of its record and its 1-based line (WaitSamples.offset, .line). */
export interface ContextTarget {
  offset: number;
  line: number;
}

export interface ContextOptions {
  before?: number;
  after?: number;
  statementSearchBytes?: number;
}

export interface ContextLine {
  line: number;
  offset: number;
  text: string;
  /** The wait's own line. */
  isWait: boolean;
  /** Part of the statement's PARSING IN CURSOR … END OF STMT block. */
  inStatement: boolean;
  /** Only the first MAX_LINE_BYTES were read. */
  cut: boolean;
}

export interface TraceContext {
  lines: ContextLine[];
  /** The WAIT record's cursor number, null when there is no WAIT record at the wait's line and offset. */
  cursor: string | null;
  statement: StatementText | null;
  /** Why there is no statement, when there is none. */
  statementNote: string | null;
}

interface Pending {
  target: ContextTarget;
  lines: ContextLine[];
  /** The scanner booked a WAIT record, or (a call or commit measure) a call line, at the target's line and offset. */
  found: boolean;
  /** The record found is an XCTEND, which belongs to no statement. */
  xctend: boolean;
  cursor: string | null;
  statement: StatementText | null;
}

/**
 * The contexts of `targets` (any order; the same wait may appear twice), in the order given, from
 * one pass over `source`, the file as stored. gzip data that ends early or is corrupt ends the pass
 * there, as it ended the parser's (which warned about it); a failing source throws. With `start`
 * (context-start.ts), `source` is a plain file's bytes from start.offset on.
 */
export async function readContexts(source: AsyncIterable<Uint8Array>, targets: readonly ContextTarget[], options: ContextOptions = {}, start?: ContextStart): Promise<TraceContext[]> {
  const before = options.before ?? DEFAULT_BEFORE;
  const after = options.after ?? DEFAULT_AFTER;
  const searchBytes = options.statementSearchBytes ?? DEFAULT_STATEMENT_SEARCH_BYTES;
  const pending: Pending[] = targets.map((target) => ({ target, lines: [], found: false, xctend: false, cursor: null, statement: null }));
  const byLine = [...pending].sort((x, y) => x.target.line - y.target.line || x.target.offset - y.target.offset);
  const byOffset = new Map<number, Pending[]>();
  for (const p of pending) byOffset.set(p.target.offset, [...(byOffset.get(p.target.offset) ?? []), p]);
  let unfound = pending.length;
  // A range scan numbers its lines from its start.
  const lineBefore = start ? start.line - 1 : 0;
  const onRecord = (at: RecordPosition, call: VisitedCall | null) => {
    for (const p of byOffset.get(at.offset) ?? []) {
      if (p.found || p.target.line !== at.line + lineBefore) continue;
      p.found = true;
      p.xctend = call?.call === 'XCTEND';
      unfound--;
    }
  };
  // Calls too: a call or commit measure's values are call lines (an EXEC, an XCTEND).
  const visitor = { onWait: (_: unknown, at: RecordPosition) => onRecord(at, null), onCall: (call: VisitedCall, at: RecordPosition) => onRecord(at, call) };
  const range = start ? { startOffset: start.offset, headFacts: start.headFacts } : undefined;
  const scanner = new VisitingScanner({ event: NO_EVENT, fileName: '', fileIndex: 0, keep: 'counts', range }, visitor);
  const statements = new StatementLines();
  let first = 0; // byLine[first …] still wants lines
  const lastLine = byLine.length > 0 ? (byLine[byLine.length - 1] as Pending).target.line + after : 0;
  const stream = new LineStream(MAX_LINE_BYTES, (l: StreamLine) => {
    let text: string | null = null;
    const decoded = () => (text ??= decodeText(l.head, 0, l.head.length).text);
    statements.take(l, decoded);
    while (first < byLine.length && (byLine[first] as Pending).target.line + after < l.line) first++;
    for (let k = first; k < byLine.length && (byLine[k] as Pending).target.line - before <= l.line; k++) {
      const p = byLine[k] as Pending;
      p.lines.push({ line: l.line, offset: l.offset, text: decoded(), isWait: false, inStatement: false, cut: l.length > l.head.length });
      if (p.target.line !== l.line) continue;
      p.cursor = cursorAt(l.head, p.target.offset - l.offset);
      if (p.cursor !== null && p.cursor !== '0') p.statement = statements.statementOf(p.cursor, p.target.offset, searchBytes);
    }
    const next = byLine[first];
    if (next !== undefined) statements.forgetBefore(next.target.offset, searchBytes);
  }, start);
  // Done when every wait was found, its lines are read, and its statement ended.
  const done = () => unfound === 0 && stream.lines >= lastLine && pending.every((p) => p.statement === null || !statements.isOpen(p.statement));
  // Held here, so a pass that stops early closes the file (decompress's wrappers do not pass it on).
  const input = source[Symbol.asyncIterator]();
  const { bytes } = await decompress({ [Symbol.asyncIterator]: () => input });
  let stopped = false;
  try {
    for await (const chunk of bytes) {
      stream.push(chunk);
      scanner.push(chunk);
      if (done()) {
        stopped = true;
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof CompressedDataError)) throw error;
    if (error.fromSource) throw error.sourceError;
  }
  if (stopped) await input.return?.();
  else {
    stream.finish();
    scanner.finish();
  }
  return pending.map((p) => contextOf(p, searchBytes));
}

function contextOf(p: Pending, searchBytes: number): TraceContext {
  const { lines, statement } = p;
  const cursor = p.found ? p.cursor : null;
  for (const l of lines) l.isWait = p.found && l.line === p.target.line;
  if (statement && p.found) {
    const last = statement.endLine ?? statement.line + statement.lines.length - 1;
    for (const l of lines) l.inStatement = l.line >= statement.line && l.line <= last;
    return { lines, cursor, statement, statementNote: null };
  }
  let note: string;
  if (p.found && p.xctend) note = 'XCTEND: the end of a transaction belongs to no statement';
  else if (cursor === null) note = 'the parser finds no WAIT or call record at this line and offset (has the file changed since it was read?)';
  else if (cursor === '0') note = 'cursor #0: the wait belongs to no statement';
  else note = `no PARSING IN CURSOR #${cursor} within ${Math.round(searchBytes / (1 << 20))} MiB before the wait (tracing may have started after the parse)`;
  return { lines, cursor, statement: null, statementNote: note };
}

/** The cursor number of the WAIT record (lib/trace's grammar) or call line at head[at], or null when there is none. */
function cursorAt(head: Uint8Array, at: number): string | null {
  if (at < 0) return null;
  if (!matchAt(head, at, head.length, WAIT)) return CALL_LINE.exec(decodeText(head, at, Math.min(head.length, at + 40)).text)?.[1] ?? null;
  const end = waitCursorEnd(head, at, head.length);
  return end < 0 ? null : decodeText(head, at + WAIT.length, end).text;
}
