/**
 * The terminal table of `waitscope compare`: both summaries side by side in µs with difference and
 * ratio, the three tests, the bootstrap CIs and how they were made, the verdicts, the warnings, and
 * each dataset's Oracle log2 µs buckets. JSON and CSV are in compare-export.ts.
 */
import { safeField } from './terminal-text';
import type { ComparisonReport } from '../report/comparison-report';
import type { Interval } from '../stats/bootstrap';
import type { Log2Bucket } from '../stats/buckets';
import type { DatasetMetadata } from '../stats/compare';
import type { Dataset } from '../trace/dataset';
import { iidTestLines, IID_NOTE } from '../stats/iid-tests';
import { notEstimableText } from '../stats/minimum-counts';
import { formatCount, formatMicros, padTable, STATISTIC_LABEL } from './format';

export interface LoadedSide {
  dataset: Dataset;
  metadata?: DatasetMetadata;
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

function describeSide(label: string, side: LoadedSide, sessions: number | null): string {
  const d = side.dataset;
  const files = d.files.length === 1 ? '1 file' : `${formatCount(d.files.length)} files`;
  const version = side.metadata?.oracleVersion ? `, Oracle ${side.metadata.oracleVersion}` : '';
  const s = sessions === null ? '' : `, ${formatCount(sessions)} session${sessions === 1 ? '' : 's'}`;
  return `${safeField(label)} (${files}${s}, ${formatCount(d.samples.count)} waits${version})`;
}

function summaryTable(r: ComparisonReport): string {
  const rows = r.rows.map((row) => {
    const exact = row.statistic === 'count' || row.statistic === 'sum';
    // A side too small for the statistic says so instead of showing a number it cannot support.
    const value = (v: number | null, side: 'a' | 'b') =>
      notEstimableText(row.statistic, r.summaries[side].count) ?? (exact && v !== null ? formatCount(v) : formatMicros(v));
    const na = row.note === null ? null : 'n/a';
    return [
      STATISTIC_LABEL[row.statistic],
      value(row.a, 'a'),
      value(row.b, 'b'),
      na ?? (exact && row.difference !== null ? signedInteger.format(row.difference) : signed(row.difference)),
      na ?? (row.ratio === null ? '—' : row.ratio.toFixed(3)),
    ];
  });
  return padTable([['statistic', r.labels.a, r.labels.b, 'difference', 'ratio A/B'], ...rows], [false, true, true, true, true]);
}

function testLines(r: ComparisonReport): string[] {
  const rows = iidTestLines(r.comparison).map((t) => [t.name, t.text]);
  return [...padTable(rows, [false, false]).split('\n').map((l) => `  ${l}`), `  ${IID_NOTE}`];
}

function bootstrapLines(r: ComparisonReport): string[] {
  const b = r.comparison.bootstrap;
  if (!b) return [`bootstrap: ${r.resampling.description}`];
  const rows = (['median', 'p99', 'mean'] as const).map((k) => {
    const difference = b.difference[k];
    const relative = b.relative[k];
    // compare() leaves no CI for a statistic a side is too small for; the row says why.
    if (difference === null || relative === null) return [`Δ${k}`, r.rows.find((x) => x.statistic === k)?.note ?? 'n/a', '', '', ''];
    return [
      `Δ${k}`,
      `${signed(r.comparison.rows[k].difference)} µs`,
      ciOf(difference, false),
      r.comparison.rows[k].relative === null ? '—' : signedPercent.format(r.comparison.rows[k].relative!),
      ciOf(relative, true),
    ];
  });
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
  const verdictLines = r.verdicts.length === 0 ? ['  none (a side has too few waits)'] : r.verdicts.map((v) => `  ${v.text}`);
  return [
    `'${event}' waits: A = ${describeSide(r.labels.a, sides.a, r.sessionCounts.a)}`,
    `         vs B = ${describeSide(r.labels.b, sides.b, r.sessionCounts.b)}`,
    '',
    r.answer,
    '',
    'values in µs; quantiles are R type 7; difference = A − B, ratio = A / B',
    summaryTable(r),
    '',
    `verdicts (A = ${safeField(r.labels.a)} against B = ${safeField(r.labels.b)}; each from the bootstrap below, significant when its CI excludes 0)`,
    ...verdictLines,
    '',
    ...bootstrapLines(r),
    '',
    'iid tests (two-sided; for reference, not used by the verdicts)',
    ...testLines(r),
    '',
    'warnings',
    ...warnings,
    '',
    'distribution: waits per Oracle log2 µs bucket (V$EVENT_HISTOGRAM_MICRO: "< 2^k" holds [2^(k-1), 2^k))',
    bucketTable(r),
    '',
  ].join('\n');
}
