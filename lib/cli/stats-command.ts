import { summarize, summarizeIntHistogram, type Summary } from '../stats/summary';
import type { CommonArgs } from './args';
import { formatCount, formatMicros, padTable } from './format';
import { loadDataset, type LoadedDataset } from './load-dataset';
import { safeJson, safeText } from './terminal-text';
import { mark } from './timing';

/** `waitscope stats`: all inputs form one dataset; exact statistics of the chosen event in µs. */
export async function statsCommand(args: CommonArgs, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  // Only the counts of each ela value are kept: every statistic here is a function of them.
  const dataset = await loadDataset(args, { keep: 'counts' });
  const h = dataset.elaHistogram;
  const summary = h ? summarizeIntHistogram(h) : summarize(dataset.samples.ela.subarray(0, dataset.samples.count));
  mark('statistics');
  out.write(args.json ? safeJson(statsJson(dataset, summary)) : safeText(statsTable(dataset, summary)));
  mark('output');
}

function statsJson(dataset: LoadedDataset, summary: Summary) {
  return {
    event: dataset.event,
    unit: 'us',
    ...summary,
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

function statsTable(dataset: LoadedDataset, s: Summary): string {
  const rows: [string, string][] = [
    ['count', formatCount(s.count)],
    ['min', formatMicros(s.min)],
    ['median', formatMicros(s.median)],
    ['mean', formatMicros(s.mean)],
    ['p90', formatMicros(s.p90)],
    ['p95', formatMicros(s.p95)],
    ['p99', formatMicros(s.p99)],
    ['p99.9', formatMicros(s.p999)],
    ['max', formatMicros(s.max)],
    ['stddev', formatMicros(s.stddev)],
    ['sum', formatMicros(s.count > 0 ? s.sum : null)],
  ];
  const files = dataset.files.length === 1 ? '1 file' : `${dataset.files.length} files`;
  const head = `'${dataset.event}' waits in ${files} (values in µs; quantiles are R type 7)\n\n`;
  const perFile =
    dataset.files.length > 1
      ? `\n\n${padTable([['file', 'waits'], ...dataset.files.map((f, i) => [f.fileName, formatCount(dataset.fileCounts[i] as number)])], [false, true])}`
      : '';
  return `${head}${padTable([['statistic', 'µs'], ...rows.map(([k, v]) => [k, v])], [false, true])}${perFile}\n`;
}
