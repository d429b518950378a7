/**
 * Exports of a report for spreadsheets and scripts (issue 4 §3 "Export"): the summary and the
 * histogram series as CSV (lib/csv/write-csv.ts: labels with commas or quotes are quoted right, and
 * labels or file names that a spreadsheet would run as a formula are neutralised),
 * the whole report as JSON, and one dataset's samples as CSV. Pure: the page turns the strings into
 * a Blob. Every time is µs, as in the report; a spreadsheet converts more safely than we round.
 */
import { csvCell, csvTable, type CsvValue } from '../csv/write-csv';
import { notEstimableText } from '../stats/minimum-counts';
import { valuesNoun } from '../trace/measure';
import { COMPARED_ROW_STATISTICS, STATISTIC_LABEL } from './report-constants';
import type { ComparisonEntry, WaitscopeReport } from './report-schema';

/** A cell; null is an empty one: a statistic undefined for the sample (e.g. the stddev of one wait). */
type Cell = CsvValue;

/**
 * One row per dataset × statistic. Columns:
 *   dataset_id, dataset  the dataset's id and label
 *   statistic           count, min, median, mean, p90, p95, p99, p999 (p = 0.999), max, stddev, sum
 *   value               µs, except count (waits); "n/a (needs ≥ N waits)" when the sample is too
 *                       small for the statistic; empty when otherwise undefined
 */
export function summaryCsv(report: WaitscopeReport): string {
  const data = report.datasets.flatMap((d) =>
    COMPARED_ROW_STATISTICS.map((k): Cell[] => [d.id, d.label, k, notEstimableText(k, d.summary.count, valuesNoun(report.measure)) ?? d.summary[k]]),
  );
  return csvTable(['dataset_id', 'dataset', 'statistic', 'value'], data);
}

export type HistogramMode = 'log10' | 'log2';

/**
 * One row per dataset × bin. Columns:
 *   dataset_id, dataset   the dataset's id and label
 *   lower_us, upper_us    the bin's bounds in µs; log10 bins are [lower, upper), Oracle's log2
 *                         buckets [lower, upper) with an empty upper bound for the open last one
 *   count                 waits in the bin
 *   percent               100 · count / waits of the dataset (log10: of the positive waits binned)
 *   density_per_decade    log10 only: the share per decade of width, what Figure 15.15 plots
 */
export function histogramCsv(report: WaitscopeReport, mode: HistogramMode): string {
  if (mode === 'log10') {
    const data = report.datasets.flatMap((d) =>
      d.distributions.log10Bins.bins.map((b): Cell[] => [d.id, d.label, b.lo, b.hi, b.count, b.percent, b.densityPerDecade]),
    );
    return csvTable(['dataset_id', 'dataset', 'lower_us', 'upper_us', 'count', 'percent', 'density_per_decade'], data);
  }
  const data = report.datasets.flatMap((d) => {
    const n = d.summary.count;
    return d.distributions.log2Micros.map((b): Cell[] => [d.id, d.label, b.lowerBound, b.upperBound, b.count, n > 0 ? (100 * b.count) / n : null]);
  });
  return csvTable(['dataset_id', 'dataset', 'lower_us', 'upper_us', 'count', 'percent'], data);
}

export const COMPARISON_CSV_FIELDS = [
  'section', 'statistic', 'a', 'b', 'difference', 'ratio', 'dataset', 'lower_us', 'upper_us', 'count', 'percent', 'density_per_decade',
] as const;
type ComparisonCsvRow = Partial<Record<(typeof COMPARISON_CSV_FIELDS)[number], Cell>>;

/**
 * One comparison of the report (`waitscope compare --format csv`): the summary rows of A and B with
 * difference and ratio, then both datasets' log2 buckets and log10 bins; a `section` column tells
 * them apart. A statistic a side is too small for reads "n/a (needs ≥ N waits)", never an empty
 * cell or a number; other missing cells are empty, as is the open log2 bucket's upper bound.
 */
export function comparisonCsv(report: WaitscopeReport, entry: ComparisonEntry): string {
  const a = report.datasets[entry.treatment]!;
  const b = report.datasets[entry.baseline]!;
  const smaller = Math.min(a.summary.count, b.summary.count);
  const noun = valuesNoun(report.measure);
  const rows: ComparisonCsvRow[] = entry.rows.map((row) => {
    const note = notEstimableText(row.statistic, smaller, noun);
    return {
      section: 'summary',
      statistic: STATISTIC_LABEL[row.statistic],
      a: notEstimableText(row.statistic, a.summary.count, noun) ?? row.a,
      b: notEstimableText(row.statistic, b.summary.count, noun) ?? row.b,
      difference: note ?? row.difference,
      ratio: note ?? row.ratio,
    };
  });
  for (const d of [a, b]) {
    const n = d.summary.count;
    for (const k of d.distributions.log2Micros) {
      rows.push({ section: 'log2-buckets', dataset: d.label, lower_us: k.lowerBound, upper_us: k.upperBound, count: k.count, percent: n > 0 ? (100 * k.count) / n : null });
    }
  }
  for (const d of [a, b]) {
    for (const bin of d.distributions.log10Bins.bins) {
      rows.push({ section: 'log10-bins', dataset: d.label, lower_us: bin.lo, upper_us: bin.hi, count: bin.count, percent: bin.percent, density_per_decade: bin.densityPerDecade });
    }
  }
  return csvTable(COMPARISON_CSV_FIELDS, rows.map((row) => COMPARISON_CSV_FIELDS.map((f) => row[f])));
}

/** The report as readable JSON; the report holds no NaN or typed arrays, so this is lossless. */
export function reportJson(report: WaitscopeReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The sample columns of one dataset (lib/trace's collector), `count` rows long. */
export interface SampleColumns {
  ela: Float64Array;
  tim: Float64Array;
  file: Uint32Array;
  line: Uint32Array;
  count: number;
}

/** Rows per chunk: about 2 MB of text, small enough for a Blob part, large enough to be quick. */
export const SAMPLES_CSV_ROWS_PER_CHUNK = 65_536;

/**
 * The samples as CSV, header `ela_us,tim,file,line`, yielded in chunks of whole rows so that 4 M rows
 * never become one string (style.md §2); `new Blob([...samplesCsv(c, names)])` is the file.
 * `tim` is empty where the trace had none (NaN); `file` is the file's name from `fileNames`.
 */
export function* samplesCsv(columns: SampleColumns, fileNames: readonly string[]): Generator<string, void, undefined> {
  // Names are text: quoted and neutralised by csvCell, once per file instead of once per row. The
  // numbers are written as csvCell writes numbers (String(n)), inline: this loop runs millions of times.
  const names = fileNames.map(csvCell);
  yield 'ela_us,tim,file,line\n';
  const { ela, tim, file, line, count } = columns;
  for (let start = 0; start < count; start += SAMPLES_CSV_ROWS_PER_CHUNK) {
    const end = Math.min(count, start + SAMPLES_CSV_ROWS_PER_CHUNK);
    const rows = new Array<string>(end - start);
    for (let i = start; i < end; i++) {
      const t = tim[i]!;
      const f = file[i]!;
      const name = names[f];
      if (name === undefined) throw new RangeError(`samplesCsv: sample ${i} names file ${f}, but there are ${names.length} files`);
      rows[i - start] = `${ela[i]},${Number.isNaN(t) ? '' : t},${name},${line[i]}`;
    }
    yield `${rows.join('\n')}\n`;
  }
}
