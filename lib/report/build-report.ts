/**
 * The report of any number of datasets of one event: each dataset's summary and distributions, and
 * every other dataset compared with the baseline through comparePair (the function behind
 * `waitscope compare`), so a dataset pair gives the browser exactly the CLI's numbers.
 */
import { bucketLog2OfCounts } from '../stats/buckets';
import { binLog10OfCounts } from '../stats/bins';
import type { CompareOptions, DatasetMetadata } from '../stats/compare';
import type { Counts } from '../stats/counts';
import { kdeLog10OfCounts } from '../stats/kde';
import { percentileSpectrumOfCounts } from '../stats/spectrum';
import { estimableSummary, notEstimableNotes } from '../stats/minimum-counts';
import { sampleOf, type Sample } from '../stats/sample';
import { summarizeCounts } from '../stats/summary';
import { countAboveThresholdsOfCounts } from '../stats/thresholds';
import { DEFAULT_TOP_N, topValuesOfCounts } from '../stats/top-n';
import { comparePair, REPORT_THRESHOLDS_MICROS, type PairComparison } from './comparison-report';
import {
  COMPARED_ROW_STATISTICS,
  REPORT_VERSION,
  type ComparisonEntry,
  type DatasetReport,
  type ReportDistributions,
  type ReportFile,
  type WaitscopeReport,
} from './report-schema';

export interface ReportDatasetInput {
  id: string;
  label: string;
  source: DatasetReport['source'];
  note?: string | null;
  /** The event's waits, µs. */
  values: Float64Array;
  /** Session id of each wait, or null when unknown. */
  sessions: Uint32Array | null;
  metadata?: DatasetMetadata;
  files: ReportFile[];
}

export interface BuildReportOptions {
  event: string;
  /** Index of the dataset every other one is compared with. */
  baseline: number;
  /** Thresholds (µs) to count waits above, besides 500 ms. */
  thresholds?: readonly number[];
  bootstrap?: CompareOptions['bootstrap'];
  generatorVersion: string;
  /** ISO time; passed in so this module reads no clock. */
  createdAt: string;
  /** Called after each step with a short name, so callers can time and report progress. */
  onPhase?: (phase: string) => void;
}

export function reportDistributions(counts: Counts, thresholds: readonly number[]): ReportDistributions {
  const kde = kdeLog10OfCounts(counts);
  return {
    log2Micros: bucketLog2OfCounts(counts),
    log10Bins: binLog10OfCounts(counts),
    kde: kde && { x: Array.from(kde.x), y: Array.from(kde.y), bw: kde.bw, n: kde.n, nonPositive: kde.nonPositive },
    spectrum: percentileSpectrumOfCounts(counts),
    top: Array.from(topValuesOfCounts(counts, DEFAULT_TOP_N)),
    thresholds: countAboveThresholdsOfCounts(counts, thresholds),
  };
}

function datasetReport(input: ReportDatasetInput, sample: Sample, thresholds: readonly number[]): DatasetReport {
  const versions = input.metadata?.oracleVersion ? input.metadata.oracleVersion.split(' + ') : [];
  const summary = summarizeCounts(sample.counts);
  return {
    id: input.id,
    label: input.label,
    source: input.source,
    note: input.note ?? null,
    summary: estimableSummary(summary),
    notEstimable: notEstimableNotes(summary.count),
    sessions: sample.sessions?.length ?? null,
    oracleVersions: versions,
    files: input.files,
    distributions: reportDistributions(sample.counts, thresholds),
  };
}

export function comparisonEntry(treatment: number, baseline: number, pair: PairComparison): ComparisonEntry {
  const c = pair.comparison;
  return {
    treatment,
    baseline,
    rows: COMPARED_ROW_STATISTICS.map((statistic) => ({ statistic, ...c.rows[statistic] })),
    welch: c.welch,
    mannWhitney: c.mannWhitney,
    ks: c.ks,
    bootstrap: c.bootstrap,
    resampling: pair.resampling,
    verdicts: pair.verdicts,
    warnings: pair.warnings,
  };
}

export function buildReport(inputs: readonly ReportDatasetInput[], options: BuildReportOptions): WaitscopeReport {
  if (inputs.length === 0) throw new RangeError('buildReport needs at least one dataset');
  if (!(options.baseline >= 0 && options.baseline < inputs.length)) {
    throw new RangeError(`baseline ${options.baseline} is not a dataset index (0..${inputs.length - 1})`);
  }
  const onPhase = options.onPhase ?? (() => {});
  const thresholds = [...new Set([...REPORT_THRESHOLDS_MICROS, ...(options.thresholds ?? [])])].sort((x, y) => x - y);
  // Each dataset's sample is built once; every statistic below reads it (lib/stats/sample.ts).
  const sides = inputs.map((input) => ({ label: input.label, sample: sampleOf(input.values, input.sessions), metadata: input.metadata }));
  const datasets = inputs.map((input, i) => {
    const report = datasetReport(input, sides[i]!.sample, thresholds);
    onPhase(`distributions of ${input.label}`);
    return report;
  });
  const base = sides[options.baseline]!;
  const comparisons: ComparisonEntry[] = [];
  inputs.forEach((input, i) => {
    if (i === options.baseline) return;
    const pair = comparePair(sides[i]!, base, { event: options.event, bootstrap: options.bootstrap });
    comparisons.push(comparisonEntry(i, options.baseline, pair));
    onPhase(`comparison of ${input.label} with ${base.label}`);
  });
  return {
    version: REPORT_VERSION,
    generator: { name: 'waitscope', version: options.generatorVersion },
    createdAt: options.createdAt,
    event: options.event,
    unit: 'us',
    datasets,
    comparisons,
  };
}
