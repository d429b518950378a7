/**
 * One byte range of a large plain trace, scanned on whichever thread runs this (the analysis worker
 * or a range worker): lib/trace's per-range work (scan-range.ts), fed from
 * `Blob.slice(start, end)`, read with a BYOB reader into one reused buffer (file-chunks.ts
 * SCAN_READ_BYTES: the scanner copies what it keeps of a chunk before it asks for the next).
 */
import { scanRangeChunks, type RangeScan, type RangeTask } from '../trace/scan-range';
import { fileChunks, SCAN_READ_BYTES } from './file-chunks';

/** A range task with the file it is a range of (a Blob crosses to a worker without its bytes). */
export type BlobRangeTask = RangeTask & { blob: Blob };

export function scanBlobRange(task: BlobRangeTask, signal: AbortSignal | undefined, onProgress: (bytes: number) => void): Promise<RangeScan> {
  return scanRangeChunks(task, fileChunks(task.blob.slice(task.start, task.end), signal, SCAN_READ_BYTES), onProgress);
}
