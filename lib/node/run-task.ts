import { ProfileCollector } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { parseTrace } from '../trace/parse-trace';
import { GroupCollector, type GroupTallies } from '../scope/group-collector';
import { bothVisitors } from '../trace/visitor-pair';
import { finishRange, rangeScanner, type RangeScan } from '../trace/scan-range';
import type { TraceFileResult } from '../trace/types';
import { fileChunks } from './file-chunks';
import type { ParseTask } from './parse-protocol';
import { scanFileRange } from './scan-file-range';

/** Runs one task; the same code runs in a worker thread and on the calling thread. */
export async function runTask(task: ParseTask, onProgress: (bytes: number) => void): Promise<{ kind: 'file'; result: TraceFileResult; profile: DatasetProfile | null; groups: GroupTallies | null } | ({ kind: 'range' } & RangeScan)> {
  if (task.kind === 'file') {
    // The call profile needs every record in file order, so a profiled file is one task, never ranges.
    const collector = task.profile ? new ProfileCollector(task.profile) : null;
    // --group and --where: the values are filtered and grouped in this same pass (lib/scope).
    const grouping = task.group ? new GroupCollector(task.group, task.fileName) : null;
    const visitor = collector && grouping ? bothVisitors(collector, grouping) : (collector ?? grouping);
    const result = await parseTrace(fileChunks(task.path), {
      event: task.event,
      fileName: task.fileName,
      fileIndex: task.fileIndex,
      keep: task.keep,
      onProgress,
      ...(visitor && { visitor }),
      ...(task.measure && { measure: task.measure }),
    });
    return { kind: 'file', result, profile: collector?.finish() ?? null, groups: grouping?.finish() ?? null };
  }
  const scanner = rangeScanner(task);
  await scanFileRange(task.path, task.start, task.end, scanner, onProgress);
  return { kind: 'range', ...finishRange(scanner) };
}
