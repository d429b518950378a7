/**
 * The response-time profile of a dataset in the page (issue 14 §2, §3, §5): a second pass over each
 * trace file with lib/profile's profileTrace (the parser's scan with a ProfileCollector as its
 * visitor, as the CLI's parse pass does in lib/node/run-task.ts), and the files merged with
 * mergeProfiles as the CLI merges them. Computed when the page asks (the Profile or Statements view opens, or a share), not on
 * every parse, and kept per dataset until its files or the think-time threshold change.
 */
import { hasNoWaitRows, noWaitsNote } from '../profile/no-waits-note';
import { isSysioFacts } from '../sysio/sysio-format';
import { mergeProfiles } from '../profile/merge-profiles';
import type { DatasetProfile } from '../profile/profile-model';
import { profileTrace } from '../profile/profile-trace';
import { describeWindow, isWholeRun, NO_WINDOW, type TimeWindow } from '../scope/time-window';
import { formatWarning } from '../trace/warnings';
import { windowKey } from './windowed-dataset';
import type { DatasetState, TraceEntry } from './dataset-state';
import { inputSize, isRandomAccess, openInput } from './file-chunks';
import { parseInRanges } from './parallel-parse';
import type { RangeHelper } from './range-port';
import { RANGE_SIZES, type RangeSizes } from '../trace/range-schedule';
import { DEFAULT_EVENT } from '../trace/types';
import type { Post, QuestionOf } from './protocol';

/** One dataset's profile as the page gets it. */
export interface DatasetCallProfile {
  datasetId: string;
  /** null when the dataset has no trace files (CSV values, the synthetic demo), or none could be read. */
  profile: DatasetProfile | null;
  /** Trace files the profile covers. */
  files: number;
  /** Why there is no profile, or what it leaves out, naming the file: shown above the tables. */
  notes: string[];
}

/** Bytes read so far over all the dataset's trace files, for a progress bar. */
export interface ProfileProgress {
  datasetId: string;
  done: number;
  total: number;
  fileName: string;
}

/** The trace files a profile is made of: as the CLI takes them, every input that is a trace (not the rejected ones). */
function profiledFiles(d: DatasetState): TraceEntry[] {
  // strace and fio files (lib/sysio) have no database calls.
  return d.traces.filter((t) => t.result !== null && t.result.outcome.kind !== 'not-a-trace' && !isSysioFacts(t.result.facts));
}

/** Range workers, when the page has them: a large plain file's profile is then joined from its ranges (`sizes`: tests). */
export interface Ranges {
  helpers: () => Promise<readonly RangeHelper[]>;
  sizes?: RangeSizes;
}

/**
 * One file's profile (lib/profile's profileTrace: the parser's own pass with the collector as its
 * visitor), or, for a large plain file and no window, the join of its ranges' profiles on both cores
 * (lib/profile/range-profile.ts), as the CLI reads it; a file that cannot be read again throws, naming it.
 */
async function fileProfile(entry: TraceEntry, fileIndex: number, thinkTimeMicros: number, onBytes: (bytes: number) => void, window: TimeWindow | null, ranges: Ranges): Promise<{ profile: DatasetProfile; note: string | null }> {
  let read;
  try {
    const helpers = window === null && !entry.member && isRandomAccess(entry) && entry.file.size >= (ranges.sizes ?? RANGE_SIZES).splitBytes ? await ranges.helpers() : [];
    if (helpers.length > 0) {
      const signal = new AbortController().signal;
      const ranged = await parseInRanges({ file: entry.file, name: entry.name, event: DEFAULT_EVENT, keep: 'counts', fileIndex, helpers, signal, onProgress: onBytes, profile: { thinkTimeMicros }, ...(ranges.sizes && { sizes: ranges.sizes }) });
      if (ranged?.profile) return { profile: ranged.profile, note: null };
    }
    // The file's clock (its *** stamps) is its parse result's: the window places each record on it.
    const windowed = window && entry.result ? { window: { window, clock: entry.result } } : {};
    read = await profileTrace(openInput(entry), { thinkTimeMicros, fileName: entry.name, fileIndex, onProgress: onBytes, ...windowed });
  } catch (error) {
    throw new Error(`${entry.name} could not be read again for its profile: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Compressed data that ends early ends the profile there, as it ended the parse (which said where).
  const cut = read.result.warnings.find((w) => w.code === 'truncated-gzip' || w.code === 'truncated-xz');
  return { profile: read.profile, note: cut ? `${formatWarning(cut)}; the profile covers what came before` : null };
}

/**
 * The part of a window a profile takes: its From and To. Skips cut sessions' waits by their first
 * and last ones; the CLI's profile takes no skips either (lib/cli/load-dataset.ts). Null: the whole run.
 */
function profileEdges(window: TimeWindow): TimeWindow | null {
  const edges = { ...NO_WINDOW, from: window.from, to: window.to };
  return isWholeRun(edges) ? null : edges;
}

async function datasetProfile(d: DatasetState, thinkTimeMicros: number, progress: (p: ProfileProgress) => void, window: TimeWindow, ranges: Ranges): Promise<DatasetCallProfile> {
  if (d.synthetic) return { datasetId: d.id, profile: null, files: 0, notes: ['The synthetic demo has waits only, no database calls: it has no response-time profile.'] };
  const files = profiledFiles(d);
  if (files.length === 0) {
    const why = d.csv.length > 0 ? 'CSV values are waits only, with no database calls' : 'none of its files is a trace';
    return { datasetId: d.id, profile: null, files: 0, notes: [`This dataset has no response-time profile: ${why}.`] };
  }
  const total = files.reduce((n, t) => n + inputSize(t), 0);
  let before = 0;
  const parts: DatasetProfile[] = [];
  const edges = profileEdges(window);
  const notes: string[] = [];
  if (edges) notes.push(`The calls and waits ending in the window ${describeWindow(edges)} only.`);
  if (window.skipFirstMicros > 0 || window.skipLastMicros > 0) notes.push("The window's skipped first and last seconds of each session cut the waits' statistics, not this profile (as in the CLI).");
  for (const [i, entry] of files.entries()) {
    const part = await fileProfile(entry, i, thinkTimeMicros, (bytes) => progress({ datasetId: d.id, done: before + bytes, total, fileName: entry.name }), edges, ranges);
    before += inputSize(entry);
    parts.push(part.profile);
    if (part.note) notes.push(part.note);
    // As the CLI says it (lib/cli/load-dataset.ts): a profile of CPU and unaccounted-for time only.
    // Not of a file cut short (its note says so): its waits may have come after the cut.
    else if (hasNoWaitRows(part.profile)) notes.push(`${noWaitsNote(entry.name, edges !== null)}.`);
  }
  return { datasetId: d.id, profile: mergeProfiles(parts), files: files.length, notes };
}

interface Kept {
  /** The files the profile was made of, by identity: a file added or removed makes it stale. */
  files: File[];
  thinkTimeMicros: number;
  /** windowKey of the dataset's window when it was made. */
  window: string;
  result: Promise<DatasetCallProfile>;
}

/** Each dataset's profile, kept until its trace files or the think time change; a failed pass is tried again next time. */
export class ProfileCache {
  private readonly kept = new WeakMap<DatasetState, Kept>();

  constructor(private readonly ranges: Ranges = { helpers: async () => [] }) {}

  profileOf(d: DatasetState, thinkTimeMicros: number, progress: (p: ProfileProgress) => void, window: TimeWindow = NO_WINDOW): Promise<DatasetCallProfile> {
    const files = profiledFiles(d).map((t) => t.file);
    const k = this.kept.get(d);
    const key = windowKey(window);
    if (k && k.thinkTimeMicros === thinkTimeMicros && k.window === key && k.files.length === files.length && k.files.every((f, i) => f === files[i])) return k.result;
    const result = datasetProfile(d, thinkTimeMicros, progress, window, this.ranges);
    const entry: Kept = { files, thinkTimeMicros, window: key, result };
    this.kept.set(d, entry);
    result.catch(() => {
      if (this.kept.get(d) === entry) this.kept.delete(d);
    });
    return result;
  }

  /** The datasets' profiles (each of its window: windowOf), each told in 'profile-progress' messages while it is read. */
  async profilesOf(datasets: readonly DatasetState[], thinkTimeMicros: number, post: Post, windowOf: (id: string) => TimeWindow = () => NO_WINDOW): Promise<DatasetCallProfile[]> {
    // One after the other: each large file's profile is read in ranges on both cores already, and
    // two at once, sharing the range worker, left a range's scan waiting for good about one time in three.
    const profiles: DatasetCallProfile[] = [];
    for (const d of datasets) profiles.push(await this.profileOf(d, thinkTimeMicros, (progress) => post({ type: 'profile-progress', progress }), windowOf(d.id)));
    return profiles;
  }

  /** Answers a 'profiles' request: stale while a dataset is loading (the profile is of every event, so only that). */
  async answer(request: QuestionOf<'profiles'>, datasets: readonly DatasetState[], post: Post, windowOf?: (id: string) => TimeWindow): Promise<void> {
    const { requestId } = request;
    const loading = datasets.find((d) => d.state === 'loading');
    if (loading) return post({ type: 'request-failed', requestId, stale: true, message: `${loading.id} is still being read` });
    try {
      post({ type: 'profiles', requestId, profiles: await this.profilesOf(datasets, request.thinkTimeMicros, post, windowOf) });
    } catch (error) {
      post({ type: 'request-failed', requestId, message: `The response-time profile could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
}
