import { ProfileCollector } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { parseTrace } from '../trace/parse-trace';
import { finishRange, rangeScanner, type RangeScan } from '../trace/scan-range';
import type { TraceFileResult } from '../trace/types';
import { fileChunks } from './file-chunks';
import type { ParseTask } from './parse-protocol';
import { scanFileRange } from './scan-file-range';
import { WindowedVisitor } from '../scope/windowed-visitor';

/** Runs one task; the same code runs in a worker thread and on the calling thread. */
export async function runTask(task: ParseTask, onProgress: (bytes: number) => void): Promise<{ kind: 'file'; result: TraceFileResult; profile: DatasetProfile | null } | ({ kind: 'range' } & RangeScan)> {
  if (task.kind === 'file') {
    // The call profile needs every record in file order, so a profiled file is one task, never ranges.
    const collector = task.profile ? new ProfileCollector(task.profile) : null;
    // A windowed profile sees only the records inside the window, placed on the first pass's clock.
    const visitor = collector && task.profileWindow ? new WindowedVisitor(collector, task.profileWindow.window, task.profileWindow.clock) : collector;
    const result = await parseTrace(fileChunks(task.path), {
      event: task.event,
      fileName: task.fileName,
      fileIndex: task.fileIndex,
      keep: task.keep,
      onProgress,
      ...(visitor && { visitor }),
      ...(task.measure && { measure: task.measure }),
    });
    // Windowed, the file's event profile is the window's too (its waits, not the whole file's).
    if (visitor instanceof WindowedVisitor) result.profile = visitor.eventProfile();
    return { kind: 'file', result, profile: collector?.finish() ?? null };
  }
  const scanner = rangeScanner(task);
  await scanFileRange(task.path, task.start, task.end, scanner, onProgress);
  return { kind: 'range', ...finishRange(scanner) };
}
