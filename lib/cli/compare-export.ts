/**
 * `waitscope compare --json` and `--format csv`. JSON holds everything (typed arrays as plain arrays,
 * and null, never NaN or Infinity, which JSON cannot carry); CSV holds what a spreadsheet wants: the
 * summary rows and the histogram series, one `section` column telling them apart.
 */
import { csvTable } from '../csv/write-csv';
import { countDistinct, type ComparisonReport, type Distributions } from '../report/comparison-report';
import { notEstimableNotes, notEstimableText } from '../stats/minimum-counts';
import type { LoadedSide } from './compare-format';
import { STATISTIC_LABEL } from './format';
import { safeJson } from './terminal-text';

function sideJson(side: LoadedSide, r: ComparisonReport, key: 'a' | 'b') {
  const d = side.dataset;
  return {
    label: r.labels[key],
    // null marks a statistic the sample is too small for; notEstimable says so in words.
    summary: r.summaries[key],
    notEstimable: notEstimableNotes(r.summaries[key].count),
    files: d.files.map((f) => ({
      file: f.fileName,
      outcome: f.outcome.kind,
      count: f.samples.count,
      oracleVersion: f.facts.oracleVersion,
      // Sessions with waits of the event (a file's session table also has one for the lines before `*** SESSION ID`).
      sessions: countDistinct(f.samples.session.subarray(0, f.samples.count)),
    })),
    sessions: r.sessionCounts[key],
    oracleVersion: side.metadata?.oracleVersion ?? null,
    profile: d.profile,
  };
}

/** Typed arrays become arrays; non-finite numbers become null (JSON.stringify would do that silently). */
function plain(_key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<number>);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

function both<K extends keyof Distributions>(r: ComparisonReport, k: K): { a: Distributions[K]; b: Distributions[K] } {
  return { a: r.distributions.a[k], b: r.distributions.b[k] };
}

export function comparisonJson(event: string, r: ComparisonReport, sides: { a: LoadedSide; b: LoadedSide }): string {
  const json = {
    event,
    unit: 'us',
    labels: r.labels,
    answer: r.answer,
    a: sideJson(sides.a, r, 'a'),
    b: sideJson(sides.b, r, 'b'),
    differences: r.rows,
    comparison: r.comparison,
    resampling: r.resampling,
    verdicts: r.verdicts,
    warnings: r.warnings,
    distributions: {
      log2Micros: both(r, 'log2Micros'),
      log10Bins: both(r, 'log10Bins'),
      kde: both(r, 'kde'),
      spectrum: both(r, 'spectrum'),
      top: both(r, 'top'),
      thresholds: both(r, 'thresholds'),
    },
  };
  return safeJson(json, plain);
}

export const CSV_FIELDS = [
  'section', 'statistic', 'a', 'b', 'difference', 'ratio', 'dataset', 'lower_us', 'upper_us', 'count', 'percent', 'density_per_decade',
] as const;
type CsvRow = Partial<Record<(typeof CSV_FIELDS)[number], string | number | null>>;

export function comparisonCsv(r: ComparisonReport): string {
  // A statistic a side is too small for reads "n/a (needs ≥ N waits)", never an empty cell or a number.
  const rows: CsvRow[] = r.rows.map((row) => ({
    section: 'summary',
    statistic: STATISTIC_LABEL[row.statistic],
    a: notEstimableText(row.statistic, r.summaries.a.count) ?? row.a,
    b: notEstimableText(row.statistic, r.summaries.b.count) ?? row.b,
    difference: row.note ?? row.difference,
    ratio: row.note ?? row.ratio,
  }));
  for (const key of ['a', 'b'] as const) {
    const n = r.summaries[key].count;
    for (const k of r.distributions[key].log2Micros) {
      rows.push({ section: 'log2-buckets', dataset: r.labels[key], lower_us: k.lowerBound, upper_us: k.upperBound, count: k.count, percent: n > 0 ? (100 * k.count) / n : null });
    }
  }
  for (const key of ['a', 'b'] as const) {
    for (const bin of r.distributions[key].log10Bins.bins) {
      rows.push({ section: 'log10-bins', dataset: r.labels[key], lower_us: bin.lo, upper_us: bin.hi, count: bin.count, percent: bin.percent, density_per_decade: bin.densityPerDecade });
    }
  }
  // Missing cells are empty; so is the open log2 bucket's upper bound. Numbers (a difference of
  // -153.4) stay numbers; only text cells (the dataset labels) are neutralised (write-csv.ts).
  return csvTable(CSV_FIELDS, rows.map((row) => CSV_FIELDS.map((f) => row[f])));
}
