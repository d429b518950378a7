/**
 * The lines around a strace call or fio I/O, as the outlier panels show them: read by the trace's
 * context reader (lib/outliers/context.ts), which finds WAIT records, not strace lines, so the value's
 * own line is marked here, and the note says why there is no statement instead of "no WAIT record".
 */
import type { TraceContext } from '../outliers/context';

export const SYSIO_STATEMENT_NOTE = 'a strace or fio line: it belongs to no SQL statement';

export function sysioContext(context: TraceContext, line: number): TraceContext {
  return { ...context, lines: context.lines.map((l) => ({ ...l, isWait: l.line === line, inStatement: false })), cursor: null, statement: null, statementNote: SYSIO_STATEMENT_NOTE };
}
