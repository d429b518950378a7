import { parseTrace } from '../trace/parse-trace';
import { finishRange, rangeScanner, type RangeScan } from '../trace/scan-range';
import type { TraceFileResult } from '../trace/types';
import { fileChunks } from './file-chunks';
import type { ParseTask } from './parse-protocol';
import { scanFileRange } from './scan-file-range';

/** Runs one task; the same code runs in a worker thread and on the calling thread. */
export async function runTask(task: ParseTask, onProgress: (bytes: number) => void): Promise<{ kind: 'file'; result: TraceFileResult } | ({ kind: 'range' } & RangeScan)> {
  if (task.kind === 'file') {
    const result = await parseTrace(fileChunks(task.path), {
      event: task.event,
      fileName: task.fileName,
      fileIndex: task.fileIndex,
      keep: task.keep,
      onProgress,
    });
    return { kind: 'file', result };
  }
  const scanner = rangeScanner(task);
  await scanFileRange(task.path, task.start, task.end, scanner, onProgress);
  return { kind: 'range', ...finishRange(scanner) };
}
