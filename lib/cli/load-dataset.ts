import { mergeProfiles } from '../profile/merge-profiles';
import { noWaitsNote } from '../profile/no-waits-note';
import { isCompressedCut } from '../trace/compressed-data-error';
import { FileError } from '../node/file-error';
import type { ProfileOptions } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { mergeCounts, type Counts } from '../stats/counts';
import { findInputs, type InputFile } from '../node/find-inputs';
import type { ParsedFiles } from '../node/parse-files';
import { parseInputs, sysioFormatsOf } from '../node/sysio-files';
import { sysioRefusal } from './sysio-options';
import { fileWaits } from '../report/dataset-side';
import { combineFiles, type Dataset } from '../trace/dataset';
import { NO_EVENT, type SampleKeeping, type TraceFileResult } from '../trace/types';
import type { FileClockWithSamples } from '../scope/window-clock';
import { isWholeRun, type TimeWindow } from '../scope/time-window';
import { windowDataset, type WindowSummary } from '../scope/window-dataset';
import { isSampleKey } from '../scope/group-key';
import { needsVisitor, type GroupSpec, type GroupTallies } from '../scope/group-collector';
import type { GroupProfiles } from '../scope/grouped-profiles';
import { formatWarning } from '../trace/warnings';
import { sharedStamps, sharedStampsNote, type CopyPair } from '../trace/shared-stamps';
import { refuseSessionSkips, type CommonArgs } from './args';
import { progressLine } from './progress';
import { safeText } from './terminal-text';
import { mark } from './timing';

/** Ends the command with a status and a one-line reason on stderr. */
export class ExitError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface LoadedDataset extends Dataset {
  /**
   * The exact histogram of the waits' ela when every file's ranges built one while parsing
   * (large plain files), or when only counts were kept; null otherwise. Its summary equals that
   * of the samples.
   */
  elaHistogram: Counts | null;
  /** Waits of the event per file, in `files` order (also when only counts were kept). */
  fileCounts: number[];
  /** The call profile of the trace files (lib/profile), when asked for. */
  callProfile: DatasetProfile | null;
  /** The time window the samples were cut to (--from/--to/--skip-first/--skip-last), or null for the whole run. */
  window: WindowSummary | null;
  /** Per trace file, in `files` order, its values' groups by a context key (--group, lib/scope), when asked for; else null. */
  groupTallies: GroupTallies[] | null;
  /** Per trace file, its profile per group (profile --group), when asked for; else null. */
  groupProfiles: GroupProfiles[] | null;
}

export interface LoadOptions {
  /**
   * What to keep of each wait: every column (the default), only counts (`'counts'`: `samples`
   * empty, `elaHistogram` holds every wait), each session's counts (`'session-counts'` for
   * `compare`, whose statistics need no more), or ela and session with the position columns named.
   */
  keep?: SampleKeeping;
  /** Build the call profile too, in the same pass (each file is then read by one thread). */
  profile?: ProfileOptions;
  /**
   * The command reads every event (profile, statements, compare --profile), not one: the pass that
   * profiles selects none (NO_EVENT: `elaHistogram` is empty; a window's first pass still scans for
   * the event, below), and a file's warning that it lacks the event is left out, or said as one with
   * no WAIT at all (noWaitsForProfile). report --profile still compares the event, so it keeps it.
   */
  readsEveryEvent?: boolean;
  /** --group/--where: filter the values and group them by a context key, in the same pass (lib/scope); the args' own by default. */
  group?: GroupSpec;
  stderr?: NodeJS.WriteStream;
}

/**
 * Reads every input as one dataset. Unreadable paths stop the run (a typo must not silently
 * shrink a dataset); a file that is not a trace is named on stderr and skipped.
 */
export async function loadDataset(args: CommonArgs, options: LoadOptions = {}): Promise<LoadedDataset> {
  return (await loadDatasets([args], options))[0] as LoadedDataset;
}

/**
 * Several datasets (compare's A and B), their files parsed together in one pool, as `stats`
 * parses all its inputs: no second pool to start, and no thread idle between the sides.
 * Each side's inputs are checked, and its warnings written, in the order of the sides.
 */
export async function loadDatasets(sides: readonly CommonArgs[], options: LoadOptions = {}): Promise<LoadedDataset[]> {
  const stderr = options.stderr ?? process.stderr;
  const first = sides[0];
  if (!first) return [];
  const window = first.window && !isWholeRun(first.window) ? first.window : null;
  const keep = window ? withTim(options.keep ?? 'samples') : (options.keep ?? 'samples');
  mark('start-up');
  const inputs: InputFile[][] = [];
  const copyPairs: (readonly CopyPair[])[] = [];
  for (const args of sides) {
    const found = await findInputs(args.paths);
    copyPairs.push(found.copyPairs);
    if (found.unreadable.length > 0) throw new ExitError(1, found.unreadable.join('\n'));
    for (const note of found.inputNotes ?? []) stderr.write(safeText(`${note}\n`));
    if (found.files.length === 0) throw new ExitError(2, `no trace files found in ${args.paths.join(', ')} (looked for *.trc, *.trc.gz, *.trc.xz, archives and files that look like traces, strace or fio output)`);
    inputs.push(found.files);
  }
  mark('find inputs');
  const spec = options.group ?? first.group;
  // A profile per group needs the visitor whatever the key.
  const group = spec && (needsVisitor(spec) || (options.profile && spec.key)) ? spec : undefined;
  const all = inputs.flat();
  // strace and fio files (lib/sysio), told by content; traces by name are never sniffed.
  const formats = await sysioFormatsOf(all);
  const refusal = sysioRefusal(formats, { window, profile: options.profile !== undefined, measure: first.measure !== undefined, group: spec !== undefined });
  if (refusal) throw new ExitError(2, refusal);
  const parseAll = (opts: Parameters<typeof parseInputs>[2]) => parseInputs(all, formats, opts);
  const progress = progressLine(
    all.reduce((n, f) => n + f.size, 0),
    stderr,
  );
  let parsed: ParsedFiles;
  try {
    // A command that reads every event shows no one event's values, so the pass that profiles
    // selects none (NO_EVENT): none is tallied, drained at each range's end and merged across ranges
    // and files. That work was ~3 % of a 1 GiB `waitscope profile`: wall time median 0.930 s with
    // it, 0.900 s without (12 alternating runs, 2026-12-04). The dataset keeps the command's event
    // as its label.
    const scanned = options.readsEveryEvent === true ? NO_EVENT : first.event;
    const base = { event: scanned, ...(first.measure && { measure: first.measure }), workers: first.workers, onProgress: (done: number) => progress.update(done) };
    if (window && options.profile) {
      // Two passes: the first finds each file's clock (its *** stamps), the second profiles the window on it (per group too).
      refuseSessionSkips(window); // the commands refuse them first, as they read their options
      // The first pass scans for the command's event, not NO_EVENT: each file's outcome and warnings
      // come from it, and under NO_EVENT every file whose window holds no WAIT would be named.
      const clocks = await parseAll({ ...base, event: first.event, keep });
      const second = await parseAll({ ...base, keep: 'counts', profile: options.profile, profileWindow: { window, clocks: clocks.results.map(clockOf) }, ...(group && { group }) });
      // The samples are the first pass's (cut below); the event and call profiles the window's.
      parsed = { ...clocks, results: clocks.results.map((r, i) => ({ ...r, profile: second.results[i]?.profile ?? r.profile })), profiles: second.profiles, groupProfiles: second.groupProfiles };
    } else if (window && group) {
      // A key read from the trace is tallied while it is read: a first pass finds each file's clock, the second tallies the window on it.
      // The first pass filters as the second does, so both cut each session's span from the same values.
      const clocks = group.key && !isSampleKey(group.key) ? await parseAll({ ...base, keep, ...(group.where && { group: { key: null, where: group.where } }) }) : null;
      parsed = await parseAll({ ...base, keep, group, ...(clocks && { groupWindow: { window, clocks: clocks.results.map(clockOf) } }) });
    } else parsed = await parseAll({ ...base, keep, ...(options.profile && { profile: options.profile }), ...(group && { group }) });
  } catch (error) {
    // Said as they are (a FileError with status 1 by main.ts: it names its file already).
    if (error instanceof ExitError || error instanceof FileError) throw error;
    // An input that became unreadable after it was found (deleted, permissions changed).
    throw new ExitError(1, `reading the inputs failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    progress.done();
  }
  mark('parse');
  let at = 0;
  const loaded = inputs.map((files, side) => {
    const part = { results: parsed.results.slice(at, at + files.length), elaHistograms: parsed.elaHistograms.slice(at, at + files.length), profiles: parsed.profiles.slice(at, at + files.length), groups: parsed.groups.slice(at, at + files.length), groupProfiles: parsed.groupProfiles.slice(at, at + files.length) };
    at += files.length;
    return datasetOf(first.event, part, keep, stderr, window, options.readsEveryEvent === true, copyPairs[side] as readonly CopyPair[]);
  });
  mark('combine');
  return loaded;
}

/** What a second pass needs of a file's first (window-clock.ts): its clock, and its samples' tim and session for the skips; not every column. */
function clockOf(r: TraceFileResult): FileClockWithSamples {
  const { count, tim, session } = r.samples;
  return { fileName: r.fileName, facts: r.facts, anchors: r.anchors, sessions: r.sessions, samples: { count, tim, session } };
}

/**
 * profile, statements and compare --profile read every event, so a file's warning that it lacks the
 * one scanned for (none, NO_EVENT; or the command's event in a window's first pass) is no news to
 * them; a file without any WAIT is: its profile has no wait rows.
 */
function noWaitsForProfile(r: TraceFileResult, windowed: boolean): string | null {
  if (r.profile.length > 0) return null;
  // A file cut short says so in its own warning: its waits may have come after the cut.
  if (r.warnings.some((w) => isCompressedCut(w.code))) return null;
  // A window's result holds only its own WAITs: none in it says nothing of the file's level.
  return noWaitsNote(r.fileName, windowed);
}

/** A window needs each wait's tim: what the command keeps, with the tim column (counts become columns). */
function withTim(keep: SampleKeeping): SampleKeeping {
  if (keep === 'samples') return keep;
  if (typeof keep === 'string') return { columns: ['tim'] };
  return keep.columns.includes('tim') ? keep : { columns: [...keep.columns, 'tim'] };
}

function datasetOf(
  event: string,
  { results, elaHistograms, profiles, groups, groupProfiles: perGroup }: ParsedFiles,
  keep: SampleKeeping,
  stderr: NodeJS.WriteStream,
  window: TimeWindow | null,
  everyEvent: boolean,
  copyPairs: readonly CopyPair[],
): LoadedDataset {
  for (const r of results) {
    if (r.outcome.kind === 'not-a-trace') stderr.write(safeText(`warning: skipped ${r.outcome.reason}\n`));
    else {
      for (const w of r.warnings) {
        const text = everyEvent && w.code === 'no-event' ? noWaitsForProfile(r, window !== null) : formatWarning(w);
        if (text !== null) stderr.write(safeText(`warning: ${text}\n`));
      }
    }
  }
  const isTrace = results.map((r) => r.outcome.kind !== 'not-a-trace');
  const traces = results.filter((_, i) => isTrace[i]);
  // Each side on its own: the same trace on both sides of a compare is no double count.
  for (const shared of sharedStamps(traces, copyPairs)) {
    const input = traces[shared.input] as TraceFileResult;
    stderr.write(safeText(`note: ${sharedStampsNote(input, shared.sources.map((i) => (traces[i] as TraceFileResult).fileName), shared)}\n`));
  }
  const histograms = elaHistograms.filter((_, i) => isTrace[i]);
  if (traces.length === 0) {
    // The file by name: in a compare the line above may be another side's warning.
    // "could not be read as one", not "is not a trace", where it may be a trace cut or damaged (the warning says which).
    const what = results.length === 1 ? `${(results[0] as TraceFileResult).fileName} could not be read as a trace` : `none of the ${results.length} inputs could be read as a trace`;
    throw new ExitError(2, `${what}; nothing to compute`);
  }
  const whole = combineFiles(event, traces);
  const traceProfiles = profiles.filter((p, i): p is DatasetProfile => isTrace[i] === true && p !== null);
  const callProfile = traceProfiles.length > 0 ? mergeProfiles(traceProfiles) : null;
  const traceGroups = groups.filter((_, i) => isTrace[i]);
  const groupTallies = traceGroups.every((g): g is GroupTallies => g !== null) && traceGroups.length > 0 ? traceGroups : null;
  const traceGroupProfiles = perGroup.filter((g, i): g is GroupProfiles => isTrace[i] === true && g !== null);
  const groupProfiles = traceGroupProfiles.length > 0 ? traceGroupProfiles : null;
  const complete = histograms.every((h) => h !== null) ? (histograms as Counts[]) : null;
  const elaHistogram = complete ? mergeCounts(complete) : null;
  if (window) {
    // The histograms counted the whole run: the window's statistics come from its samples.
    const cut = windowDataset(whole, window);
    return { ...cut.dataset, elaHistogram: null, fileCounts: cut.dataset.files.map(fileWaits), callProfile, groupTallies, groupProfiles, window: cut.summary };
  }
  const dataset = whole;
  if (keep === 'counts') {
    if (!complete || !elaHistogram) throw new Error('a file parsed for its counts came back without them');
    return { ...dataset, elaHistogram, fileCounts: complete.map((h) => h.total), callProfile, groupTallies, groupProfiles, window: null };
  }
  const fileCounts = dataset.files.map(fileWaits);
  const waits = fileCounts.reduce((n, c) => n + c, 0);
  return { ...dataset, elaHistogram: elaHistogram && elaHistogram.total === waits ? elaHistogram : null, fileCounts, callProfile, groupTallies, groupProfiles, window: null };
}
