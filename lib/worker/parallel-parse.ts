/**
 * A large plain trace parsed on both cores, as the CLI does with threads: cut at record lines
 * (lib/trace/range-plan.ts), the ranges taken in turn by this worker and the range workers, and the
 * scans joined by mergeRanges() into exactly what one sequential pass gives (tests compare them).
 * null means "read it in one pass": gzip, odd content, or a range that began inside SQL text.
 */
import { buildFileResult } from '../trace/file-result';
import { mergeRanges, needsSequentialRescan } from '../trace/merge-ranges';
import { planRanges } from '../trace/range-plan';
import type { ScanResult } from '../trace/scan-result';
import type { TraceFileResult } from '../trace/types';
import { CancelledError } from './file-chunks';
import type { RangeHelper } from './range-port';
import { scanBlobRange, type RangeTask } from './range-scan';

/** A plain file at least this large is cut into ranges when a range worker is there to help. */
export const SPLIT_BYTES = 64 << 20;
/** About this much per range: small enough that the two threads finish close together. */
export const RANGE_BYTES = 64 << 20;

export interface ParallelParse {
  file: Blob;
  name: string;
  event: string;
  fileIndex: number;
  helpers: readonly RangeHelper[];
  signal: AbortSignal;
  /** Bytes scanned so far, and the samples of the ranges finished so far. */
  onProgress: (bytes: number, samples: number) => void;
  /** Tests: smaller ranges, so a small file is cut too. */
  rangeBytes?: number;
}

const samplesOf = (scan: ScanResult) => (scan.sampleBlocks ? scan.sampleBlocks.reduce((n, b) => n + b.count, 0) : scan.samples.count);

export async function parseInRanges(o: ParallelParse): Promise<TraceFileResult | null> {
  const size = o.file.size;
  const parts = Math.max(1 + o.helpers.length, Math.round(size / (o.rangeBytes ?? RANGE_BYTES)));
  const readAt = async (start: number, length: number) => new Uint8Array(await o.file.slice(start, start + length).arrayBuffer());
  const plan = await planRanges(readAt, size, parts, o.event, o.name);
  if (!plan) return null;
  const ranges = plan.cuts.slice(0, -1).map((start, i) => ({ start, end: plan.cuts[i + 1] as number }));
  const scans: ScanResult[] = new Array(ranges.length);
  const scanned = new Float64Array(ranges.length);
  let samples = 0;
  let next = 0;
  const report = () => o.onProgress(scanned.reduce((a, b) => a + b, 0), samples);
  const runner = async (scanOne: (task: RangeTask, onBytes: (bytes: number) => void) => Promise<ScanResult>) => {
    while (next < ranges.length) {
      if (o.signal.aborted) throw new CancelledError();
      const i = next++;
      const { start, end } = ranges[i]!;
      const task: RangeTask = { blob: o.file, start, end, headFacts: plan.headFacts, event: o.event, fileName: o.name, fileIndex: o.fileIndex };
      const scan = await scanOne(task, (bytes) => {
        scanned[i] = bytes;
        report();
      });
      scans[i] = scan;
      scanned[i] = end - start;
      samples += samplesOf(scan);
      report();
    }
  };
  await Promise.all([runner((t, p) => scanBlobRange(t, o.signal, p)), ...o.helpers.map((h) => runner((t, p) => h.scan(t, o.signal, p)))]);
  if (needsSequentialRescan(scans)) return null;
  return buildFileResult(mergeRanges(scans), { fileName: o.name, event: o.event, compression: 'none', bytesRead: size });
}
