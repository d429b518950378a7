import { parseTrace } from '../trace/parse-trace';
import { TraceScanner, type ScanResult } from '../trace/scanner';
import type { TraceFileResult } from '../trace/types';
import { elaHistogramOf, type ValueCounts } from '../stats/range-histograms';
import { fileChunks } from './file-chunks';
import type { ParseTask } from './parse-protocol';
import { scanFileRange } from './scan-file-range';

/** Runs one task; the same code runs in a worker thread and, with one core, on the main thread. */
export async function runTask(
  task: ParseTask,
  onProgress: (bytes: number) => void,
): Promise<{ kind: 'file'; result: TraceFileResult } | { kind: 'range'; scan: ScanResult; histogram: ValueCounts | null }> {
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
  const scanner = new TraceScanner({
    event: task.event,
    fileName: task.fileName,
    fileIndex: task.fileIndex,
    range: { startOffset: task.start, headFacts: task.headFacts },
    keep: task.keep,
  });
  await scanFileRange(task.path, task.start, task.end, scanner, onProgress);
  const scan = scanner.finish({ blocks: true });
  // Kept as counts, the range's counts are its histogram part: the calling thread merges the parts
  // and adds the cumulative counts once (mergeIntHistograms), not once per range here.
  const histogram = scan.elaCounts ?? elaHistogramOf(scan.sampleBlocks ?? [scan.samples]);
  return { kind: 'range', scan, histogram };
}
