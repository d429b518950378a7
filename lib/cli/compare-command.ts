import { resolutionNote, resolutionOfFiles } from '../stats/clock-resolution';
import { statSync } from 'node:fs';
import path from 'node:path';
import { buildReportOfSamples } from '../report/build-report';
import { reportDatasetOf } from '../report/dataset-side';
import { comparisonCsv } from '../report/export-tables';
import { WAITSCOPE_VERSION } from '../report/report-constants';
import { COMMON_OPTIONS, eventOf, measureOf, parseOptions, refuseSessionSkips, UsageError, wholeNumber, windowArgs } from './args';
import type { TimeWindow } from '../scope/time-window';
import { profileWindowLine, profileWindowOf, windowSentence } from '../scope/window-dataset';
import { formatCount } from './format';
import { measureLabel, valuesNoun, type Measure } from '../trace/measure';
import { comparisonTable } from './compare-format';
import { loadDatasets, type LoadedDataset } from './load-dataset';
import { safeJson, safeText } from './terminal-text';
import { mark } from './timing';
import { compareProfiles } from '../profile/compare-profiles';
import type { FlashLogSummary } from '../cell/flashlog-summary';
import { CELL_OPTIONS, cellArgs } from './cell-args';
import { readFlashLog } from './flashlog-command';
import { flashLogBesideLatency } from './flashlog-format';
import type { DatasetProfile } from '../profile/profile-model';
import { PROFILE_OPTIONS, thinkTimeOf } from './profile-args';
import { profileComparisonText } from './compare-profile-format';
import { OVER_TIME_OPTION, overTimeArg, overTimeJson, overTimeKeeping, overTimeOf, overTimeScopeJson, overTimeText } from './over-time-option';
import type { GroupSpec } from '../scope/group-collector';
import { groupSpecOf } from './group-args';
import { compareGroups } from './compare-groups';
import { statsKeep, whereLine } from './stats-groups';
import { binnedFiles, binnedLine } from './sysio-options';

export type CompareFormat = 'table' | 'json' | 'csv';

export interface CompareArgs {
  event: string;
  /** A call or commit measure (--call, --commit) instead of the event's waits. */
  measure?: Exclude<Measure, { kind: 'event' }>;
  format: CompareFormat;
  /** Explicit labels from --labels, else null (then the folder names). */
  labels: [string, string] | null;
  workers: number | undefined;
  a: string[];
  b: string[];
  /** --profile: compare the response-time profiles, not one event's waits; with its think time, µs. */
  profile: { thinkTimeMicros: number } | null;
  /** --from/--to/--skip-first/--skip-last, applied to both sides; absent for the whole runs. */
  window?: TimeWindow;
  /** --cell-a/--cell-b: each side's CellCLI FLASHLOG snapshot (or before,after pair); absent when not given. */
  cells?: [string[], string[]];
  /** --over-time: the interval, µs (issue 15 §3). */
  overTime?: number;
  /** --group and --where (lib/scope). */
  group?: GroupSpec;
}

const FORMATS: readonly CompareFormat[] = ['table', 'json', 'csv'];

/**
 * `A_PATH... --vs B_PATH...`, options anywhere. parseArgs' tokens keep the order, so a path is A's
 * when it comes before the `--vs` token and B's after it (an option's value is never a path).
 */
export function parseCompareArgs(argv: string[]): CompareArgs {
  const parsed = parseOptions({
    args: argv,
    allowPositionals: true,
    tokens: true,
    options: {
      ...COMMON_OPTIONS,
      format: { type: 'string' },
      labels: { type: 'string' },
      vs: { type: 'boolean', multiple: true },
      profile: { type: 'boolean' },
      ...PROFILE_OPTIONS,
      ...CELL_OPTIONS,
      ...OVER_TIME_OPTION,
    },
  });
  const { values, tokens } = parsed;
  const vsTokens = tokens.filter((t) => t.kind === 'option' && t.name === 'vs');
  if (vsTokens.length === 0) throw new UsageError('compare needs --vs: waitscope compare A_PATH... --vs B_PATH...');
  if (vsTokens.length > 1) throw new UsageError('compare takes --vs once: waitscope compare A_PATH... --vs B_PATH...');
  const vsAt = vsTokens[0]!.index;
  const a: string[] = [];
  const b: string[] = [];
  for (const t of tokens) if (t.kind === 'positional') (t.index < vsAt ? a : b).push(t.value);
  if (a.length === 0) throw new UsageError('no A input: give trace files or directories before --vs');
  if (b.length === 0) throw new UsageError('no B input: give trace files or directories after --vs');

  const measure = measureOf(values);
  const event = measure ? measureLabel(measure) : eventOf(values.event);
  const workers = wholeNumber('workers', values.workers, 1);
  let format: CompareFormat = values.json ? 'json' : 'table';
  if (values.format !== undefined) {
    if (!FORMATS.includes(values.format as CompareFormat)) throw new UsageError(`--format must be ${FORMATS.join(', ')}, not '${values.format}'`);
    if (values.json && values.format !== 'json') throw new UsageError(`--json and --format ${values.format} contradict each other; give one`);
    format = values.format as CompareFormat;
  }
  let labels: [string, string] | null = null;
  if (values.labels !== undefined) {
    const parts = values.labels.split(',').map((s) => s.trim());
    if (parts.length !== 2 || parts.some((s) => s === '')) {
      throw new UsageError(`--labels needs exactly two non-empty names, A,B (e.g. --labels flash-on,flash-off), not '${values.labels}'`);
    }
    if (parts[0] === parts[1]) throw new UsageError(`--labels needs two different names, not '${values.labels}'`);
    labels = [parts[0]!, parts[1]!];
  }
  if (values.profile && format === 'csv') throw new UsageError('compare --profile prints a table or --json, not CSV');
  if (!values.profile && values['think-time'] !== undefined) throw new UsageError('--think-time belongs to compare --profile');
  const profile = values.profile ? { thinkTimeMicros: thinkTimeOf(values['think-time']) } : null;
  const window = windowArgs(values);
  if (profile) refuseSessionSkips(window);
  const cells = cellArgs(values, format, profile !== null);
  if (values['over-time'] !== undefined && (profile || format === 'csv')) throw new UsageError('--over-time prints with the table or --json of compare, not with --profile or CSV');
  const group = groupSpecOf(values);
  if (typeof group === 'string') throw new UsageError(group);
  if (group && profile) throw new UsageError('compare --profile does not take --group or --where; compare --group KEY compares the measure by group');
  if (group?.key && format === 'csv') throw new UsageError('compare --group prints a table or --json, not CSV');
  return { event, ...(measure && { measure }), format, labels, workers, a, b, profile, ...(window && { window }), ...(cells && { cells }), ...overTimeArg(values['over-time']), ...(group && { group }) };
}

/** The folder's name for a directory, the name of its folder for a file: `runs/flash-on/x.trc` → flash-on. */
export function defaultLabel(first: string): string {
  const resolved = path.resolve(first);
  let isFile = false;
  try {
    isFile = !statSync(resolved).isDirectory();
  } catch {
    // Unreadable: loadDataset names it and stops; the label is never shown.
  }
  return path.basename(isFile ? path.dirname(resolved) : resolved) || resolved;
}

/**
 * Two default labels that differ: two files of one folder are named by their file names; anything
 * else of the same name becomes `name (A)` and `name (B)`.
 */
export function defaultLabels(a: string, b: string): [string, string] {
  const la = defaultLabel(a);
  const lb = defaultLabel(b);
  if (la !== lb) return [la, lb];
  const [fa, fb] = [path.basename(a), path.basename(b)];
  if (fa !== fb && fa !== la && fb !== lb) return [fa, fb];
  return [`${la} (A)`, `${lb} (B)`];
}

/** `waitscope compare`: A (treatment) against B (baseline), each side's inputs one dataset. */
export async function compareCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const args = parseCompareArgs(argv);
  const [labelA, labelB] = args.labels ?? defaultLabels(args.a[0]!, args.b[0]!);
  const common = { event: args.event, ...(args.measure && { measure: args.measure }), json: false, workers: args.workers, ...(args.window && { window: args.window }), ...(args.group && { group: args.group }) };
  if (args.profile) return compareProfilesCommand(args, [labelA, labelB], args.profile, out);
  // The cells' metrics first: a bad snapshot stops the command before the traces are read.
  const cells = args.cells && (args.cells.map((paths) => (paths.length > 0 ? readFlashLog(paths) : null)) as [FlashLogSummary | null, FlashLogSummary | null]);
  // The statistics read each session's counts only: the parse workers count them, no wait is kept.
  const [datasetA, datasetB] = (await loadDatasets([{ ...common, paths: args.a }, { ...common, paths: args.b }], { keep: args.group?.key ? statsKeep(args.group) : overTimeKeeping(args.overTime, 'session-counts') })) as [LoadedDataset, LoadedDataset];
  // A is the treatment (dataset 0), B the baseline (dataset 1): the report the page builds of the same files.
  // Each side's window, when one was given, goes into its report dataset as the page's does.
  const withWindow = (d: ReturnType<typeof reportDatasetOf>, loaded: LoadedDataset) => (loaded.window ? { ...d, window: loaded.window } : d);
  const inputs = [withWindow(reportDatasetOf('a', labelA, datasetA), datasetA), withWindow(reportDatasetOf('b', labelB, datasetB), datasetB)];
  mark('sessions');
  const report = buildReportOfSamples(inputs, { event: args.event, ...(args.measure && { measure: args.measure }), baseline: 1, generatorVersion: WAITSCOPE_VERSION, createdAt: new Date().toISOString(), onPhase: mark });
  // Labels and file names reach the terminal: control characters escaped (terminal-text.ts; JSON escapes its own).
  const overTime = args.overTime === undefined ? null : overTimeSides([datasetA, datasetB], [labelA, labelB], args.overTime, args.measure ? args.event : `'${args.event}' waits`, valuesNoun(args.measure));
  const groups = compareGroups(datasetA, datasetB, args, [labelA, labelB]);
  // fio json+ inputs (lib/sysio): their statistics are the histogram bins'.
  const binned = binnedFiles([...datasetA.files, ...datasetB.files]);
  const text =
    args.format === 'json'
      ? safeJson({ ...report, ...(cells && { cellFlashLog: { a: cells[0], b: cells[1] } }), ...(overTime && overTime.json), ...(groups && { groups: groups.json }), ...(binned.length > 0 && { quantilesFromBins: binned }) })
      : safeText(
          args.format === 'csv'
            ? comparisonCsv(report, report.comparisons[0]!)
            : whereLine(args) +
                binnedLine([...datasetA.files, ...datasetB.files]) +
                windowLines([labelA, labelB], [datasetA, datasetB], args.measure !== undefined) +
                comparisonTable(report) +
                (cells ? flashLogBesideLatency([labelA, labelB], cells, [report.datasets[0]!.summary.mean, report.datasets[1]!.summary.mean], args.event) : '') +
                (overTime?.text ?? '') +
                (groups ? `\n${groups.text}\n` : ''),
        );
  out.write(text);
  mark('output');
}

/** `compare --profile`: the two response-time profiles side by side (issue 14 §5). */
async function compareProfilesCommand(args: CompareArgs, labels: [string, string], profile: { thinkTimeMicros: number }, out: NodeJS.WritableStream): Promise<void> {
  // One --from/--to for both sides, as profile takes it.
  const common = { event: args.event, json: false, workers: args.workers, ...(args.window && { window: args.window }) };
  const [a, b] = (await loadDatasets([{ ...common, paths: args.a }, { ...common, paths: args.b }], { keep: 'counts', profile, readsEveryEvent: true })) as [LoadedDataset, LoadedDataset];
  const comparison = compareProfiles(a.callProfile as DatasetProfile, b.callProfile as DatasetProfile);
  const window = profileWindowOf(a.window);
  if (args.format === 'json') {
    out.write(safeJson({ unit: 'us', labels, thinkTime: profile.thinkTimeMicros, ...(window && { window }), files: { a: a.files.map((f) => f.fileName), b: b.files.map((f) => f.fileName) }, profileComparison: comparison }));
    return;
  }
  // The threshold that made the think-time rows, and the clock below which no Δ is the storage's.
  const resolution = resolutionNote(Math.max(resolutionOfFiles(a.files), resolutionOfFiles(b.files)), 'Some of the times');
  out.write(`think time: SQL*Net message from client ≥ ${formatCount(profile.thinkTimeMicros)} µs between calls${resolution === null ? '' : `\n${resolution} No Δ smaller than that is a measurement.`}\n`);
  if (a.window) out.write(`${profileWindowLine(a.window)}\n`);
  out.write(safeText(profileComparisonText(comparison, labels)));
}

/** Above the table, each side's window and what it left out (nothing for whole runs). */
function windowLines(labels: [string, string], datasets: [LoadedDataset, LoadedDataset], isMeasure: boolean): string {
  const noun = isMeasure ? 'values' : 'waits';
  const lines = datasets.flatMap((d, i) => (d.window ? [`${labels[i]}: ${windowSentence(d.window, noun, formatCount)}`] : []));
  return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
}

/** --over-time of both sides: A's rows then B's, each labelled. */
function overTimeSides(datasets: LoadedDataset[], labels: string[], intervalMicros: number, what: string, noun: string) {
  const sides = datasets.map((d) => overTimeOf(d, intervalMicros));
  return {
    json: {
      overTime: sides.flatMap((o, i) => overTimeJson(o, { dataset: labels[i]! })),
      overTimeScope: sides.map((o, i) => overTimeScopeJson(o, { dataset: labels[i]! })),
    },
    text: sides.map((o, i) => `\n${labels[i]}: ${overTimeText(o, what, noun)}`).join(''),
  };
}
