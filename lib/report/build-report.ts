/**
 * The report of any number of datasets of one event: each dataset's summary and distributions, and
 * every other dataset compared with the baseline (compare-pair.ts). The one report: `waitscope
 * compare` (table, --json, --format csv), the page and a shared link all read this object, so the
 * same files give the same numbers everywhere.
 *
 * Each dataset's Sample (lib/stats/sample.ts) is built once, and every statistic reads it.
 */
import { bucketLog2OfCounts } from '../stats/buckets';
import { binLog10OfCounts } from '../stats/bins';
import type { CompareOptions, DatasetMetadata } from '../stats/compare';
import type { Counts } from '../stats/counts';
import { kdeLog10OfCounts } from '../stats/kde';
import { percentileSpectrumOfCounts } from '../stats/spectrum';
import { estimableSummary, notEstimableNotes } from '../stats/minimum-counts';
import { valuesNoun } from '../trace/measure';
import { sampleOf, type Sample } from '../stats/sample';
import { summarizeCounts } from '../stats/summary';
import { countAboveThresholdsOfCounts } from '../stats/thresholds';
import { DEFAULT_TOP_N, topValuesOfCounts } from '../stats/top-n';
import { comparePair, REPORT_THRESHOLDS_MICROS, type PairComparison } from './compare-pair';
import { COMPARED_ROW_STATISTICS, REPORT_VERSION } from './report-constants';
import type {
  ComparisonEntry,
  DatasetReport,
  ReportDistributions,
  ReportFile,
  ReportWindow,
  WaitscopeReport,
} from './report-schema';

/** One dataset as buildReportOfSamples takes it: its Sample and what the report says about it. */
export interface ReportDataset {
  id: string;
  label: string;
  source: DatasetReport['source'];
  note?: string | null;
  /** The event's waits (µs), per session when known. */
  sample: Sample;
  metadata?: DatasetMetadata;
  files: ReportFile[];
  /** The time window the sample was selected by; absent for the whole run. */
  window?: ReportWindow;
}

/** One dataset as parsed: its columns of waits and session ids, turned into a Sample by buildReport. */
export type ReportDatasetInput = Omit<ReportDataset, 'sample'> & {
  /** The event's waits, µs. */
  values: Float64Array;
  /** Session id of each wait (any ids; only equality matters), or null when unknown. */
  sessions: Uint32Array | null;
};

export interface BuildReportOptions {
  /** The event's name, or a measure's label (lib/trace/measure.ts measureLabel). */
  event: string;
  /** A call or commit measure the values are of: kept in the report, so it says what was measured. */
  measure?: WaitscopeReport['measure'];
  /** Index of the dataset every other one is compared with. */
  baseline: number;
  /** Thresholds (µs) to count waits above, besides 500 ms. */
  thresholds?: readonly number[];
  bootstrap?: CompareOptions['bootstrap'];
  generatorVersion: string;
  /** ISO time; passed in so this module reads no clock. */
  createdAt: string;
  /**
   * Called after each step with a short name ('sample', then per dataset 'summary', 'log2 buckets',
   * 'log10 bins', 'kde', 'spectrum', 'top', 'thresholds', then 'compare' per comparison), so callers
   * can time the parts without this module reading a clock.
   */
  onPhase?: (phase: string) => void;
}

export function reportDistributions(counts: Counts, thresholds: readonly number[], onPhase: (phase: string) => void = () => {}): ReportDistributions {
  const step = <T>(phase: string, value: T): T => {
    onPhase(phase);
    return value;
  };
  const kde = step('kde', kdeLog10OfCounts(counts));
  return {
    log2Micros: step('log2 buckets', bucketLog2OfCounts(counts)),
    log10Bins: step('log10 bins', binLog10OfCounts(counts)),
    kde: kde && { x: Array.from(kde.x), y: Array.from(kde.y), bw: kde.bw, n: kde.n, nonPositive: kde.nonPositive },
    spectrum: step('spectrum', percentileSpectrumOfCounts(counts)),
    top: step('top', Array.from(topValuesOfCounts(counts, DEFAULT_TOP_N))),
    thresholds: step('thresholds', countAboveThresholdsOfCounts(counts, thresholds)),
  };
}

function datasetReport(input: ReportDataset, thresholds: readonly number[], onPhase: (phase: string) => void, noun: string): DatasetReport {
  const versions = input.metadata?.oracleVersion ? input.metadata.oracleVersion.split(' + ') : [];
  const summary = summarizeCounts(input.sample.counts);
  onPhase('summary');
  return {
    id: input.id,
    label: input.label,
    source: input.source,
    note: input.note ?? null,
    summary: estimableSummary(summary),
    notEstimable: notEstimableNotes(summary.count, noun),
    sessions: input.sample.sessions?.length ?? null,
    oracleVersions: versions,
    files: input.files,
    distributions: reportDistributions(input.sample.counts, thresholds, onPhase),
    ...(input.window && { window: input.window }),
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

/** The report of datasets whose Samples are built: e.g. kept by a caller that reports them again. */
export function buildReportOfSamples(inputs: readonly ReportDataset[], options: BuildReportOptions): WaitscopeReport {
  if (inputs.length === 0) throw new RangeError('buildReport needs at least one dataset');
  if (!(options.baseline >= 0 && options.baseline < inputs.length)) {
    throw new RangeError(`baseline ${options.baseline} is not a dataset index (0..${inputs.length - 1})`);
  }
  const onPhase = options.onPhase ?? (() => {});
  const thresholds = [...new Set([...REPORT_THRESHOLDS_MICROS, ...(options.thresholds ?? [])])].sort((x, y) => x - y);
  const datasets = inputs.map((input) => datasetReport(input, thresholds, onPhase, valuesNoun(options.measure)));
  const base = inputs[options.baseline]!;
  const comparisons: ComparisonEntry[] = [];
  inputs.forEach((input, i) => {
    if (i === options.baseline) return;
    comparisons.push(comparisonEntry(i, options.baseline, comparePair(input, base, { bootstrap: options.bootstrap, noun: valuesNoun(options.measure) })));
    onPhase('compare');
  });
  return {
    version: REPORT_VERSION,
    generator: { name: 'waitscope', version: options.generatorVersion },
    createdAt: options.createdAt,
    event: options.event,
    ...(options.measure && { measure: options.measure }),
    unit: 'us',
    datasets,
    comparisons,
  };
}

/** The report of parsed datasets: each one's Sample built once from its columns, then buildReportOfSamples. */
export function buildReport(inputs: readonly ReportDatasetInput[], options: BuildReportOptions): WaitscopeReport {
  const onPhase = options.onPhase ?? (() => {});
  const datasets = inputs.map(({ values, sessions, ...rest }): ReportDataset => {
    const sample = sampleOf(values, sessions);
    onPhase('sample');
    return { ...rest, sample };
  });
  return buildReportOfSamples(datasets, options);
}
