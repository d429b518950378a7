import { ProfileCollector } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { parseTrace } from '../trace/parse-trace';
import { GroupCollector, type GroupTallies } from '../scope/group-collector';
import { allVisitors } from '../trace/visitor-pair';
import { GroupedProfiles, type GroupProfiles } from '../scope/grouped-profiles';
import { startRange, type RangeScan } from '../trace/scan-range';
import { RangeLimit } from '../trace/range-limit';
import type { TraceFileResult } from '../trace/types';
import { openInput } from './file-chunks';
import type { ParseReply, ParseTask } from './parse-protocol';
import { scanFileRange } from './scan-file-range';
import { WindowedVisitor } from '../scope/windowed-visitor';
import type { CallsWritten } from '../export/export-dataset';
import { exportCalls } from './export-calls';

type TaskDone = { kind: 'file'; result: TraceFileResult; profile: DatasetProfile | null; groups: GroupTallies | null; groupProfiles: GroupProfiles | null } | ({ kind: 'range' } & RangeScan) | ({ kind: 'export-calls' } & CallsWritten);

/** A task's result as the reply that carries it (a worker posts it; the calling thread resolves with it). */
export function doneReply(id: number, done: TaskDone): Extract<ParseReply, { kind: 'file-done' | 'range-done' | 'export-calls-done' }> {
  if (done.kind === 'file') return { kind: 'file-done', id, result: done.result, profile: done.profile, groups: done.groups, groupProfiles: done.groupProfiles };
  if (done.kind === 'export-calls') return { kind: 'export-calls-done', id, rows: done.rows, profiles: done.profiles };
  return { kind: 'range-done', id, scan: done.scan, histogram: done.histogram, ...(done.profile && { profile: done.profile }) };
}

/** Runs one task; the same code runs in a worker thread and on the calling thread. */
export async function runTask(task: ParseTask, onProgress: (bytes: number) => void): Promise<TaskDone> {
  if (task.kind === 'export-calls') return { kind: 'export-calls', ...(await exportCalls(task.files, task.dataset, task.out, onProgress)) };
  if (task.kind === 'file') {
    // A file read whole: small, compressed, or profiled with a window or per group (those need every record in file order).
    // profile --group: a profile per group (lib/scope/grouped-profiles.ts) instead of one.
    const perGroup = task.profile && task.group?.key ? new GroupedProfiles(task.group.key, task.fileName, task.profile) : null;
    const collector = task.profile ? new ProfileCollector(task.profile) : null;
    // A windowed profile sees only the records inside the window, placed on the first pass's clock.
    const profiling = collector && task.profileWindow ? new WindowedVisitor(collector, task.profileWindow.window, task.profileWindow.clock) : collector;
    // --group and --where: the values are filtered and grouped in this same pass (lib/scope).
    const grouping = task.group && !perGroup ? new GroupCollector(task.group, task.fileName, task.groupWindow) : null;
    const perGroupWindowed = perGroup && task.profileWindow ? new WindowedVisitor(perGroup, task.profileWindow.window, task.profileWindow.clock) : perGroup;
    const visitor = allVisitors([profiling, grouping, perGroupWindowed]);
    const result = await parseTrace(openInput({ path: task.path, name: task.fileName, ...(task.member && { member: task.member }) }), {
      event: task.event,
      fileName: task.fileName,
      fileIndex: task.fileIndex,
      keep: task.keep,
      onProgress,
      ...(visitor && { visitor }),
      ...(task.measure && { measure: task.measure }),
    });
    // Windowed, the file's event profile is the window's too (its waits, not the whole file's).
    if (profiling instanceof WindowedVisitor) result.profile = profiling.eventProfile();
    return { kind: 'file', result, profile: collector?.finish() ?? null, groups: grouping?.finish() ?? null, groupProfiles: perGroup?.finish() ?? null };
  }
  const work = startRange(task);
  // Offsets stay the member's own: only the reads move to where it lies in its archive.
  const base = task.base ?? 0;
  const limit = task.limit ? { range: new RangeLimit(task.limit), base } : null;
  await scanFileRange(task.path, base + task.start, base + task.end, work.scanner, onProgress, limit);
  return { kind: 'range', ...work.finish() };
}
