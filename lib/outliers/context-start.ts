/**
 * Where the context pass over a plain file may start, instead of at its first byte: at a record
 * line (lib/trace's range plan, the cut the range-parallel parser would make there) far enough
 * before the first wait that its lines and any statement the pass may show for it come after it.
 * The scanner then runs in range mode from there with the facts of the file's head, as a parse
 * range does, and sees the same records. A wait near the end of a 1 GiB trace is then a read of
 * some 20 MiB, not of the gigabyte before it. gzip or xz data cannot be entered in the middle: null,
 * and the pass starts at byte 0 (planRanges tells them by their magic bytes).
 */
import { LF } from '../trace/bytes';
import { planRanges, type ReadAt } from '../trace/range-plan';
import type { TraceFacts } from '../trace/types';
import { DEFAULT_BEFORE, DEFAULT_STATEMENT_SEARCH_BYTES, MAX_LINE_BYTES, type ContextOptions, type ContextTarget } from './context';

export interface ContextStart {
  /** Byte offset of a line start, and that line's 1-based number. */
  offset: number;
  line: number;
  headFacts: TraceFacts;
}

/** Skipping less than this is not worth the plan and the count of line ends. */
const MIN_SKIP_BYTES = 32 << 20;
const COUNT_BLOCK = 4 << 20;

export async function contextStart(readAt: ReadAt, size: number, targets: readonly ContextTarget[], options: ContextOptions = {}, minSkipBytes = MIN_SKIP_BYTES): Promise<ContextStart | null> {
  const first = targets.reduce<ContextTarget | null>((a, b) => (a === null || b.offset < a.offset ? b : a), null);
  if (first === null) return null;
  const margin = (options.statementSearchBytes ?? DEFAULT_STATEMENT_SEARCH_BYTES) + ((options.before ?? DEFAULT_BEFORE) + 1) * MAX_LINE_BYTES;
  const from = first.offset - margin;
  if (from < minSkipBytes) return null;
  const plan = await planRanges(readAt, size, [from], '', '');
  const cut = plan?.cuts.length === 3 ? (plan.cuts[1] as number) : null;
  if (plan === null || cut === null || cut >= first.offset) return null;
  // The cut's line number: the wait's, less the line ends between them (a glued wait's offset lies
  // after its line's start, with no line end in between).
  let lineEnds = 0;
  for (let at = cut; at < first.offset; ) {
    const bytes = await readAt(at, Math.min(COUNT_BLOCK, first.offset - at));
    if (bytes.length === 0) return null;
    for (let i = bytes.indexOf(LF); i >= 0; i = bytes.indexOf(LF, i + 1)) lineEnds++;
    at += bytes.length;
  }
  return { offset: cut, line: first.line - lineEnds, headFacts: plan.headFacts };
}
