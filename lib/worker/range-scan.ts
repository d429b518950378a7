/**
 * One byte range of a large plain trace, scanned on whichever thread runs this (the analysis worker
 * or a range worker): the same TraceScanner range mode the CLI's threads use, fed from
 * `Blob.slice(start, end).stream()`.
 */
import type { ScanResult } from '../trace/scan-result';
import { TraceScanner } from '../trace/scanner';
import type { TraceFacts } from '../trace/types';
import { fileChunks } from './file-chunks';

export interface RangeTask {
  blob: Blob;
  start: number;
  end: number;
  headFacts: TraceFacts;
  event: string;
  fileName: string;
  fileIndex: number;
}

export async function scanBlobRange(task: RangeTask, signal: AbortSignal | undefined, onProgress: (bytes: number) => void): Promise<ScanResult> {
  const scanner = new TraceScanner({
    event: task.event,
    fileName: task.fileName,
    fileIndex: task.fileIndex,
    range: { startOffset: task.start, headFacts: task.headFacts },
  });
  let bytes = 0;
  for await (const chunk of fileChunks(task.blob.slice(task.start, task.end), signal)) {
    scanner.push(chunk);
    bytes += chunk.length;
    onProgress(bytes);
  }
  return scanner.finish({ blocks: true });
}
