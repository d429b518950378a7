/**
 * One parsed file as the page lists it: what it gave, and each problem with its kind, so the page can
 * say "not a trace", "no such event (it has …)", "truncated at line N" or "too large" (issue 4 §4).
 */
import { isLgwrTrace } from '../lgwr/lgwr-trace';
import { isCompressedCut } from '../trace/compressed-data-error';
import type { TraceFileResult } from '../trace/types';
import { formatWarning } from '../trace/warnings';
import type { FileProblemKind, FileStatus } from './protocol';

/** Warnings that mean the file stops early: the trace was cut (still being written, or copied short). */
const TRUNCATION_CODES = new Set(['truncated-final-line', 'truncated-gzip', 'truncated-xz']);
/** Warnings that restate the outcome, already shown as the file's main problem. */
const OUTCOME_CODES = new Set(['no-event', 'not-10046', 'binary-content', 'empty-file', 'damaged-gzip', 'damaged-xz']);

export function queuedStatus(name: string, bytes: number): FileStatus {
  return { name, bytes, state: 'queued', waits: 0, oracleVersion: null, problems: [] };
}

export function statusOfResult(result: TraceFileResult, bytes: number): FileStatus {
  const problems: FileStatus['problems'] = [];
  const outcome = result.outcome;
  if (outcome.kind === 'not-a-trace') problems.push({ kind: 'not-a-trace', message: outcome.reason });
  if (outcome.kind === 'no-event') {
    const said = result.warnings.find((w) => w.code === 'no-event');
    // Compressed data cut short may have held waits after the cut (a plain file's cut last line did not).
    const noWaits = outcome.eventsPresent.length === 0 && !result.warnings.some((w) => isCompressedCut(w.code));
    problems.push({ kind: 'no-event', message: said?.message ?? `${result.fileName} has no '${outcome.event}' waits`, ...(noWaits && { noWaits: true as const }) });
  }
  for (const w of result.warnings) {
    if (OUTCOME_CODES.has(w.code)) continue;
    // Said by the no-event line when no commit was measured at all.
    if (w.code === 'commit-without-waits' && outcome.kind === 'no-event') continue;
    if (TRUNCATION_CODES.has(w.code)) {
      const at = w.lines[0] ?? result.lines;
      // The message without formatWarning's "(line N)": the line is said once, here.
      problems.push({ kind: 'truncated', message: `${result.fileName} is truncated at line ${at.toLocaleString('en-US')}: ${w.message.replace(`${result.fileName}: `, '')}` });
    } else {
      problems.push({ kind: 'warning', message: formatWarning(w) });
    }
  }
  return {
    name: result.fileName,
    bytes,
    state: 'done',
    waits: result.samples.count,
    oracleVersion: result.facts.oracleVersion,
    ...(isLgwrTrace(result.fileName, result.facts) && { lgwr: true as const }),
    problems,
  };
}

export function failedStatus(name: string, bytes: number, kind: FileProblemKind, message: string): FileStatus {
  return { name, bytes, state: 'failed', waits: 0, oracleVersion: null, problems: [{ kind, message }] };
}

/**
 * A file that gave the dataset nothing because it is no input at all (not a trace, unreadable, too
 * large): the page lists it as rejected and does not count it among the dataset's files. A trace
 * without the chosen event is not rejected: it loaded, with no waits of that event.
 */
export function isRejected(f: FileStatus): boolean {
  return f.state === 'failed' || f.problems.some((p) => p.kind === 'not-a-trace');
}
