/**
 * The statements of a trace, as a forward pass meets them: for each cursor number the last
 * `PARSING IN CURSOR #n ` block, its lines up to `END OF STMT` (cursor numbers are reused,
 * trace-format.md §6, so the last one wins). A block without END OF STMT ends at the next
 * PARSING IN CURSOR line, or after STATEMENT_MAX_BYTES (a person reads these lines; a statement
 * longer than that is shown cut).
 */
import { ascii, decodeText, isDigit, matchAt } from '../trace/bytes';
import type { StreamLine } from './line-stream';

const STATEMENT_MAX_BYTES = 1 << 20;
const PARSING = ascii('PARSING IN CURSOR #');
const END_OF_STMT = ascii('END OF STMT');

export interface StatementText {
  cursor: string;
  /** Line of `PARSING IN CURSOR`, and of `END OF STMT` (null when not found within 1 MiB). */
  line: number;
  endLine: number | null;
  offset: number;
  lines: string[];
}

export class StatementLines {
  private readonly latest = new Map<string, StatementText>();
  private open: StatementText | null = null;
  /** Map size after the last prune: prune again when it has doubled. */
  private pruned = 64;

  /** Takes the next line; `text` decodes it (up to the shown length) when it is part of a statement. */
  take(l: StreamLine, text: () => string): void {
    const cursor = parsingCursor(l.head);
    if (cursor !== null) {
      this.open = { cursor, line: l.line, endLine: null, offset: l.offset, lines: [text()] };
      this.latest.set(cursor, this.open);
      return;
    }
    const open = this.open;
    if (open === null) return;
    if (l.offset - open.offset >= STATEMENT_MAX_BYTES) {
      this.open = null;
      return;
    }
    open.lines.push(text());
    if (matchAt(l.head, 0, l.head.length, END_OF_STMT)) {
      open.endLine = l.line;
      this.open = null;
    }
  }

  /** The last statement of `cursor` that starts less than `maxBytes` before `offset`. */
  statementOf(cursor: string, offset: number, maxBytes: number): StatementText | null {
    const s = this.latest.get(cursor);
    return s !== undefined && offset - s.offset < maxBytes ? s : null;
  }

  /** Whether `s` may still grow (its END OF STMT not read yet). */
  isOpen(s: StatementText): boolean {
    return s === this.open;
  }

  /** Forgets statements that start `maxBytes` or more before `offset`: no wait from there on can use them. */
  forgetBefore(offset: number, maxBytes: number): void {
    if (this.latest.size < 2 * this.pruned) return;
    for (const [cursor, s] of this.latest) if (offset - s.offset >= maxBytes) this.latest.delete(cursor);
    this.pruned = Math.max(64, this.latest.size);
  }
}

/** The cursor number of a `PARSING IN CURSOR #n ` line, or null. */
function parsingCursor(head: Uint8Array): string | null {
  if (!matchAt(head, 0, head.length, PARSING)) return null;
  let end = PARSING.length;
  while (end < head.length && isDigit(head[end] as number)) end++;
  if (end === PARSING.length || head[end] !== 0x20) return null;
  return decodeText(head, PARSING.length, end).text;
}
