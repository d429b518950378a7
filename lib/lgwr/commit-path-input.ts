import { MICROS_PER_ELA_UNIT } from '../units';
import { decompress } from '../trace/compression';
import { forEachLine } from '../trace/lines';
import { LOG_WRITE_WARNING, readLogWriteWarning } from '../trace/log-write-warning';
import { scanTrace } from '../trace/scan-trace';
import type { SessionMarker, TimeAnchor, TraceFacts } from '../trace/types';
import { isLgwrTrace } from './lgwr-trace';

export { isLgwrTrace };

/**
 * What the pairing (pair-commit-path.ts) needs of each file, read in one visited pass (the same
 * scanner as the parse, trace-visitor.ts) plus, for an LGWR file, a pass over the lines of its
 * writes and warnings for their sizes (the visitor hands over ela and tim, not parameters).
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

function push(w: CommitPathWaits, tim: number, ela: number, line: number, session: number): void {
  w.tim.push(tim);
  w.ela.push(ela);
  w.line.push(line);
  w.session.push(session);
  w.size.push(NaN);
  w.count++;
}

/** `open()` yields the file's bytes as stored (gzip is unwrapped here); it is called once or twice. */
export async function readCommitPathFile(fileName: string, open: () => AsyncIterable<Uint8Array>): Promise<CommitPathFile> {
  const syncs = emptyWaits();
  const writes = emptyWaits();
  const warnings = emptyWaits();
  const scanned = await scanTrace(open(), {
    event: '',
    fileName,
    fileIndex: 0,
    keep: 'counts',
    visitor: {
      onWait(w, at) {
        const tim = w.tim * at.microsPerUnit;
        if (w.event === LOG_FILE_SYNC) push(syncs, tim, w.ela, at.line, at.session);
        else if (w.event === LOG_FILE_PARALLEL_WRITE) push(writes, tim, w.ela, at.line, at.session);
        else if (w.event === LOG_WRITE_WARNING) push(warnings, tim, w.ela, at.line, at.session);
      },
    },
  });
  const scan = scanned.scan;
  if (scan === null) throw new Error(`${fileName}: ${scanned.compression.kind === 'unsupported' ? `a ${scanned.compression.format} file, which waitscope does not read` : 'not readable'}`);
  const lgwr = isLgwrTrace(fileName, scan.facts);
  if (lgwr && writes.count + warnings.count > 0) await readSizes(open, writes, warnings);
  const microsPerUnit = MICROS_PER_ELA_UNIT[scan.facts.unit];
  return { fileName, lgwr, facts: scan.facts, anchors: scan.anchors, sessions: scan.sessions, syncs, writes, warnings, microsPerUnit };
}

const WRITE_PARAMS = /nam='log file parallel write' ela=\s*\d+ files=\d+ blocks=(\d+)/;

/** The blocks of each write and the bytes of each warning, from their lines. */
async function readSizes(open: () => AsyncIterable<Uint8Array>, writes: CommitPathWaits, warnings: CommitPathWaits): Promise<void> {
  const wanted = new Map<number, { waits: CommitPathWaits; index: number }>();
  writes.line.forEach((line, index) => wanted.set(line, { waits: writes, index }));
  warnings.line.forEach((line, index) => wanted.set(line, { waits: warnings, index }));
  const { bytes } = await decompress(open());
  const decoder = new TextDecoder('latin1');
  let lineNo = 0;
  let carry: Uint8Array = new Uint8Array(0);
  const visit = (buf: Uint8Array) => (start: number, end: number) => {
    lineNo++;
    const at = wanted.get(lineNo);
    if (!at) return;
    const text = decoder.decode(buf.subarray(start, end));
    if (at.waits === writes) {
      const m = WRITE_PARAMS.exec(text);
      if (m) writes.size[at.index] = Number(m[1]);
    } else {
      const w = readLogWriteWarning(text.slice(text.indexOf('Warning: log write')));
      if (w) warnings.size[at.index] = w.sizeBytes;
    }
  };
  for await (const chunk of bytes) {
    const buf = carry.length > 0 ? concat(carry, chunk) : chunk;
    const rest = forEachLine(buf, 0, visit(buf));
    carry = buf.slice(rest);
  }
  if (carry.length > 0) visit(carry)(0, carry.length);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
