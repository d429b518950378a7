/**
 * The terminal table of `waitscope compare`: both summaries side by side in µs with difference and
 * ratio, the three tests, the bootstrap CIs and how they were made, the verdicts, the warnings, and
 * each dataset's Oracle log2 µs buckets, read from the report (build-report.ts); its JSON is the
 * report itself, its CSV lib/report/export-tables.ts comparisonCsv.
 */
import { safeField } from './terminal-text';
import { answerOfComparison } from '../report/comparison-answer';
import { valuesNoun, valuesPhrase } from '../trace/measure';
import type { ComparisonEntry, DatasetReport, WaitscopeReport } from '../report/report-schema';
import type { Interval } from '../stats/bootstrap';
import type { Log2Bucket } from '../stats/buckets';
import { iidTestLines, iidNote } from '../stats/iid-tests';
import { notEstimableText, nounFor } from '../stats/minimum-counts';
import { formatCount, formatMicros, padTable, STATISTIC_LABEL } from './format';

/** A comparison and its two datasets: the part of a report one table shows. */
interface Pair {
  a: DatasetReport;
  b: DatasetReport;
  entry: ComparisonEntry;
}

const signedOneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const signedInteger = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedPercent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });

function signed(v: number | null): string {
  return v === null ? '—' : signedOneDecimal.format(v);
}

function ciOf(i: Interval, percent: boolean): string {
  const f = (v: number) => (percent ? signedPercent.format(v) : signed(v));
  return `[${f(i.lower)} to ${f(i.upper)}]`;
}

function describeSide(d: DatasetReport, noun: string): string {
  const files = d.files.length === 1 ? '1 file' : `${formatCount(d.files.length)} files`;
  const version = d.oracleVersions.length > 0 ? `, Oracle ${d.oracleVersions.join(' + ')}` : '';
  const s = d.sessions === null ? '' : `, ${formatCount(d.sessions)} session${d.sessions === 1 ? '' : 's'}`;
  return `${safeField(d.label)} (${files}${s}, ${formatCount(d.summary.count)} ${nounFor(d.summary.count, noun)}${version})`;
}

/** "n/a (needs ≥ N waits)" when the smaller side is too small for the statistic, else null. */
function noteOf(p: Pair, statistic: keyof DatasetReport['summary'], noun: string): string | null {
  return notEstimableText(statistic, Math.min(p.a.summary.count, p.b.summary.count), noun);
}

function summaryTable(p: Pair, noun: string): string {
  const rows = p.entry.rows.map((row) => {
    const exact = row.statistic === 'count' || row.statistic === 'sum';
    // A side too small for the statistic says so instead of showing a number it cannot support.
    const value = (v: number | null, side: DatasetReport) =>
      notEstimableText(row.statistic, side.summary.count, noun) ?? (exact && v !== null ? formatCount(v) : formatMicros(v));
    const na = noteOf(p, row.statistic, noun) === null ? null : 'n/a';
    return [
      STATISTIC_LABEL[row.statistic],
      value(row.a, p.a),
      value(row.b, p.b),
      na ?? (exact && row.difference !== null ? signedInteger.format(row.difference) : signed(row.difference)),
      na ?? (row.ratio === null ? '—' : row.ratio.toFixed(3)),
    ];
  });
  return padTable([['statistic', p.a.label, p.b.label, 'difference', 'ratio A/B'], ...rows], [false, true, true, true, true]);
}

function testLines(p: Pair, noun: string): string[] {
  const rows = iidTestLines(p.entry).map((t) => [t.name, t.text]);
  return [...padTable(rows, [false, false]).split('\n').map((l) => `  ${l}`), `  ${iidNote(noun)}`];
}

function bootstrapLines(p: Pair, noun: string): string[] {
  const { bootstrap: b, resampling } = p.entry;
  if (!b) return [`bootstrap: ${resampling.description}`];
  const rows = (['median', 'p99', 'mean'] as const).map((k) => {
    const difference = b.difference[k];
    const relative = b.relative[k];
    const row = p.entry.rows.find((x) => x.statistic === k);
    // compare() leaves no CI for a statistic a side is too small for; the row says why.
    if (difference === null || relative === null) return [`Δ${k}`, noteOf(p, k, noun) ?? 'n/a', '', '', ''];
    return [
      `Δ${k}`,
      `${signed(row?.difference ?? null)} µs`,
      ciOf(difference, false),
      row?.relative == null ? '—' : signedPercent.format(row.relative),
      ciOf(relative, true),
    ];
  });
  return [
    `bootstrap ${Math.round(b.confidence * 100)}% CIs (A − B in µs, and relative to B): ${resampling.description}`,
    ...padTable(rows, [false, true, false, true, false]).split('\n').map((l) => `  ${l}`),
  ];
}

/** Upper bounds of both sides' buckets, so the rows line up; null (the open bucket) last. */
function bucketTable(p: Pair, noun: string): string {
  const a = p.a.distributions.log2Micros;
  const b = p.b.distributions.log2Micros;
  const keyOf = (k: Log2Bucket) => k.upperBound ?? Infinity;
  const keys = [...new Set([...a, ...b].map(keyOf))].sort((x, y) => x - y);
  const na = p.a.summary.count;
  const nb = p.b.summary.count;
  const cell = (buckets: Log2Bucket[], key: number, n: number) => {
    const c = buckets.find((k) => keyOf(k) === key)?.count ?? 0;
    return [formatCount(c), n > 0 ? ((100 * c) / n).toFixed(1) : '—'];
  };
  const open = [...a, ...b].find((k) => k.upperBound === null);
  const rows = keys.map((key) => [
    key === Infinity ? `≥ ${formatCount(open?.lowerBound ?? 0)}` : `< ${formatCount(key)}`,
    ...cell(a, key, na),
    ...cell(b, key, nb),
  ]);
  return padTable([[`${nounFor(1, noun)} µs`, p.a.label, '%', p.b.label, '%'], ...rows], [false, true, true, true, true]);
}

/** The table of the report's first comparison (A = its treatment, B = its baseline). */
export function comparisonTable(report: WaitscopeReport): string {
  const entry = report.comparisons[0]!;
  const p: Pair = { a: report.datasets[entry.treatment]!, b: report.datasets[entry.baseline]!, entry };
  const warnings = entry.warnings.length === 0 ? ['  none'] : entry.warnings.map((w) => `  - ${w.message}`);
  // A call or commit measure's values are calls or commits, not waits (lib/trace/measure.ts).
  const noun = valuesNoun(report.measure);
  const verdictLines = entry.verdicts.length === 0 ? [`  none (a side has too few ${noun})`] : entry.verdicts.map((v) => `  ${v.text}`);
  return [
    `${valuesPhrase(report.event, report.measure)}: A = ${describeSide(p.a, noun)}`,
    `         vs B = ${describeSide(p.b, noun)}`,
    '',
    answerOfComparison(report, entry),
    '',
    'values in µs; quantiles are R type 7; difference = A − B, ratio = A / B',
    summaryTable(p, noun),
    '',
    `verdicts (A = ${safeField(p.a.label)} against B = ${safeField(p.b.label)}; each from the bootstrap below, significant when its CI excludes 0)`,
    ...verdictLines,
    '',
    ...bootstrapLines(p, noun),
    '',
    'iid tests (two-sided; for reference, not used by the verdicts)',
    ...testLines(p, noun),
    '',
    'warnings',
    ...warnings,
    '',
    `distribution: ${noun} per Oracle log2 µs bucket (V$EVENT_HISTOGRAM_MICRO: "< 2^k" holds [2^(k-1), 2^k))`,
    bucketTable(p, noun),
    '',
  ].join('\n');
}
