import { estimableSummary, notEstimableNotes, notEstimableText, type SummaryStatisticKey } from '../stats/minimum-counts';
import { summarize, summarizeCounts, type Summary } from '../stats/summary';
import { commonArgsOf, COMMON_OPTIONS, parseOptions, type CommonArgs } from './args';
import { formatCount, formatMicros, padTable, STATISTIC_LABEL } from './format';
import { loadDataset, type LoadedDataset } from './load-dataset';
import { safeJson, safeText } from './terminal-text';
import { mark } from './timing';
import { windowSentence } from '../scope/window-dataset';
import { OVER_TIME_OPTION, overTimeArg, overTimeJson, overTimeKeeping, overTimeOf, overTimeScopeJson, overTimeText } from './over-time-option';
import { statsGroups, statsKeep, whereLine } from './stats-groups';
import { binnedFiles, binnedLine } from './sysio-options';
import { valuesNoun } from '../trace/measure';
import { resolutionNote, resolutionOfFiles } from '../stats/clock-resolution';

export type StatsArgs = CommonArgs & { overTime?: number };

/** The common options and --over-time (issue 15 §3). */
export function parseStatsArgs(argv: string[]): StatsArgs {
  const { values, positionals } = parseOptions({ args: argv, allowPositionals: true, options: { ...COMMON_OPTIONS, ...OVER_TIME_OPTION } });
  return { ...commonArgsOf(values, positionals), ...overTimeArg(values['over-time']) };
}

/** `waitscope stats`: all inputs form one dataset; exact statistics of the chosen event in µs. */
export async function statsCommand(args: StatsArgs, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  // Only the counts of each ela value are kept (every statistic here is a function of them), unless
  // --over-time or a group read from the samples needs each wait's tim.
  const dataset = await loadDataset(args, { keep: overTimeKeeping(args.overTime, statsKeep(args.group)) });
  const h = dataset.elaHistogram;
  const summary = h ? summarizeCounts(h) : summarize(dataset.samples.ela.subarray(0, dataset.samples.count));
  const overTime = args.overTime === undefined ? null : overTimeOf(dataset, args.overTime);
  const groups = statsGroups(dataset, args);
  mark('statistics');
  const json = () => ({ ...statsJson(dataset, summary, valuesNoun(args.measure)), ...(overTime && { overTime: overTimeJson(overTime), overTimeScope: overTimeScopeJson(overTime) }), ...(groups && groups.json()) });
  const text = () =>
    whereLine(args) +
    statsTable(dataset, summary, args.measure !== undefined, valuesNoun(args.measure)) +
    (overTime ? `\n${overTimeText(overTime, args.measure ? dataset.event : `'${dataset.event}' waits`, valuesNoun(args.measure))}` : '') +
    (groups ? `\n${groups.text()}\n` : '');
  out.write(args.json ? safeJson(json()) : safeText(text()));
  mark('output');
}

function statsJson(dataset: LoadedDataset, summary: Summary, noun: string) {
  return {
    event: dataset.event,
    unit: 'us',
    // As in `compare --json`: null marks a statistic the sample is too small for; notEstimable says so in words.
    ...estimableSummary(summary),
    notEstimable: notEstimableNotes(summary.count, noun),
    // 10,000 when a file is from before 9i (whole centiseconds: lib/stats/clock-resolution.ts), else 1.
    resolutionMicros: resolutionOfFiles(dataset.files),
    // fio json+ (lib/sysio): the files whose values are histogram bins, so the quantiles are the bins'.
    ...(binnedFiles(dataset.files).length > 0 && { quantilesFromBins: binnedFiles(dataset.files) }),
    ...(dataset.window && { window: dataset.window }),
    files: dataset.files.map((f, i) => ({
      file: f.fileName,
      outcome: f.outcome.kind,
      count: dataset.fileCounts[i] as number,
      bytes: f.bytes,
      lines: f.lines,
      compression: f.compression,
      oracleVersion: f.facts.oracleVersion,
      elaUnit: f.facts.unit,
      elaUnitAssumed: f.facts.unitAssumed,
      sessions: f.sessions.length,
      warnings: f.warnings.map(({ code, message, count, lines }) => ({ code, message, count, lines })),
    })),
    profile: dataset.profile,
  };
}

function statsTable(dataset: LoadedDataset, s: Summary, isMeasure: boolean, noun: string): string {
  // A statistic the sample is too small for reads "n/a (needs ≥ N waits)" (lib/stats/minimum-counts.ts).
  const cell = (key: SummaryStatisticKey): string => {
    if (key === 'count') return formatCount(s.count);
    if (key === 'sum') return formatMicros(s.count > 0 ? s.sum : null);
    return notEstimableText(key, s.count, noun) ?? formatMicros(s[key]);
  };
  const files = dataset.files.length === 1 ? '1 file' : `${dataset.files.length} files`;
  // A call or commit measure's label says what it measures; an event's name is quoted, as Oracle writes it.
  const what = isMeasure ? dataset.event : `'${dataset.event}' waits`;
  const window = dataset.window ? `${windowSentence(dataset.window, isMeasure ? 'values' : 'waits', formatCount)}\n` : '';
  const resolution = resolutionNote(resolutionOfFiles(dataset.files));
  const head = `${what} in ${files} (values in µs; quantiles are R type 7)\n${binnedLine(dataset.files)}${resolution ? `${resolution}\n` : ''}${window}\n`;
  const perFile =
    dataset.files.length > 1
      ? `\n\n${padTable([['file', noun], ...dataset.files.map((f, i) => [f.fileName, formatCount(dataset.fileCounts[i] as number)])], [false, true])}`
      : '';
  const rows = Object.entries(STATISTIC_LABEL).map(([key, label]) => [label, cell(key as SummaryStatisticKey)]);
  return `${head}${padTable([['statistic', 'µs'], ...rows], [false, true])}${perFile}\n`;
}
