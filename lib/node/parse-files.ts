import { closeSync, openSync, readSync } from 'node:fs';
import { buildFileResult } from '../trace/file-result';
import { mergeRanges, needsSequentialRescan } from '../trace/merge-ranges';
import { planRanges, type RangePlan } from '../trace/range-plan';
import type { SampleKeeping, TraceFileResult } from '../trace/types';
import { fromCounts, type IntHistogram } from '../stats/int-histogram';
import { mergeIntHistograms, type ValueCounts } from '../stats/range-histograms';
import type { InputFile } from './find-inputs';
import type { ParseTask } from './parse-protocol';
import { guidedRangeStarts } from './range-schedule';
import { ParsePool } from './worker-pool';

/** A plain file at least this large is split into byte ranges, at least one per worker. */
const SPLIT_BYTES = 64 << 20;
/**
 * The smallest range (range-schedule.ts: on 2 threads ranges shrink from a quarter of the file
 * to this). Each thread takes the next range when it is done: the worker threads may start
 * parsing later than the calling thread (their isolates boot first), and equal ranges, one per
 * thread, left the calling thread idle at the end while the last worker finished.
 */
const MIN_RANGE_BYTES = 16 << 20;
/** A plain file at least this large is scanned as a range (read in place), even unsplit. */
const RANGE_BYTES = 1 << 20;

export interface ParseFilesOptions {
  event: string;
  /** 'counts': keep only each file's ela counts (`elaHistograms`), no per-wait samples. */
  keep?: SampleKeeping;
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
   * each built theirs (see range-histograms.ts), or with `keep: 'counts'`; null otherwise.
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
        const base = { path: file.path, fileName: file.name, fileIndex, event: options.event, keep: options.keep ?? 'samples' };
        const whole = async () => {
          const done = await pool.run({ kind: 'file', id: nextId++, ...base });
          if (done.kind !== 'file-done') throw new Error('a file task returned a range');
          const counted = done.result.elaCounts;
          elaHistograms[fileIndex] = counted ? fromCounts(counted.values, counted.counts) : null;
          return done.result;
        };
        const { splitBytes, rangeBytes } = options.ranges ?? { splitBytes: SPLIT_BYTES, rangeBytes: MIN_RANGE_BYTES };
        const starts = pool.size > 1 && file.size >= splitBytes ? guidedRangeStarts(file.size, pool.size, rangeBytes) : [];
        const plan = file.size >= RANGE_BYTES ? await planFileRanges(file, starts, options.event) : null;
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
        if (histograms.every((h) => h !== null)) elaHistograms[fileIndex] = mergeIntHistograms(histograms as ValueCounts[]);
        return buildFileResult(mergeRanges(scans.map((d) => d.scan)), { fileName: file.name, event: options.event, compression: 'none', bytesRead: file.size });
      }),
    );
    return { results, elaHistograms };
  } finally {
    await pool.close();
  }
}

/**
 * Cut points for a file on disk (lib/trace/range-plan.ts). The head and the probe around each cut
 * (a few 64 KiB reads) are read synchronously: through the thread pool, one round trip each, the
 * plan took ~30 ms before the first range could start; this way ~2 ms.
 */
async function planFileRanges(file: InputFile, starts: readonly number[], event: string): Promise<RangePlan | null> {
  const fd = openSync(file.path, 'r');
  try {
    const readAt = (start: number, length: number) => {
      const buf = Buffer.alloc(length);
      return Promise.resolve(buf.subarray(0, readSync(fd, buf, 0, length, start)));
    };
    return await planRanges(readAt, file.size, starts, event, file.name);
  } finally {
    closeSync(fd);
  }
}
