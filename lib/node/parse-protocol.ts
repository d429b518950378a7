import type { RangeScan, RangeTask } from '../trace/scan-range';
import type { ProfileOptions } from '../profile/profile-collector';
import type { GroupSpec, GroupTallies } from '../scope/group-collector';
import type { GroupProfiles } from '../scope/grouped-profiles';
import type { Measure } from '../trace/measure';
import type { DatasetProfile } from '../profile/profile-model';
import type { SampleKeeping, TraceFileResult } from '../trace/types';
import type { TimeWindow } from '../scope/time-window';
import type { FileClock } from '../scope/windowed-visitor';
import type { FileClockWithSamples } from '../scope/window-clock';
import type { MemberLocator } from '../archive/archive-members';
import type { CallsWritten } from '../export/export-dataset';
import type { ExportCallsFile } from './export-calls';

/**
 * The one typed protocol between the CLI and its parse workers (style.md §5). `member`: the file is
 * a member of the archive at `path` (lib/archive), opened there through lib/node/file-chunks.ts's
 * openInput; a range task's `base` is where a member stored in place starts in the archive.
 */
export type ParseTask =
  | { kind: 'file'; id: number; path: string; member?: MemberLocator; fileName: string; fileIndex: number; event: string; keep: SampleKeeping; profile?: ProfileOptions; measure?: Exclude<Measure, { kind: 'event' }>; profileWindow?: { window: TimeWindow; clock: FileClock }; group?: GroupSpec; groupWindow?: { window: TimeWindow; clock: FileClockWithSamples } }
  | ({ kind: 'range'; id: number; path: string; base?: number } & RangeTask)
  /** The Parquet export's calls table and call profiles (export-calls.ts), written to `out`. */
  | { kind: 'export-calls'; id: number; files: ExportCallsFile[]; dataset: string; out: string };

export type ParseReply =
  | { kind: 'progress'; id: number; bytes: number }
  | { kind: 'file-done'; id: number; result: TraceFileResult; profile: DatasetProfile | null; groups: GroupTallies | null; groupProfiles: GroupProfiles | null }
  | ({ kind: 'range-done'; id: number } & RangeScan)
  | ({ kind: 'export-calls-done'; id: number } & CallsWritten)
  /** `file`: the error was a FileError (file-error.ts): a file the user can fix, not a bug. */
  | { kind: 'failed'; id: number; message: string; file: boolean };
