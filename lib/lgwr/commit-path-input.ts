import { MICROS_PER_ELA_UNIT } from '../units';
import { LOG_WRITE_WARNING, readLogWriteWarning } from '../trace/log-write-warning';
import { WaitParams } from '../trace/wait-params';
import { scanTrace } from '../trace/scan-trace';
import { NO_EVENT, type SessionMarker, type TimeAnchor, type TraceFacts } from '../trace/types';
import type { VisitedWait } from '../trace/trace-visitor';
import { isLgwrTrace } from './lgwr-trace';

export { isLgwrTrace };

/**
 * What the pairing (pair-commit-path.ts) needs of each file, read in one visited pass (the same
 * scanner as the parse, trace-visitor.ts): a write's blocks are read from its record's bytes
 * (wait-params.ts), a warning's size from its own line (log-write-warning.ts).
 */

export const LOG_FILE_SYNC = 'log file sync';
export const LOG_FILE_PARALLEL_WRITE = 'log file parallel write';

/** Waits of one event in one file: columns, µs (tim converted from the file's unit). */
export interface CommitPathWaits {
  count: number;
  /** End of the wait (its tim) in µs of the file's clock. */
  tim: number[];
  ela: number[];
  line: number[];
  session: number[];
  /** Redo blocks (`log file parallel write`'s blocks=), NaN when not read; bytes for warnings. */
  size: number[];
}

export interface CommitPathFile {
  fileName: string;
  /** An LGWR (or LGnn) trace: `(LGWR)` on its process line, or `_lgwr_` / `_lgNN_` in its name. */
  lgwr: boolean;
  facts: TraceFacts;
  anchors: TimeAnchor[];
  sessions: SessionMarker[];
  syncs: CommitPathWaits;
  writes: CommitPathWaits;
  /** LGWR's log write warnings (lib/trace/log-write-warning.ts): ela = ms × 1000, tim = the stamp's. */
  warnings: CommitPathWaits;
  /** µs per unit of the file's tim. */
  microsPerUnit: number;
}


function emptyWaits(): CommitPathWaits {
  return { count: 0, tim: [], ela: [], line: [], session: [], size: [] };
}

function push(w: CommitPathWaits, tim: number, ela: number, line: number, session: number, size: number): void {
  w.tim.push(tim);
  w.ela.push(ela);
  w.line.push(line);
  w.session.push(session);
  w.size.push(size);
  w.count++;
}

const params = new WaitParams();
const decoder = new TextDecoder('latin1');

/** `log file parallel write`'s blocks= (redo blocks written to each member), NaN when it has none. */
function blocksOf(w: VisitedWait): number {
  if (!params.read(w.bytes, w.start, w.end)) return NaN;
  const text = params.value('blocks');
  return text !== null && /^\d+$/.test(text) ? Number(text) : NaN;
}

/** A log write warning's bytes, from its own line. */
function warningBytes(w: VisitedWait): number {
  return readLogWriteWarning(decoder.decode(w.bytes.subarray(w.start, w.end)))?.sizeBytes ?? NaN;
}

/** `open()` yields the file's bytes as stored (gzip is unwrapped by the scan); it is read once. */
export async function readCommitPathFile(fileName: string, open: () => AsyncIterable<Uint8Array>): Promise<CommitPathFile> {
  const syncs = emptyWaits();
  const writes = emptyWaits();
  const warnings = emptyWaits();
  const scanned = await scanTrace(open(), {
    event: NO_EVENT,
    fileName,
    fileIndex: 0,
    keep: 'counts',
    visitor: {
      onWait(w, at) {
        const tim = w.tim * at.microsPerUnit;
        if (w.event === LOG_FILE_SYNC) push(syncs, tim, w.ela, at.line, at.session, NaN);
        else if (w.event === LOG_FILE_PARALLEL_WRITE) push(writes, tim, w.ela, at.line, at.session, blocksOf(w));
        else if (w.event === LOG_WRITE_WARNING) push(warnings, tim, w.ela, at.line, at.session, warningBytes(w));
      },
    },
  });
  // A source that failed inside gzip data (an I/O error) is that failure, not a cut file.
  if (scanned.dataError?.fromSource) throw scanned.dataError.sourceError;
  const scan = scanned.scan;
  if (scan === null) throw new Error(`${fileName}: ${scanned.compression.kind === 'unsupported' ? `a ${scanned.compression.format} file, which waitscope does not read` : 'not readable'}`);
  const lgwr = isLgwrTrace(fileName, scan.facts);
  const microsPerUnit = MICROS_PER_ELA_UNIT[scan.facts.unit];
  return { fileName, lgwr, facts: scan.facts, anchors: scan.anchors, sessions: scan.sessions, syncs, writes, warnings, microsPerUnit };
}

