import { open } from 'node:fs/promises';
import type { IntHistogram } from '../stats/int-histogram';
import { buildFileResult } from '../trace/file-result';
import { mergeRanges, needsSequentialRescan } from '../trace/merge-ranges';
import { TraceScanner, type ScanResult } from '../trace/scanner';
import type { TraceFacts, TraceFileResult } from '../trace/types';
import { mergeIntHistograms } from '../stats/range-histograms';
import type { InputFile } from './find-inputs';
import type { ParseTask } from './parse-protocol';
import { ParsePool } from './worker-pool';

/** A plain file at least this large is split into byte ranges, at least one per worker. */
const SPLIT_BYTES = 64 << 20;
/**
 * Ranges are about this large (a file of 1 GiB is cut in 32), and each thread takes the next one
 * when it is done: the worker threads start parsing ~70 ms after the calling thread (their
 * isolates boot first), so one range per thread left the calling thread idle at the end while
 * the last worker finished.
 */
const RANGE_TARGET_BYTES = 32 << 20;
/** A plain file at least this large is scanned as a range (read in place), even unsplit. */
const RANGE_BYTES = 1 << 20;
/** The head read to learn the release (unit, tim rule) and to find split points. */
const HEAD_BYTES = 64 << 10;

export interface ParseFilesOptions {
  event: string;
  workers?: number;
  /** Bytes read so far out of the total, across all files. */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
  /** Tests: split smaller files into smaller ranges, and run this worker script. */
  ranges?: { splitBytes: number; rangeBytes: number };
  workerUrl?: URL;
}

export interface ParsedFiles {
  /** In input order, with `fileIndex` = position in `files`. */
  results: TraceFileResult[];
  /**
   * Per file, the exact histogram of its samples' ela when the file was parsed in ranges that
   * each built theirs (see ela-histogram.ts); null otherwise.
   */
  elaHistograms: (IntHistogram | null)[];
}

/**
 * Parses files on all cores. Small files, and gzip ones, are one task each; a large plain file
 * is cut at line starts into ranges, and the ranges' scans are merged.
 */
export async function parseFiles(files: readonly InputFile[], options: ParseFilesOptions): Promise<ParsedFiles> {
  const total = files.reduce((n, f) => n + f.size, 0);
  const progress = new Map<number, number>();
  let nextId = 0;
  const pool = new ParsePool((id, bytes) => {
    progress.set(id, bytes);
    if (options.onProgress) options.onProgress([...progress.values()].reduce((a, b) => a + b, 0), total);
  }, options.workers, options.workerUrl);
  const elaHistograms: (IntHistogram | null)[] = files.map(() => null);
  try {
    const results = await Promise.all(
      files.map(async (file, fileIndex) => {
        const base = { path: file.path, fileName: file.name, fileIndex, event: options.event };
        const whole = async () => {
          const done = await pool.run({ kind: 'file', id: nextId++, ...base });
          if (done.kind !== 'file-done') throw new Error('a file task returned a range');
          return done.result;
        };
        const { splitBytes, rangeBytes } = options.ranges ?? { splitBytes: SPLIT_BYTES, rangeBytes: RANGE_TARGET_BYTES };
        const parts = pool.size > 1 && file.size >= splitBytes ? Math.max(pool.size, Math.round(file.size / rangeBytes)) : 1;
        const plan = file.size >= RANGE_BYTES ? await planRanges(file, parts, options.event) : null;
        if (!plan) return whole();
        const scans = await Promise.all(
          plan.cuts.slice(0, -1).map(async (start, i) => {
            const task: ParseTask = { kind: 'range', id: nextId++, ...base, start, end: plan.cuts[i + 1] as number, headFacts: plan.headFacts };
            const done = await pool.run(task);
            if (done.kind !== 'range-done') throw new Error('a range task returned a file');
            return done;
          }),
        );
        // A range that began inside SQL text was scanned in the wrong state: rare, so just rescan.
        if (needsSequentialRescan(scans.map((d) => d.scan))) return whole();
        const histograms = scans.map((d) => d.histogram);
        if (histograms.every((h) => h !== null)) elaHistograms[fileIndex] = mergeIntHistograms(histograms as IntHistogram[]);
        return buildFileResult(mergeRanges(scans.map((d) => d.scan)), { fileName: file.name, event: options.event, compression: 'none', bytesRead: file.size });
      }),
    );
    return { results, elaHistograms };
  } finally {
    await pool.close();
  }
}

interface RangePlan {
  cuts: number[];
  headFacts: TraceFacts;
}

/** Cut points at line starts, or null when the file should be read in one pass (gzip, odd content). */
async function planRanges(file: InputFile, parts: number, event: string): Promise<RangePlan | null> {
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    if (bytesRead < 2 || (head[0] === 0x1f && head[1] === 0x8b)) return null;
    const headScan: ScanResult = (() => {
      const scanner = new TraceScanner({ event, fileName: file.name, fileIndex: 0 });
      scanner.push(head.subarray(0, bytesRead));
      return scanner.finish();
    })();
    if (headScan.binaryAt !== null) return null;
    if (headScan.facts.trcsess) return null; // see needsSequentialRescan
    // The probes are read at once (one round trip to the thread pool, not one per range).
    const starts = Array.from({ length: parts - 1 }, (_, i) => Math.floor((file.size * (i + 1)) / parts));
    const probes = await Promise.all(
      starts.map(async (at) => {
        const probe = Buffer.alloc(HEAD_BYTES);
        const { bytesRead: n } = await handle.read(probe, 0, HEAD_BYTES, at);
        return findCut(probe.subarray(0, n));
      }),
    );
    const cuts = [0];
    for (const [i, at] of starts.entries()) {
      const cut = probes[i] as number;
      if (cut < 0) return null; // no record line nearby: not worth splitting around
      if (at + cut > (cuts[cuts.length - 1] as number) && at + cut < file.size) cuts.push(at + cut);
    }
    cuts.push(file.size);
    return { cuts, headFacts: headScan.facts };
  } finally {
    await handle.close();
  }
}

// A range starts at a WAIT or call line: such a line ends BINDS text, so the state a range
// cannot see (free text after BINDS) is the same as a sequential scan's there.
const CUT_BEFORE = ['\nWAIT #', '\nEXEC #', '\nFETCH #', '\nPARSE #', '\nCLOSE #'].map((s) => Buffer.from(s, 'latin1'));

/** Offset of the first line in `probe` that starts with a WAIT or call record, or -1. */
function findCut(probe: Buffer): number {
  let best = -1;
  for (const marker of CUT_BEFORE) {
    const i = probe.indexOf(marker);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best < 0 ? -1 : best + 1;
}
