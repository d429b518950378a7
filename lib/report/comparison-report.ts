/**
 * Everything `waitscope compare` reports about two datasets (issue 3 §4), as one pure function of
 * their waits: both summaries, every summary statistic's difference and ratio, the tests and
 * bootstrap CIs of `compare()`, the verdicts, warnings, and each dataset's distributions.
 * No I/O and no formatting: the CLI and the benchmark both call `buildComparisonReport`.
 *
 * Direction as in lib/stats/compare.ts: A is the treatment, B the baseline; difference = A − B,
 * ratio = A/B. All values are µs.
 */
import { bucketLog2OfCounts, type Log2Bucket } from '../stats/buckets';
import { binLog10OfCounts, type LogBins } from '../stats/bins';
import type { Counts } from '../stats/counts';
import { answerSentence } from '../stats/answer-sentence';
import { compare, COMPARED_STATISTICS, type Comparison, type CompareOptions, type ComparedStatistic, type DatasetMetadata } from '../stats/compare';
import { kdeLog10OfCounts, type Kde } from '../stats/kde';
import { percentileSpectrumOfCounts, type SpectrumPoint } from '../stats/spectrum';
import { estimableSummary, notEstimableText } from '../stats/minimum-counts';
import type { Sample } from '../stats/sample';
import { summarizeCounts, type Summary } from '../stats/summary';
import { countAboveThresholdsOfCounts, type ThresholdCount } from '../stats/thresholds';
import { DEFAULT_TOP_N, topValuesOfCounts } from '../stats/top-n';
import { verdicts, type Verdict } from '../stats/verdict';

export interface ComparisonSide {
  label: string;
  /** The chosen event's waits (µs), per session when known (lib/stats/sample.ts). */
  sample: Sample;
  metadata?: DatasetMetadata;
}

/** Summary fields in display order; every one gets a difference and a ratio. */
export const SUMMARY_STATISTICS = COMPARED_STATISTICS;
export type SummaryStatistic = ComparedStatistic;

export interface SummaryRow {
  statistic: SummaryStatistic;
  a: number | null;
  b: number | null;
  /** A − B. */
  difference: number | null;
  /** A / B; null when B is 0 or missing. */
  ratio: number | null;
  /** "n/a (needs ≥ 100 waits)" when a side is too small for the statistic (then a or b is null), else null. */
  note: string | null;
}

/** Extra outlier thresholds beside the 500 ms default of thresholds.ts: 10 ms (stats.md §5's "≥ 10 ms" column) and 100 ms. */
export const REPORT_THRESHOLDS_MICROS = [10_000, 100_000] as const;

export interface Distributions {
  /** V$EVENT_HISTOGRAM_MICRO buckets. */
  log2Micros: Log2Bucket[];
  log10Bins: LogBins;
  kde: Kde | null;
  spectrum: SpectrumPoint[];
  /** The DEFAULT_TOP_N largest waits, descending (Fig 15.16). */
  top: Float64Array;
  thresholds: ThresholdCount[];
}

export interface ReportWarning {
  code: string;
  message: string;
}

export interface Resampling {
  method: 'cluster' | 'poisson' | null;
  /** One sentence a person can read: what was resampled and why. */
  description: string;
}

export interface ComparisonReport {
  labels: { a: string; b: string };
  summaries: { a: Summary; b: Summary };
  /** Distinct sessions among each side's waits; null when sessions are unknown. */
  sessionCounts: { a: number | null; b: number | null };
  rows: SummaryRow[];
  comparison: Comparison;
  resampling: Resampling;
  verdicts: Verdict[];
  /** One sentence answering the comparison's question, built from the verdicts (answer-sentence.ts). */
  answer: string;
  /** compare()'s warnings, then the report's own (empty side, no session bootstrap). */
  warnings: ReportWarning[];
  distributions: { a: Distributions; b: Distributions };
}

export interface ReportOptions {
  bootstrap?: CompareOptions['bootstrap'];
  /** The wait event's name, for the answer sentence. */
  event: string;
  /**
   * Called as each part finishes ('compare', 'summaries', then per dataset 'log2 buckets', 'log10 bins',
   * 'kde', 'spectrum', 'top', 'thresholds'), so callers can time the parts without this module reading a clock.
   */
  onPhase?: (phase: string) => void;
}

/** Number of distinct ids (samples of one session are usually contiguous, so runs are skipped cheaply). */
export function countDistinct(ids: Uint32Array): number {
  const seen = new Set<number>();
  let last = -1;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (id !== last) {
      seen.add(id);
      last = id;
    }
  }
  return seen.size;
}

/** The table row of one statistic, with the small-sample note of the smaller side. */
export function differenceRow(statistic: SummaryStatistic, c: Comparison): SummaryRow {
  const { a, b, difference, ratio } = c.rows[statistic];
  const smaller = Math.min(c.rows.count.a ?? 0, c.rows.count.b ?? 0);
  return { statistic, a, b, difference, ratio, note: notEstimableText(statistic, smaller) };
}

export function distributionsOf(counts: Counts, onPhase: (phase: string) => void = () => {}): Distributions {
  const step = <T>(phase: string, value: T): T => {
    onPhase(phase);
    return value;
  };
  return {
    log2Micros: step('log2 buckets', bucketLog2OfCounts(counts)),
    log10Bins: step('log10 bins', binLog10OfCounts(counts)),
    kde: step('kde', kdeLog10OfCounts(counts)),
    spectrum: step('spectrum', percentileSpectrumOfCounts(counts)),
    top: step('top', topValuesOfCounts(counts, DEFAULT_TOP_N)),
    thresholds: step('thresholds', countAboveThresholdsOfCounts(counts, REPORT_THRESHOLDS_MICROS)),
  };
}

/** Whole sessions are resampled when both sides have at least this many (one session cannot vary). */
export const MIN_SESSIONS_FOR_CLUSTER = 2;

/** Why whole sessions could not be resampled, e.g. "flash-on has 1 session"; null when they could. */
export function whyNotClustered(counts: ComparisonReport['sessionCounts'], labels: ComparisonReport['labels']): string | null {
  if (counts.a === null || counts.b === null) return 'sessions unknown';
  const side = counts.a < MIN_SESSIONS_FOR_CLUSTER ? 'a' : counts.b < MIN_SESSIONS_FOR_CLUSTER ? 'b' : null;
  if (side === null) return null;
  const n = counts[side] ?? 0;
  return `${labels[side]} has ${n} session${n === 1 ? '' : 's'}`;
}

function describeResampling(c: Comparison, why: string | null): Resampling {
  const b = c.bootstrap;
  if (!b) return { method: null, description: 'no bootstrap (skipped, or a dataset has no waits)' };
  const runs = `${b.replicates.toLocaleString('en-US')} replicates, seed ${b.seed}`;
  if (b.method === 'cluster') {
    const s = b.sessionCounts;
    return { method: 'cluster', description: `whole sessions resampled (cluster bootstrap over ${s?.a} + ${s?.b} sessions), ${runs}` };
  }
  return { method: 'poisson', description: `single waits resampled (Poisson bootstrap; ${why ?? 'no sessions given'}), ${runs}` };
}

/** Everything about A against B except their distributions: what one row of a comparison needs. */
export type PairComparison = Omit<ComparisonReport, 'distributions'>;

/** A (treatment) against B (baseline): tests, bootstrap CIs, differences, verdicts and warnings. */
export function comparePair(a: ComparisonSide, b: ComparisonSide, options: ReportOptions): PairComparison {
  const onPhase = options.onPhase ?? (() => {});
  const labels = { a: a.label, b: b.label };
  const sessionCounts = { a: a.sample.sessions?.length ?? null, b: b.sample.sessions?.length ?? null };
  const why = whyNotClustered(sessionCounts, labels);
  const comparison = compare(a.sample, b.sample, {
    bootstrap: options.bootstrap,
    singleWaits: why !== null,
    metadata: { a: a.metadata, b: b.metadata },
  });
  onPhase('compare');
  const summaries = { a: estimableSummary(summarizeCounts(a.sample.counts)), b: estimableSummary(summarizeCounts(b.sample.counts)) };
  onPhase('summaries');
  const rows = SUMMARY_STATISTICS.map((k) => differenceRow(k, comparison));
  const resampling = describeResampling(comparison, why);

  const warnings: ReportWarning[] = [...comparison.warnings];
  for (const [side, s] of [['a', summaries.a], ['b', summaries.b]] as const) {
    if (s.count === 0) warnings.push({ code: 'no-waits', message: `${labels[side]} has no waits of this event: nothing to compare.` });
  }
  if (resampling.method === 'poisson' && sessionCounts.a !== null && sessionCounts.b !== null) {
    warnings.push({
      code: 'no-session-bootstrap',
      message: `The bootstrap resampled single waits, not sessions (${why}): waits of one session are correlated, so its CIs may be too narrow.`,
    });
  }
  const lines = verdicts(comparison);
  const answer = answerSentence({
    event: options.event,
    labels,
    verdicts: lines,
    counts: { a: summaries.a.count, b: summaries.b.count },
    bootstrap: comparison.bootstrap,
    whySingleWaits: why,
  });
  return { labels, summaries, sessionCounts, rows, comparison, resampling, verdicts: lines, answer, warnings };
}

/** The whole comparison of A (treatment) with B (baseline). Throws a RangeError on NaN waits. */
export function buildComparisonReport(a: ComparisonSide, b: ComparisonSide, options: ReportOptions): ComparisonReport {
  const onPhase = options.onPhase ?? (() => {});
  const pair = comparePair(a, b, { ...options, onPhase });
  const distributions = { a: distributionsOf(a.sample.counts, onPhase), b: distributionsOf(b.sample.counts, onPhase) };
  return { ...pair, distributions };
}
