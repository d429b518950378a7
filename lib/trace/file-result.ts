import { emptyFacts } from './header-facts';
import { missingMeasureText, type Measure } from './measure';
import { decideOutcome, describeMissingEvent } from './outcome';
import { emptySamples } from './sample-columns';
import type { ScanResult } from './scanner';
import type { Compression, ParseWarning, TraceFileResult } from './types';
import type { CompressedDataError } from './compressed-data-error';

export interface FileResultContext {
  fileName: string;
  event: string;
  compression: Compression;
  bytesRead: number;
  /** Set when the compressed data (gzip, xz) ended early or was corrupt; what came before it was scanned. */
  dataError?: DataError;
  /** A call or commit measure: its absence is said in its own words. */
  measure?: Exclude<Measure, { kind: 'event' }>;
}

/** How compressed data failed (compressed-data-error.ts): its words, how (cut, corrupt, unsupported), and its format. */
export type DataError = Pick<CompressedDataError, 'message' | 'damage' | 'format'>;

/** Turns a finished scan (one pass, or merged ranges) into the file's result with its outcome. */
/** Why a trace's commits gave no value (the warning 'commit-without-waits' says where). */
const COMMITS_WITHOUT_WAITS = 'its commits are in a process with no WAIT lines (traced without waits, 10046 level 1 or 4), so their start cannot be told from the user\'s think time';

export function buildFileResult(scan: ScanResult, ctx: FileResultContext): TraceFileResult {
  const { fileName, event } = ctx;
  const warnings: ParseWarning[] = [...scan.warnings];
  if (scan.facts.unitAssumed && scan.records10046 > 0) {
    warnings.unshift({
      code: 'unit-assumed',
      message: `${fileName}: no Oracle banner, so the release is unknown: ela is assumed to be in µs (9i and later); a file from Oracle 8i or earlier would be in centiseconds`,
      count: 1,
      lines: [],
    });
  }
  // Nothing decompressed, or corrupt data: the outcome's reason says the file is damaged (outcome.ts), once.
  const dataError = ctx.dataError;
  if (dataError !== undefined && dataError.damage === 'cut' && scan.bytes > 0) {
    // One message for the file's end (issue 12): the last line is cut because the compressed data stops
    // there, so the scanner's own "ends inside a WAIT line" is said here, not as a second warning.
    const cut = warnings.findIndex((w) => w.code === 'truncated-final-line');
    const lastLine = cut >= 0 ? '; the last line, cut short, was not counted' : '';
    if (cut >= 0) warnings.splice(cut, 1);
    warnings.push({
      code: `truncated-${dataError.format}`,
      // The line reached is in `lines`: the CLI prints it after the message, the page before it.
      message: `${fileName}: ${dataError.message}, after ${scan.bytes.toLocaleString('en-US')} decompressed bytes; everything before was parsed${lastLine}`,
      count: 1,
      lines: scan.lines > 0 ? [scan.lines] : [],
    });
  }
  const outcome = decideOutcome(scan, event, fileName, ctx.measure, dataError);
  const add = (code: ParseWarning['code'], message: string) => warnings.push({ code, message, count: 1, lines: [] });
  // Commits left out for want of waits (measure-visitor.ts): "no commits that write" would be wrong of them.
  const unmeasuredCommits = warnings.some((w) => w.code === 'commit-without-waits');
  if (outcome.kind === 'no-event' && ctx.measure) {
    add('no-event', unmeasuredCommits ? `${fileName} has no commit that can be measured: ${COMMITS_WITHOUT_WAITS}` : `${fileName} has ${missingMeasureText(ctx.measure)}`);
  }
  else if (outcome.kind === 'no-event') add('no-event', describeMissingEvent(fileName, event, outcome.eventsPresent, scan.waitLines, dataError?.damage === 'cut'));
  // Refused as a format not read is (parse-trace.ts refusedFileResult): the same code.
  else if (outcome.kind === 'not-a-trace' && dataError?.damage === 'unsupported') add('not-10046', outcome.reason);
  else if (outcome.kind === 'not-a-trace' && dataError !== undefined && (scan.bytes === 0 || dataError.damage === 'corrupt')) {
    // Nothing of it counts (outcome.ts), so nothing the scanner said of the bytes before the damage
    // does either: the page listed "truncated at line N: the file ends inside a WAIT line" beside
    // the damage, the line the inflater had reached (a gzip whose CRC-32 does not match, in Chromium).
    warnings.length = 0;
    add(`damaged-${dataError.format}`, outcome.reason);
    return { ...damagedFileResult(scan, ctx, outcome), warnings };
  }
  else if (outcome.kind === 'not-a-trace' && scan.bytes === 0) add('empty-file', outcome.reason);
  else if (outcome.kind === 'not-a-trace' && scan.binaryAt !== null) add('binary-content', outcome.reason);
  else if (outcome.kind === 'not-a-trace') add('not-10046', outcome.reason);
  return {
    fileName,
    event,
    outcome,
    compression: ctx.compression,
    bytesRead: ctx.bytesRead,
    bytes: scan.bytes,
    lines: scan.lines,
    facts: scan.facts,
    sessions: scan.sessions,
    anchors: scan.anchors,
    profile: scan.profile,
    samples: scan.samples,
    ...(scan.elaCounts ? { elaCounts: scan.elaCounts } : {}),
    ...(scan.sessionCounts ? { sessionCounts: scan.sessionCounts } : {}),
    warnings,
  };
}

/**
 * A damaged gzip file's result: none of its records, which the scan read before the damage was
 * found, counts. The page summed every result's waits, so a file it listed as "none of it was
 * counted" added the 132 waits it had decoded to the dataset's statistics (a gzip with one bit of
 * its CRC-32 flipped); the CLI skips such a file, and now neither has anything to add.
 */
function damagedFileResult(scan: ScanResult, ctx: FileResultContext, outcome: TraceFileResult['outcome']): Omit<TraceFileResult, 'warnings'> {
  return { fileName: ctx.fileName, event: ctx.event, outcome, compression: ctx.compression, bytesRead: ctx.bytesRead, bytes: scan.bytes, lines: scan.lines, facts: scan.facts, sessions: [], anchors: [], profile: [], samples: emptySamples() };
}

/** A file we refuse before scanning (an unsupported compression format). */
export function refusedFileResult(ctx: FileResultContext, reason: string): TraceFileResult {
  return {
    fileName: ctx.fileName,
    event: ctx.event,
    outcome: { kind: 'not-a-trace', reason },
    compression: ctx.compression,
    bytesRead: ctx.bytesRead,
    bytes: 0,
    lines: 0,
    facts: emptyFacts(),
    sessions: [],
    anchors: [],
    profile: [],
    samples: emptySamples(),
    warnings: [{ code: 'not-10046', message: reason, count: 1, lines: [] }],
  };
}
