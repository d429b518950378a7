/**
 * Where to cut a large plain trace into byte ranges that threads can scan in parallel and
 * mergeRanges() can join: at line starts of WAIT or call records, after reading the file's head for
 * the facts only the first range would see (release, unit, tim rule). The CLI reads with Node file
 * handles, the browser with Blob.slice: both pass `readAt`.
 */
import { sniffCompression } from './compression';
import { ascii, findBytes, LF, matchAt } from './bytes';
import { depthOf, emptyCall, leavesToNextCall, parseCallLine } from './call-line';
import { TraceScanner } from './scanner';
import type { ScanResult } from './scan-result';
import type { TraceFacts } from './types';

/** The head read to learn the release, and the probe read around each cut. */
export const HEAD_BYTES = 64 << 10;

export interface RangePlan {
  /** Range starts, then the file size: range i is [cuts[i], cuts[i + 1]). */
  cuts: number[];
  headFacts: TraceFacts;
}

export type ReadAt = (start: number, length: number) => Promise<Uint8Array>;

// A range starts at a WAIT or call line: such a line ends BINDS text, so the state a range
// cannot see (free text after BINDS) is the same as a sequential scan's there.
const CUT_BEFORE = ['WAIT #', 'EXEC #', 'FETCH #', 'PARSE #', 'CLOSE #'].map(ascii);

/**
 * Offset of the first line in `probe` (after its first newline) that starts with a WAIT or call
 * record, or -1. Line by line, so it reads only up to that line: a search for each kind of record
 * through the whole probe read all of it for the kinds a trace lacks, through Node's JavaScript
 * Buffer.indexOf, often enough that V8 optimized it while the parse threads needed both cores.
 */
export function findCut(probe: Uint8Array): number {
  const bytes = new Uint8Array(probe.buffer, probe.byteOffset, probe.length); // not a Buffer: the builtin indexOf
  for (let nl = bytes.indexOf(LF); nl >= 0; nl = bytes.indexOf(LF, nl + 1)) {
    for (const marker of CUT_BEFORE) if (matchAt(bytes, nl + 1, bytes.length, marker)) return nl + 1;
  }
  return -1;
}

const WAIT = ascii('WAIT #');

/**
 * Offset of the first line in `probe` that follows a database call of depth 0 (a call line with
 * `dep=0`, or a LOB call, which is the client's: call-line.ts depthOf), read with the call-line
 * grammar, or -1: where a response-time profile holds no wait and no recursive call for a later call
 * (profile-collector.ts), so a range may start there (lib/profile/range-profile.ts). Not after an
 * XCTEND: it leaves the waits and recursive calls before it to the next call (a COMMIT inside a
 * PL/SQL block). Such a line ends BINDS text as a call line does.
 */
export function findCutAfterTopCall(probe: Uint8Array): number {
  const bytes = new Uint8Array(probe.buffer, probe.byteOffset, probe.length);
  const call = emptyCall();
  for (let nl = bytes.indexOf(LF); nl >= 0; ) {
    const start = nl + 1;
    const end = bytes.indexOf(LF, start);
    if (end < 0) return -1; // the line is not whole in the probe
    const line = bytes.subarray(start, end);
    // A WAIT glued to the call's line (trace-format.md §8.3) would wait for the next call.
    const top = parseCallLine(line, 0, line.length, 1, call) === true && depthOf(call) === 0 && !leavesToNextCall(call) && findBytes(line, WAIT, 1) < 0;
    if (top) return end + 1 < bytes.length ? end + 1 : -1;
    nl = end;
  }
  return -1;
}

/** Where a range may start: at a WAIT or call line (any scan), or after a depth 0 call (a profile). */
export type CutRule = 'record' | 'after-top-call';

/**
 * Cut points near the given range starts (ascending, without 0; range-schedule.ts picks them);
 * null when the file should be read in one pass (gzip or xz, odd content).
 */
export async function planRanges(readAt: ReadAt, size: number, starts: readonly number[], event: string, fileName: string, rule: CutRule = 'record'): Promise<RangePlan | null> {
  const head = await readAt(0, Math.min(HEAD_BYTES, size));
  // Compressed data (gzip, xz) cannot be entered in the middle.
  if (head.length < 2 || sniffCompression(head).kind !== 'none') return null;
  const scanner = new TraceScanner({ event, fileName, fileIndex: 0 });
  scanner.push(head);
  const headScan: ScanResult = scanner.finish();
  if (headScan.binaryAt !== null) return null;
  if (headScan.facts.trcsess) return null; // see needsSequentialRescan
  // The probes are read at once (one round trip, not one per range).
  const probes = await Promise.all(starts.map((at) => cutNear(readAt, size, at, rule)));
  const cuts = [0];
  for (const cut of probes) {
    if (cut < 0) return null; // no record line nearby: not worth splitting around
    if (cut > (cuts[cuts.length - 1] as number) && cut < size) cuts.push(cut);
  }
  cuts.push(size);
  return { cuts, headFacts: headScan.facts };
}

/**
 * The first place at or after `at` where a range may start under `rule`, found in one probe read;
 * -1 when there is none in the probe. For a plan, and for splitting a range's tail while it is
 * scanned (parallel-ranges.ts).
 */
export async function cutNear(readAt: ReadAt, size: number, at: number, rule: CutRule): Promise<number> {
  const cut = (rule === 'record' ? findCut : findCutAfterTopCall)(await readAt(at, Math.min(HEAD_BYTES, size - at)));
  return cut < 0 ? -1 : at + cut;
}
