import { valuesNoun } from '../trace/measure';
import { inputAccess, openInput } from '../node/file-chunks';
import { findInputs, type InputFile } from '../node/find-inputs';
import { analyzeOutliers, type OutlierAnalysis } from '../outliers/analyze';
import { createCoOccurrence, finishCoOccurrence, scanCoOccurrence, type WindowActivity } from '../outliers/co-occurrence';
import type { OutlierWindow } from '../outliers/clusters';
import { readContexts, type ContextOptions, type ContextTarget, type TraceContext } from '../outliers/context';
import { sysioContext } from '../sysio/sysio-context';
import { sysioFormatOfFile } from '../node/sysio-files';
import { contextStart } from '../outliers/context-start';
import type { WaitRow } from '../outliers/top-list';
import { DatasetClock } from '../outliers/wall-clock';
import type { Dataset } from '../trace/dataset';
import { windowSentence } from '../scope/window-dataset';
import { formatCount } from './format';
import { refuseGroup } from './group-refusal';
import { COMMON_OPTIONS, commonArgsOf, parseOptions, UsageError, wholeNumber, type CommonArgs } from './args';
import { ExitError, loadDataset } from './load-dataset';
import { outliersJson, outliersText } from './outliers-format';
import { safeJson, safeText } from './terminal-text';
import { mark } from './timing';

export interface OutliersArgs extends CommonArgs {
  top: number;
  /** Lines before each listed wait; after = ceil(K / 3), the 30 : 10 of issue 6. Null: no context. */
  context: number | null;
  threshold: number | undefined;
  gap: number | undefined;
  minCount: number | undefined;
}

export interface OutliersResult {
  analysis: OutlierAnalysis;
  activity: WindowActivity[];
  contexts: TraceContext[] | null;
  args: OutliersArgs;
  files: string[];
}

/** Lines after a wait for `--context K`: a third of K, rounded up, as 10 is to the default 30. */
export function linesAfter(before: number): number {
  return Math.ceil(before / 3);
}

export function parseOutliersArgs(argv: string[]): OutliersArgs {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      ...COMMON_OPTIONS,
      top: { type: 'string' },
      context: { type: 'string' },
      threshold: { type: 'string' },
      gap: { type: 'string' },
      'min-count': { type: 'string' },
    },
  });
  const common = commonArgsOf(values, positionals);
  refuseGroup(common.group, 'outliers', { where: true });
  const micros = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} takes µs, a number ≥ 0, not '${v}'`);
    return n;
  };
  return {
    ...common,
    top: wholeNumber('top', values.top, 0) ?? 100,
    context: wholeNumber('context', values.context, 0) ?? null,
    threshold: micros('threshold', values.threshold),
    gap: micros('gap', values.gap),
    minCount: wholeNumber('min-count', values['min-count'], 1),
  };
}

/** `waitscope outliers`: top waits, clusters of outliers and what co-occurred, optional context. */
export async function outliersCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const args = parseOutliersArgs(argv);
  const dataset = await loadDataset(args);
  const label = args.paths.join(' ');
  const analysis = analyzeOutliers(dataset, label, {
    top: args.top,
    threshold: args.threshold,
    gap: args.gap,
    minCount: args.minCount,
    thresholds: args.threshold !== undefined ? [args.threshold] : [],
    noun: valuesNoun(args.measure),
  });
  for (const w of analysis.warnings) process.stderr.write(safeText(`warning: ${w.message}\n`));
  mark('outliers');
  const paths = await pathsByName(args.paths);
  const activity = await coOccurring(dataset, analysis, paths);
  mark('co-occurrence');
  const contexts = args.context === null ? null : await contextsOf(analysis, paths, args.context);
  const result: OutliersResult = { analysis, activity, contexts, args, files: dataset.files.map((f) => f.fileName) };
  const window = dataset.window;
  const noun = args.measure ? 'values' : 'waits';
  out.write(args.json ? safeJson({ ...outliersJson(result, dataset), ...(window && { window }) }) : (window ? `${windowSentence(window, noun, formatCount)}\n\n` : '') + outliersText(result, dataset));
  mark('output');
}

/** The dataset names files as found-inputs does; map them back to the inputs (a file, an archive member) to read them again. */
export async function pathsByName(args: string[]): Promise<Map<string, InputFile>> {
  const found = await findInputs(args);
  return new Map(found.files.map((f) => [f.name, f]));
}

/** Other events and log switches in each window (also `waitscope report`'s clusters, report-sources.ts). */
export async function coOccurring(dataset: Dataset, analysis: { windows: readonly OutlierWindow[] }, paths: Map<string, InputFile>): Promise<WindowActivity[]> {
  if (analysis.windows.length === 0) return [];
  const clock = new DatasetClock(dataset);
  const acc = createCoOccurrence(analysis.windows);
  // Every file on a window's axis is scanned, not only those with a member: any process on the
  // same UTC or local axis may show what else happened then (a log switch in another session).
  const axes = new Set(analysis.windows.map((w) => w.domain));
  for (const [fileIndex, f] of dataset.files.entries()) {
    const path = paths.get(f.fileName);
    if (path === undefined || ![...clock.domainsOfFile(fileIndex)].some((d) => axes.has(d))) continue;
    await scanCoOccurrence(openInput(path), { fileIndex, clockOf: (pid) => clock.tableFor(fileIndex, pid) }, acc);
  }
  return finishCoOccurrence(acc);
}

/** The context of every listed wait, in rank order: one pass over each file for all of its waits. */
async function contextsOf(analysis: OutlierAnalysis, paths: Map<string, InputFile>, before: number): Promise<TraceContext[]> {
  const rows = analysis.top.rows;
  const out = new Array<TraceContext>(rows.length);
  const byFile = new Map<string, number[]>();
  rows.forEach((row, k) => byFile.set(row.file, [...(byFile.get(row.file) ?? []), k]));
  for (const [file, ranks] of byFile) {
    const path = paths.get(file);
    if (path === undefined) throw new ExitError(1, `cannot find ${file} again to read its lines`);
    const targets = ranks.map((k) => rows[k] as WaitRow);
    const options = { before, after: linesAfter(before) };
    const contexts = await readContextsOf(path, targets, options);
    // A strace or fio file (lib/sysio) has no WAIT records: each value's line is marked by number.
    const sysio = path.member === undefined && (await sysioFormatOfFile(path.path)) !== null;
    ranks.forEach((k, i) => (out[k] = sysio ? sysioContext(contexts[i] as TraceContext, targets[i]!.line) : (contexts[i] as TraceContext)));
  }
  return out;
}

/**
 * The contexts of a file's waits. A plain file is read in one pass per group of waits that lie
 * close together, each entered near its first wait (context-start.ts), so waits at the start and
 * the end of a large trace do not make one pass read everything in between. Where a pass cannot
 * be entered in the middle (gzip, or a group near the start), one pass from byte 0 serves every
 * wait not served yet.
 */
async function readContextsOf(file: InputFile, targets: ContextTarget[], options: ContextOptions): Promise<TraceContext[]> {
  // A member compressed in its archive cannot be entered in the middle: one pass from its start.
  const access = inputAccess(file);
  const out = new Array<TraceContext | undefined>(targets.length);
  const fromStart: number[] = [];
  for (const group of groupsOf(targets)) {
    const part = group.map((k) => targets[k] as ContextTarget);
    const start = access && (await contextStart((at, length) => access.read(at, length), access.size, part, options));
    if (!access || !start) {
      fromStart.push(...group);
      continue;
    }
    const contexts = await readContexts(openInput(file, { start: start.offset, end: access.size }), part, options, start);
    group.forEach((k, i) => (out[k] = contexts[i]));
  }
  if (fromStart.length > 0) {
    const contexts = await readContexts(openInput(file), fromStart.map((k) => targets[k] as ContextTarget), options);
    fromStart.forEach((k, i) => (out[k] = contexts[i]));
  }
  return out as TraceContext[];
}

/** Indices of the waits in offset order, cut where the next lies more than GROUP_GAP_BYTES after the last. */
const GROUP_GAP_BYTES = 64 << 20;
function groupsOf(targets: readonly ContextTarget[]): number[][] {
  const order = targets.map((_, k) => k).sort((x, y) => (targets[x] as ContextTarget).offset - (targets[y] as ContextTarget).offset);
  const groups: number[][] = [];
  let last = -Infinity;
  for (const k of order) {
    const offset = (targets[k] as ContextTarget).offset;
    if (offset - last > GROUP_GAP_BYTES) groups.push([]);
    (groups[groups.length - 1] as number[]).push(k);
    last = offset;
  }
  return groups;
}
