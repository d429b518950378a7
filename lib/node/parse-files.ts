import { closeSync } from 'node:fs';
import type { ProfileOptions } from '../profile/profile-collector';
import type { TimeWindow } from '../scope/time-window';
import type { FileClock } from '../scope/windowed-visitor';
import type { FileClockWithSamples } from '../scope/window-clock';
import type { Measure } from '../trace/measure';
import type { DatasetProfile } from '../profile/profile-model';
import type { Counts } from '../stats/counts';
import type { GroupSpec, GroupTallies } from '../scope/group-collector';
import type { GroupProfiles } from '../scope/grouped-profiles';
import { countsHistogram, parseInRanges, type RangeRunner } from '../trace/parallel-ranges';
import { TAIL_SPLIT, type TailSplit } from '../trace/range-queue';
import type { RangeSizes } from '../trace/range-schedule';
import type { SampleKeeping, TraceFileResult } from '../trace/types';
import type { InputFile } from './find-inputs';
import { ParsePool } from './worker-pool';
import { FileError, openInputFile, readSyncAt } from './file-error';
import { refusedFileResult } from '../trace/file-result';

/** A plain file at least this large is scanned as ranges (read in place), even as one range. */
const IN_PLACE_BYTES = 1 << 20;

export interface ParseFilesOptions {
  event: string;
  /** 'counts': keep only each file's ela counts (`elaHistograms`), no per-wait samples. */
  keep?: SampleKeeping;
  workers?: number;
  /** The threads to parse on, when the caller has more for them to do after (the export); `workers` then says nothing. */
  pool?: ParsePool;
  /** Bytes read so far out of the total, across all files. */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
  /** A call or commit measure instead of `event`'s waits; each file is then one task (its state runs through the file). */
  measure?: Exclude<Measure, { kind: 'event' }>;
  /** Also build each file's call profile (lib/profile), in the same pass; each file is then one task. */
  profile?: ProfileOptions;
  /** With `profile`: only the records inside this window, each file's placed on its clock from a first pass (one per file, in order). */
  profileWindow?: { window: TimeWindow; clocks: readonly FileClock[] };
  /** --group/--where (lib/scope): filter and group the values in the same pass; each file is then one task. */
  group?: GroupSpec;
  /** With `group`: tally only the values inside this window, each file's placed on its clock from a first pass (one per file, in order). */
  groupWindow?: { window: TimeWindow; clocks: readonly FileClockWithSamples[] };
  /** Tests: split smaller files into smaller ranges (a profile too: guided, not one per thread), and run this worker script. */
  ranges?: RangeSizes;
  /** Tests: split a range's tail off for an idle thread at these sizes, not TAIL_SPLIT's. */
  tailSplit?: TailSplit;
  workerUrl?: URL;
}

export interface ParsedFiles {
  /** In input order, with `fileIndex` = position in `files`. */
  results: TraceFileResult[];
  /**
   * Per file, the exact histogram of its samples' ela when the file was parsed in ranges that
   * each built theirs (see range-histograms.ts), or with `keep: 'counts'`; null otherwise.
   */
  elaHistograms: (Counts | null)[];
  /** Per file, its call profile when `profile` was asked for, else null. */
  profiles: (DatasetProfile | null)[];
  /** Per file, its values' groups when `group` was asked for, else null. */
  groups: (GroupTallies | null)[];
  /** Per file, its profile per group when both `profile` and a `group` key were asked for, else null. */
  groupProfiles: (GroupProfiles | null)[];
}

/**
 * Parses files on all cores: the CLI's adapter of lib/trace/parallel-ranges.ts, whose runners are
 * this process's thread pool. Small files, and gzip ones, are one task each (read whole).
 */
export async function parseFiles(files: readonly InputFile[], options: ParseFilesOptions): Promise<ParsedFiles> {
  const total = files.reduce((n, f) => n + f.size, 0);
  const progress = new Float64Array(files.length);
  const report = (fileIndex: number, bytes: number) => {
    progress[fileIndex] = bytes;
    options.onProgress?.(progress.reduce((a, b) => a + b, 0), total);
  };
  const pool = options.pool ?? new ParsePool(options.workers, options.workerUrl);
  const keep = options.keep ?? 'samples';
  // Once every file is scanned the workers can go (ParsePool.retire), while this thread joins;
  // a caller's pool stays as it is, for the caller's next task.
  let scanning = files.length;
  const scanned = () => {
    if (--scanning === 0 && !options.pool) pool.retire();
  };
  try {
    const parsed = await Promise.all(
      files.map(async (file, fileIndex) => {
        let counted = false;
        const once = () => {
          if (!counted) scanned();
          counted = true;
        };
        const whole = async () => {
          const task = { kind: 'file' as const, path: file.path, ...(file.member && { member: file.member }), fileName: file.name, fileIndex, event: options.event, keep, ...(options.profile && { profile: options.profile }), ...(options.measure && { measure: options.measure }), ...(options.profile && options.profileWindow && { profileWindow: { window: options.profileWindow.window, clock: options.profileWindow.clocks[fileIndex] as FileClock } }), ...(options.group && { group: options.group }), ...(options.group && options.groupWindow && { groupWindow: { window: options.groupWindow.window, clock: options.groupWindow.clocks[fileIndex] as FileClockWithSamples } }) };
          const done = await pool.run(task, (bytes) => report(fileIndex, bytes)).finally(once).catch((error: unknown) => {
            // A damaged member (a zip bomb stopped, a member that cannot be inflated) is that member's
            // problem: it is skipped with its message, and the archive's other members still count.
            // A file that could not be read (the archive on disk: an I/O error) is not the member's damage.
            if (!file.member || error instanceof FileError) throw error;
            const said = error instanceof Error ? error.message : String(error);
            // An ArchiveError names the member; a cut one before its first byte (MemberCutError) does not.
            const reason = said.startsWith(file.name) ? said : `${file.name}: ${said}`;
            return { kind: 'refused' as const, result: refusedFileResult({ fileName: file.name, event: options.event, compression: 'none', bytesRead: 0 }, reason) };
          });
          if (done.kind === 'refused') return { result: done.result, elaHistogram: countsHistogram(done.result), profile: null, groups: null, groupProfiles: null };
          if (done.kind !== 'file-done') throw new Error('a file task returned a range');
          return { result: done.result, elaHistogram: countsHistogram(done.result), profile: done.profile, groups: done.groups, groupProfiles: done.groupProfiles };
        };
        // A member compressed in its archive has no offsets to start a range at: one task, read from its start.
        // A plain profile is joined from ranges (lib/profile/range-profile.ts); windowed or per group, it is read whole.
        if (file.size < IN_PLACE_BYTES || options.profileWindow || options.measure || options.group || (file.member && !file.member.span)) return whole();
        const base = file.member?.span?.start ?? 0;
        const runner: RangeRunner = async (task, onBytes) => {
          const done = await pool.run({ kind: 'range', path: file.path, base, ...task }, onBytes);
          if (done.kind !== 'range-done') throw new Error('a range task returned a file');
          return done;
        };
        const ranged = await withFile(file.path, base, file.size, (readAt) =>
          parseInRanges({
            readAt,
            size: file.size,
            fileName: file.name,
            fileIndex,
            event: options.event,
            keep,
            runners: Array.from({ length: pool.capacity }, () => runner),
            threads: pool.size,
            // Threads of one process share memory: an idle one takes the tail of a range still scanned.
            ...(pool.size > 1 && { splitTails: options.tailSplit ?? TAIL_SPLIT, idle: () => pool.idle() }),
            ...(options.ranges ? { sizes: options.ranges } : {}),
            ...(options.profile && { profile: options.profile }),
            onProgress: (bytes) => report(fileIndex, bytes),
            onScanned: once,
          }),
        );
        return ranged ? { ...ranged, groups: null, groupProfiles: null } : whole();
      }),
    );
    return { results: parsed.map((p) => p.result), elaHistograms: parsed.map((p) => p.elaHistogram), profiles: parsed.map((p) => p.profile), groups: parsed.map((p) => p.groups), groupProfiles: parsed.map((p) => p.groupProfiles) };
  } finally {
    if (!options.pool) await pool.close();
  }
}

/**
 * `readAt` over a file on disk (from `base`: a member stored in place in its archive), for the plan (lib/trace/range-plan.ts), open while the file is
 * parsed. The head and the probe around each cut (a few 64 KiB reads) are read synchronously:
 * through the thread pool, one round trip each, the plan took ~30 ms before the first range could
 * start; this way ~2 ms. Each range opens the file again on the thread that scans it.
 */
async function withFile<T>(path: string, base: number, size: number, use: (readAt: (start: number, length: number) => Promise<Uint8Array>) => Promise<T>): Promise<T> {
  const fd = openInputFile(path);
  const readAt = (start: number, length: number) => {
    // Never past the file's (the member's) end: a member's next bytes are the archive's.
    const buf = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
    return Promise.resolve(buf.subarray(0, readSyncAt(path, fd, buf, buf.length, base + start)));
  };
  try {
    return await use(readAt);
  } finally {
    closeSync(fd);
  }
}
