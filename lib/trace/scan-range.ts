/**
 * The work on one byte range of a large plain trace, the same on every thread that scans one (a
 * CLI worker thread, the CLI's calling thread, a browser range worker or the analysis worker):
 * a range-mode scanner fed the range's bytes, and the exact histogram of the range's ela built
 * there, so the calling thread only merges histograms (lib/stats/range-histograms.ts).
 */
import { ProfileCollector, type ProfileOptions } from '../profile/profile-collector';
import type { RangeProfile } from '../profile/range-profile';
import { mergeCounts, type Counts } from '../stats/counts';
import { elaHistogramOf } from '../stats/range-histograms';
import type { ScanResult } from './scan-result';
import { TraceScanner } from './scanner';
import { VisitingScanner } from './trace-visitor';
import type { SampleKeeping, TraceFacts } from './types';

export interface RangeTask {
  start: number;
  end: number;
  /** The facts of the file's head (lib/trace/range-plan.ts): only the first range sees the banner. */
  headFacts: TraceFacts;
  event: string;
  fileName: string;
  fileIndex: number;
  keep: SampleKeeping;
  /** Profile the range too (lib/profile/range-profile.ts joins the ranges' profiles). */
  profile?: ProfileOptions;
  /**
   * A RangeLimit's memory (range-limit.ts), when the range's tail may be taken by another thread
   * while this one scans it: the reads then stop where the limit says, and `end` is only where the
   * range ended when it was given out (the queue's own copy of the task is moved to the cut).
   */
  limit?: SharedArrayBuffer;
}

/** What a range gives back: its scan (samples as uncopied blocks) and the histogram of its ela. */
export interface RangeScan {
  scan: ScanResult;
  /** null when a value is not a non-negative integer (then the caller summarizes the samples). */
  histogram: Counts | null;
  /** Its response-time profile, when the task asked for one. */
  profile?: RangeProfile;
}

/** One range's scan in progress: push its bytes to `scanner`, then `finish`. */
export interface RangeWork {
  scanner: TraceScanner;
  finish(): RangeScan;
}

export function startRange(task: RangeTask): RangeWork {
  const options = {
    event: task.event,
    fileName: task.fileName,
    fileIndex: task.fileIndex,
    range: { startOffset: task.start, headFacts: task.headFacts },
    keep: task.keep,
  };
  if (!task.profile) {
    const scanner = new TraceScanner(options);
    return { scanner, finish: () => finishScan(scanner) };
  }
  const collector = new ProfileCollector({ ...task.profile, range: true });
  const scanner = new VisitingScanner(options, collector);
  return { scanner, finish: () => ({ ...finishScan(scanner), profile: collector.finishRange() }) };
}

/** Ends a range's scan. Kept as counts, the range's counts are its histogram part (merged once, with the cumulative counts, by the caller). */
function finishScan(scanner: TraceScanner): RangeScan {
  const scan = scanner.finish({ blocks: true });
  const histogram = scan.elaCounts ?? (scan.sessionCounts ? mergeCounts(scan.sessionCounts.map((s) => s.counts)) : elaHistogramOf(scan.sampleBlocks ?? [scan.samples]));
  return { scan, histogram };
}

/** Scans one range from its bytes as chunks (the browser's Blob slice stream; tests). */
export async function scanRangeChunks(task: RangeTask, chunks: AsyncIterable<Uint8Array>, onBytes: (bytes: number) => void): Promise<RangeScan> {
  const work = startRange(task);
  let bytes = 0;
  for await (const chunk of chunks) {
    work.scanner.push(chunk);
    bytes += chunk.length;
    onBytes(bytes);
  }
  return work.finish();
}

/** A sample column set's buffers, to move to the receiving thread instead of copying them. */
export function sampleBuffers(...parts: ScanResult['samples'][]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const p of parts) {
    // A column not kept is empty and may share its buffer with every other: never moved.
    for (const a of [p.ela, p.tim, p.file, p.line, p.offset, p.session]) if (a.byteLength > 0) buffers.add(a.buffer as ArrayBuffer);
  }
  return [...buffers];
}

/** A range result's buffers (samples, histogram), moved by postMessage from the thread that scanned it. */
export function rangeBuffers({ scan, histogram }: RangeScan): ArrayBuffer[] {
  const own = [histogram, ...(scan.sessionCounts ?? []).map((s) => s.counts)].flatMap((c) => (c ? [c.values, c.counts, c.cumulative].map((a) => a.buffer as ArrayBuffer) : []));
  return [...new Set([...sampleBuffers(scan.samples, ...(scan.sampleBlocks ?? [])), ...own])];
}
