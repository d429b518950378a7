import { summarize, summarizeIntHistogram, type Summary } from '../stats/summary';
import type { Dataset } from '../trace/dataset';
import type { CommonArgs } from './args';
import { formatCount, formatMicros, padTable } from './format';
import { loadDataset } from './load-dataset';
import { mark } from './timing';

/** `waitscope stats`: all inputs form one dataset; exact statistics of the chosen event in µs. */
export async function statsCommand(args: CommonArgs, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const dataset = await loadDataset(args);
  // The histogram built per range while parsing, when there is one: the same summary, without
  // another pass over every sample here.
  const h = dataset.elaHistogram;
  const summary = h ? summarizeIntHistogram(h) : summarize(dataset.samples.ela.subarray(0, dataset.samples.count));
  mark('statistics');
  out.write(args.json ? `${JSON.stringify(statsJson(dataset, summary), null, 2)}\n` : statsTable(dataset, summary));
  mark('output');
}

function statsJson(dataset: Dataset, summary: Summary) {
  return {
    event: dataset.event,
    unit: 'us',
    ...summary,
    files: dataset.files.map((f) => ({
      file: f.fileName,
      outcome: f.outcome.kind,
      count: f.samples.count,
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

function statsTable(dataset: Dataset, s: Summary): string {
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
      ? `\n\n${padTable([['file', 'waits'], ...dataset.files.map((f) => [f.fileName, formatCount(f.samples.count)])], [false, true])}`
      : '';
  return `${head}${padTable([['statistic', 'µs'], ...rows.map(([k, v]) => [k, v])], [false, true])}${perFile}\n`;
}
