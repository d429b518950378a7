/**
 * The trace lines around one wait, read through its byte offset, and the statement its cursor
 * belongs to. Pure: bytes come from `readRange(start, end)`, which the browser implements with
 * `Blob.slice(start, end).arrayBuffer()` and Node with a positioned `fs` read; only the needed
 * ranges are read, never the whole file (style.md §2). Text is decoded here because a person reads
 * it (style.md §12); it is plain text, never markup.
 *
 * The statement: the last `PARSING IN CURSOR #n ` line before the wait whose n is the WAIT line's
 * cursor (cursor numbers are reused, trace-format.md §6, so the last one wins), with its SQL text
 * up to `END OF STMT`. Cursor #0 has no statement (§6). The search goes back at most
 * `statementSearchBytes`: a commit loop parses its cursor once at the top of a file that may be
 * gigabytes long, and reading all of that back would be reading the whole file.
 */
import { ascii, decodeText, findBytes, matchAt } from '../trace/bytes';
import { forEachLine, lineEnd } from '../trace/lines';
import { waitCursorEnd } from '../trace/wait-line';

/** Reads bytes [start, end) of the (decompressed) file; fewer at the end of the file. */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

export const DEFAULT_BEFORE = 30;
export const DEFAULT_AFTER = 10;
export const DEFAULT_STATEMENT_SEARCH_BYTES = 16 << 20;
/** A line is shown up to this many bytes: a bind value can be megabytes long. */
export const MAX_LINE_BYTES = 64 << 10;
const BLOCK = 64 << 10;
const LF = 0x0a;
const END_OF_STMT_LINE = ascii('\nEND OF STMT');
const WAIT = ascii('WAIT #');
const XCTEND = ascii('XCTEND ');
/** A call line of a cursor (a call or commit measure's record, lib/trace/measure.ts): its name and cursor number. */
const CALL_LINE = /^(?:PARSE|EXEC|FETCH|CLOSE|UNMAP|SORT UNMAP) #(\d+)[: ]/;

export interface ContextOptions {
  /** Byte offset of the WAIT record (WaitSamples.offset) and its 1-based line (WaitSamples.line). */
  offset: number;
  line: number;
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

export interface StatementText {
  cursor: string;
  /** Line of `PARSING IN CURSOR`, and of `END OF STMT` (null when not found within 1 MiB). */
  line: number;
  endLine: number | null;
  offset: number;
  lines: string[];
}

export interface TraceContext {
  lines: ContextLine[];
  /** The record's cursor number (a WAIT's, or a call's), null when the line has none or does not parse. */
  cursor: string | null;
  statement: StatementText | null;
  /** Why there is no statement, when there is none. */
  statementNote: string | null;
}

/** The lines around the wait at `offset`, and its statement. */
export async function readContext(readRange: ReadRange, options: ContextOptions): Promise<TraceContext> {
  const before = options.before ?? DEFAULT_BEFORE;
  const after = options.after ?? DEFAULT_AFTER;
  const { offset, line } = options;
  // starts[0] is the start of the wait's own line (the offset itself, unless the WAIT was glued
  // after another record on its line), starts[k] that of line (line − k).
  const starts = await findLineStartsBack(readRange, offset, before + 1, before * MAX_LINE_BYTES + BLOCK);
  const waitStart = starts[0] ?? offset;
  const first = starts[Math.min(before, starts.length - 1)] ?? offset;
  const lines: ContextLine[] = [];
  const push = (isWait: boolean) => (text: string, at: number, cut: boolean) => lines.push({ line: 0, offset: at, text, isWait: isWait && at === waitStart, inStatement: false, cut });
  splitLines(await readRange(first, waitStart), first, before, push(false));
  const forward = await readForward(readRange, waitStart, after + 1, (after + 1) * MAX_LINE_BYTES);
  splitLines(forward, waitStart, after + 1, push(true));
  const firstLine = line - lines.filter((l) => l.offset < waitStart).length;
  lines.forEach((l, k) => (l.line = firstLine + k));
  const cursor = cursorAt(forward, offset - waitStart);
  let statement: StatementText | null = null;
  let statementNote: string | null = null;
  if (cursor === null && matchAt(forward, offset - waitStart, forward.length, XCTEND)) statementNote = 'XCTEND: the end of a transaction belongs to no statement';
  else if (cursor === null) statementNote = 'the line at this offset is not a WAIT or call record';
  else if (cursor === '0') statementNote = 'cursor #0: the wait belongs to no statement';
  else {
    statement = await findStatement(readRange, offset, line, cursor, options.statementSearchBytes ?? DEFAULT_STATEMENT_SEARCH_BYTES);
    if (!statement) statementNote = `no PARSING IN CURSOR #${cursor} within ${formatMiB(options.statementSearchBytes ?? DEFAULT_STATEMENT_SEARCH_BYTES)} before the wait (tracing may have started after the parse)`;
  }
  if (statement) {
    const last = statement.endLine ?? statement.line + statement.lines.length - 1;
    for (const l of lines) l.inStatement = l.line >= statement.line && l.line <= last;
  }
  return { lines, cursor, statement, statementNote };
}

/** The cursor number of the WAIT record (lib/trace's grammar) or call line at bytes[at], or null when there is none. */
function cursorAt(bytes: Uint8Array, at: number): string | null {
  if (!matchAt(bytes, at, bytes.length, WAIT)) return CALL_LINE.exec(decodeText(bytes, at, Math.min(bytes.length, at + 40)).text)?.[1] ?? null;
  const end = waitCursorEnd(bytes, at, bytes.length);
  return end < 0 ? null : decodeText(bytes, at + WAIT.length, end).text;
}

/**
 * Calls `take` for up to `max` lines of `bytes` (file offset `base`), split as the parser splits
 * them; a last line without LF (the end of the file, or of what was read) counts. A line is shown
 * up to MAX_LINE_BYTES, `cut` when it is longer (or may be: it runs past what was read).
 */
function splitLines(bytes: Uint8Array, base: number, max: number, take: (text: string, offset: number, cut: boolean) => void): void {
  let n = 0;
  const show = (start: number, end: number, cut: boolean) => {
    const stop = Math.min(end, start + MAX_LINE_BYTES);
    take(decodeText(bytes, start, stop).text, base + start, cut || stop < end);
  };
  if (max <= 0) return;
  const rest = forEachLine(bytes, 0, (start, end) => {
    show(start, end, false);
    return ++n < max;
  });
  if (n < max && rest < bytes.length) show(rest, lineEnd(bytes, rest, bytes.length), bytes.length - rest >= MAX_LINE_BYTES);
}

/**
 * Offsets of line starts at or before `offset`, nearest first, found by reading back block by
 * block; stops after `want` or `maxBytes` (then fewer lines are shown: they are very long). The
 * file's start is a line start.
 */
async function findLineStartsBack(readRange: ReadRange, offset: number, want: number, maxBytes: number): Promise<number[]> {
  const starts: number[] = [];
  let end = offset; // an LF at offset − 1 makes offset itself a start
  while (end > 0 && starts.length < want && offset - end < maxBytes) {
    const start = Math.max(0, end - BLOCK);
    const bytes = await readRange(start, end);
    for (let i = bytes.length - 1; i >= 0 && starts.length < want; i--) if (bytes[i] === LF) starts.push(start + i + 1);
    end = start;
  }
  if (end <= 0 && starts.length < want) starts.push(0);
  return starts;
}

async function findStatement(readRange: ReadRange, offset: number, line: number, cursor: string, maxBytes: number): Promise<StatementText | null> {
  const pattern = ascii(`\nPARSING IN CURSOR #${cursor} `);
  let end = offset;
  let newlines = 0; // LFs in [end, offset)
  while (end > 0 && offset - end < maxBytes) {
    // Overlap by the pattern's length so a match across two blocks is seen.
    const start = Math.max(0, end - BLOCK);
    const bytes = await readRange(start, Math.min(offset, end + pattern.length));
    const found = lastMatch(bytes, pattern, start === 0);
    const blockNl = countLf(bytes, 0, end - start);
    if (found >= 0) {
      const at = start + found;
      const parseLine = line - newlines - countLf(bytes, found, end - start);
      return readStatement(readRange, at, parseLine, cursor);
    }
    newlines += blockNl;
    end = start;
  }
  return null;
}

/** Position of the line start of the last `\nPARSING…` (or of the pattern without \n at byte 0). */
function lastMatch(bytes: Uint8Array, pattern: Uint8Array, atFileStart: boolean): number {
  let found = -1;
  for (let i = findBytes(bytes, pattern, 0); i >= 0; i = findBytes(bytes, pattern, i + 1)) found = i + 1;
  if (found < 0 && atFileStart && findBytes(bytes.subarray(0, pattern.length - 1), pattern.subarray(1), 0) === 0) found = 0;
  return found;
}

function countLf(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = bytes.indexOf(LF, from); i >= 0 && i < to; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** Bytes from `at` holding at least `lines` line ends, or up to `maxBytes`, or to the end of the file. */
async function readForward(readRange: ReadRange, at: number, lines: number, maxBytes: number, until?: Uint8Array): Promise<Uint8Array> {
  let size = BLOCK;
  for (;;) {
    const bytes = await readRange(at, at + size);
    const enough = until ? findBytes(bytes, until, 0) >= 0 && bytes.indexOf(LF, findBytes(bytes, until, 0)) >= 0 : countLf(bytes, 0, bytes.length) >= lines;
    if (enough || bytes.length < size || size >= maxBytes) return bytes;
    size = Math.min(maxBytes, size * 4);
  }
}

async function readStatement(readRange: ReadRange, at: number, line: number, cursor: string): Promise<StatementText> {
  const bytes = await readForward(readRange, at, Infinity, 1 << 20, END_OF_STMT_LINE);
  const lines: string[] = [];
  let endLine: number | null = null;
  splitLines(bytes, at, Infinity, (text) => {
    if (endLine !== null) return;
    lines.push(text);
    if (lines.length > 1 && text.startsWith('END OF STMT')) endLine = line + lines.length - 1;
  });
  return { cursor, line, endLine, offset: at, lines };
}

function formatMiB(bytes: number): string {
  return `${Math.round(bytes / (1 << 20))} MiB`;
}
