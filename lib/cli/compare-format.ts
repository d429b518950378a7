/**
 * The terminal table of `waitscope compare`: both summaries side by side in µs with difference and
 * ratio, the three tests, the bootstrap CIs and how they were made, the verdicts, the warnings, and
 * each dataset's Oracle log2 µs buckets. JSON and CSV are in compare-export.ts.
 */
import type { ComparisonReport, SummaryStatistic } from '../report/comparison-report';
import type { Interval } from '../stats/bootstrap';
import type { Log2Bucket } from '../stats/buckets';
import type { DatasetMetadata } from '../stats/compare';
import type { Dataset } from '../trace/dataset';
import { formatCount, formatMicros, padTable } from './format';

export interface LoadedSide {
  dataset: Dataset;
  metadata?: DatasetMetadata;
}

const signedOneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const grouped1 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const signedInteger = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedPercent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const STATISTIC_LABEL: Record<SummaryStatistic, string> = {
  count: 'count', min: 'min', median: 'median', mean: 'mean', p90: 'p90', p95: 'p95',
  p99: 'p99', p999: 'p99.9', max: 'max', stddev: 'stddev', sum: 'sum',
};

function signed(v: number | null): string {
  return v === null ? '—' : signedOneDecimal.format(v);
}

/** p as a number while a double holds it with full precision; below that (or 0 by underflow), log10 p. */
export function formatP(p: number, log10p: number): string {
  return p >= 1e-300 ? `p = ${p.toPrecision(3)}` : `log10 p = ${log10p.toFixed(1)}`;
}

function ciOf(i: Interval, percent: boolean): string {
  const f = (v: number) => (percent ? signedPercent.format(v) : signed(v));
  return `[${f(i.lower)} to ${f(i.upper)}]`;
}

function describeSide(label: string, side: LoadedSide, sessions: number | null): string {
  const d = side.dataset;
  const files = d.files.length === 1 ? '1 file' : `${formatCount(d.files.length)} files`;
  const version = side.metadata?.oracleVersion ? `, Oracle ${side.metadata.oracleVersion}` : '';
  const s = sessions === null ? '' : `, ${formatCount(sessions)} session${sessions === 1 ? '' : 's'}`;
  return `${label} (${files}${s}, ${formatCount(d.samples.count)} waits${version})`;
}

function summaryTable(r: ComparisonReport): string {
  const rows = r.rows.map((row) => {
    const exact = row.statistic === 'count' || row.statistic === 'sum';
    const value = (v: number | null) => (exact && v !== null ? formatCount(v) : formatMicros(v));
    return [
      STATISTIC_LABEL[row.statistic],
      value(row.a),
      value(row.b),
      exact && row.difference !== null ? signedInteger.format(row.difference) : signed(row.difference),
      row.ratio === null ? '—' : row.ratio.toFixed(3),
    ];
  });
  return padTable([['statistic', r.labels.a, r.labels.b, 'difference', 'ratio A/B'], ...rows], [false, true, true, true, true]);
}

function testLines(r: ComparisonReport): string[] {
  const { welch, mannWhitney: mw, ks } = r.comparison;
  const rows: string[][] = [];
  if (welch) {
    const level = `${Math.round(welch.confidence * 100)}% CI`;
    rows.push(['Welch t', `t = ${welch.t.toFixed(2)}, df = ${grouped1.format(welch.df)}, ${formatP(welch.p, welch.log10p)}; Δmean ${signed(welch.difference)} µs, ${level} ${ciOf({ lower: welch.ci[0], upper: welch.ci[1] }, false)}`]);
  } else rows.push(['Welch t', 'not computed (fewer than 2 waits, or both samples constant)']);
  if (mw) rows.push(['Mann–Whitney U', `W = ${formatCount(mw.w)}, z = ${mw.z.toFixed(2)}, ${formatP(mw.p, mw.log10p)}; P(A > B) + ½P(A = B) = ${mw.effect.toFixed(4)}`]);
  else rows.push(['Mann–Whitney U', 'not computed (an empty sample, or all values equal)']);
  if (ks) rows.push(['Kolmogorov–Smirnov', `D = ${ks.d.toFixed(4)}, λ = ${ks.lambda.toFixed(2)}, ${formatP(ks.p, ks.log10p)}`]);
  else rows.push(['Kolmogorov–Smirnov', 'not computed (an empty sample)']);
  return padTable(rows, [false, false]).split('\n').map((l) => `  ${l}`);
}

function bootstrapLines(r: ComparisonReport): string[] {
  const b = r.comparison.bootstrap;
  if (!b) return [`bootstrap: ${r.resampling.description}`];
  const rows = (['median', 'p99', 'mean'] as const).map((k) => [
    `Δ${k}`,
    `${signed(r.comparison.rows[k].difference)} µs`,
    ciOf(b.difference[k], false),
    r.comparison.rows[k].relative === null ? '—' : signedPercent.format(r.comparison.rows[k].relative!),
    ciOf(b.relative[k], true),
  ]);
  return [
    `bootstrap ${Math.round(b.confidence * 100)}% CIs (A − B in µs, and relative to B): ${r.resampling.description}`,
    ...padTable(rows, [false, true, false, true, false]).split('\n').map((l) => `  ${l}`),
  ];
}

/** Upper bounds of both sides' buckets, so the rows line up; null (the open bucket) last. */
function bucketTable(r: ComparisonReport): string {
  const a = r.distributions.a.log2Micros;
  const b = r.distributions.b.log2Micros;
  const keyOf = (k: Log2Bucket) => k.upperBound ?? Infinity;
  const keys = [...new Set([...a, ...b].map(keyOf))].sort((x, y) => x - y);
  const na = r.summaries.a.count;
  const nb = r.summaries.b.count;
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
  return padTable([['wait µs', r.labels.a, '%', r.labels.b, '%'], ...rows], [false, true, true, true, true]);
}

export function comparisonTable(event: string, r: ComparisonReport, sides: { a: LoadedSide; b: LoadedSide }): string {
  const warnings = r.warnings.length === 0 ? ['  none'] : r.warnings.map((w) => `  - ${w.message}`);
  return [
    `'${event}' waits: A = ${describeSide(r.labels.a, sides.a, r.sessionCounts.a)}`,
    `         vs B = ${describeSide(r.labels.b, sides.b, r.sessionCounts.b)}`,
    'values in µs; quantiles are R type 7; difference = A − B, ratio = A / B',
    '',
    summaryTable(r),
    '',
    'tests (two-sided)',
    ...testLines(r),
    '',
    ...bootstrapLines(r),
    '',
    `verdicts (A = ${r.labels.a} against B = ${r.labels.b})`,
    ...r.verdicts.map((v) => `  ${v.text}`),
    '',
    'warnings',
    ...warnings,
    '',
    'distribution: waits per Oracle log2 µs bucket (V$EVENT_HISTOGRAM_MICRO: "< 2^k" holds [2^(k-1), 2^k))',
    bucketTable(r),
    '',
  ].join('\n');
}
