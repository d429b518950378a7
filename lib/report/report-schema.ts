/**
 * The report: everything the results view draws, as plain JSON (arrays, never typed arrays), so the
 * same object is drawn in the page, exported as JSON, and (later) shared. zod validates it where it
 * crosses a trust boundary: a decrypted shared report or an imported JSON file (style.md §7).
 *
 * `version` changes whenever a field changes meaning or shape; report-migrations.ts upgrades every
 * older version. All times are µs (`unit: 'us'`); formatting to ms happens only in components/.
 */
import { z } from 'zod';

import { COMPARED_ROW_STATISTICS, REPORT_VERSION } from './report-constants';

export { COMPARED_ROW_STATISTICS, REPORT_VERSION, STATISTIC_LABEL, WAITSCOPE_VERSION } from './report-constants';

const num = z.number();
const maybeNum = z.number().nullable();
const count = z.number().int().nonnegative();

export const summarySchema = z.object({
  count,
  sum: num,
  min: maybeNum,
  max: maybeNum,
  mean: maybeNum,
  stddev: maybeNum,
  median: maybeNum,
  p90: maybeNum,
  p95: maybeNum,
  p99: maybeNum,
  p999: maybeNum,
});

export const distributionsSchema = z.object({
  /** V$EVENT_HISTOGRAM_MICRO buckets. */
  log2Micros: z.array(z.object({ lowerBound: num, upperBound: maybeNum, count })),
  log10Bins: z.object({
    perDecade: num,
    bins: z.array(z.object({ lo: num, hi: num, count, densityPerDecade: num, percent: num })),
    positive: count,
    nonPositive: count,
  }),
  /** KDE of log10(ela): y is density per decade at x (µs). */
  kde: z.object({ x: z.array(num), y: z.array(num), bw: num, n: count, nonPositive: count }).nullable(),
  spectrum: z.array(z.object({ p: num, inverseTail: num, value: num })),
  /** The largest waits, descending (Figure 15.16). */
  top: z.array(num),
  thresholds: z.array(z.object({ threshold: num, count, ratePerMillion: maybeNum })),
});

export const reportFileSchema = z.object({
  name: z.string(),
  /** Bytes as read (the compressed size for gzip and xz). */
  bytes: count,
  compression: z.enum(['none', 'gzip', 'xz']),
  oracleVersion: z.string().nullable(),
  outcome: z.enum(['parsed', 'no-event', 'not-a-trace']),
  /** Waits of the event in this file. */
  waits: count,
  /** SHA-256 of the file's bytes as read (hex), so a recipient can tell which files were used; filled when sharing. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable().optional(),
  /** From the trace header. Private: a shared report carries them only when the user ticks it. */
  host: z.string().nullable().optional(),
  instance: z.string().nullable().optional(),
});

/**
 * The outliers of a dataset as they travel in a shared report (issue 6 §6): the top waits with their
 * moment and place, a downsampled timeline and the clusters with what co-occurred. Never the trace
 * lines around a wait: those stay on the machine that has the files.
 */
export const outlierSectionSchema = z.object({
  /**
   * The cluster threshold (the p99.9), µs; null when the dataset has fewer waits than a p99.9 needs
   * (lib/outliers/clusters.ts noDefaultThresholdNote): then no clusters.
   */
  threshold: num.nullable(),
  top: z.array(
    z.object({
      ela: num,
      /** ISO-8601, or null when the wait could not be placed in time. */
      time: z.string().nullable(),
      timeKind: z.enum(['utc', 'local', 'tim', 'none']),
      session: z.string().nullable(),
      file: z.string(),
      line: count,
    }),
  ),
  timeline: z.object({ kind: z.enum(['utc', 'local', 'none']), t: z.array(num), ela: z.array(num), keepAbove: num }),
  /**
   * The heat map of latency over time (issue 15 §3, lib/report/shared-heat-map.ts): numbers only, every
   * wait counted in its cell. Absent in reports shared before it, and for datasets without times.
   */
  heatMap: z
    .object({
      axis: z.enum(['utc', 'local', 'tim']),
      intervalMicros: num,
      start: num,
      first: num,
      last: num,
      intervals: count,
      buckets: z.array(z.object({ lowerBound: num, upperBound: num.nullable() })),
      /** Interval-major: cell (i, b) at i · buckets.length + b. */
      count: z.array(count),
      timeWaited: z.array(num),
      perInterval: z.object({ count: z.array(count), p50: z.array(num.nullable()), p99: z.array(num.nullable()), max: z.array(num.nullable()) }),
      placed: count,
      unplaced: count,
      elsewhere: count,
    })
    .optional(),
  clusters: z.array(
    z.object({
      start: z.string().nullable(),
      end: z.string().nullable(),
      count,
      worstEla: num,
      worstFile: z.string(),
      worstLine: count,
      events: z.array(z.object({ event: z.string(), count, maxEla: num })),
      switches: z.array(z.object({ event: z.string(), ela: num, line: count })),
    }),
  ),
});

/**
 * The time window a dataset's statistics were computed for (issue 15 §1), absent for the whole run:
 * as `stats --json` prints it (lib/scope/window-dataset.ts WindowSummary). Times only: no file name or statement.
 */
export const reportWindowSchema = z.object({
  /** The edges as ISO-8601 text (an offset when one was given) or `tim:N`; null for an open edge. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Each session's skipped start and end, e.g. `30s`; null for none. */
  skipFirst: z.string().nullable(),
  skipLast: z.string().nullable(),
  /** One line, e.g. `from 2024-03-01T10:00:00.000000, to … (exclusive)`. */
  description: z.string(),
  /** Waits inside the window (the statistics'), placed outside it, and left out for having no time to place them. */
  kept: count,
  outside: count,
  unplaced: count,
  /** Waits of traces whose stamps have no UTC offset, compared by their readings with an edge that has one. */
  offsetIgnored: count,
});

export const datasetReportSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  /** Where the waits came from: parsed traces, a CSV of ela values, or the synthetic book model. */
  source: z.enum(['traces', 'csv', 'synthetic']),
  /** Shown beside the label, e.g. that the data is synthetic. */
  note: z.string().nullable(),
  /** Exact, except that statistics the sample is too small for are null (lib/stats/minimum-counts.ts). */
  summary: summarySchema,
  /** Why a statistic is null, e.g. {"p99": "n/a (needs ≥ 100 waits)"}; empty when the sample supports every one. */
  notEstimable: z.record(z.string(), z.string()),
  /** Distinct sessions among the waits; null when unknown (CSV input). */
  sessions: count.nullable(),
  oracleVersions: z.array(z.string()),
  files: z.array(reportFileSchema),
  distributions: distributionsSchema,
  /** Added when a report is shared (the page computes outliers on demand). */
  outliers: outlierSectionSchema.nullable().optional(),
  /** The time window the statistics are of; absent: the whole run. */
  window: reportWindowSchema.optional(),
});

const interval = z.object({ lower: num, upper: num });
/** null where a side has too few waits for the statistic. */
const byStatistic = z.object({ median: interval.nullable(), p99: interval.nullable(), mean: interval.nullable() });



export const comparisonEntrySchema = z.object({
  /** Index in `datasets` of the treatment (A) and the baseline (B). */
  treatment: count,
  baseline: count,
  rows: z.array(
    z.object({
      statistic: z.enum(COMPARED_ROW_STATISTICS),
      a: maybeNum,
      b: maybeNum,
      difference: maybeNum,
      ratio: maybeNum,
      /** (A − B)/B as a fraction. */
      relative: maybeNum,
    }),
  ),
  welch: z
    .object({ t: num, df: num, p: num, log10p: num, difference: num, standardError: num, ci: z.tuple([num, num]), confidence: num })
    .nullable(),
  mannWhitney: z.object({ w: num, z: num, p: num, log10p: num, effect: num, tieSum: num }).nullable(),
  ks: z.object({ d: num, lambda: num, p: num, log10p: num, signedD: num }).nullable(),
  bootstrap: z
    .object({
      method: z.enum(['poisson', 'cluster']),
      replicates: count,
      seed: num,
      confidence: num,
      sessionCounts: z.object({ a: count, b: count }).optional(),
      difference: byStatistic,
      relative: byStatistic,
    })
    .nullable(),
  resampling: z.object({ method: z.enum(['cluster', 'poisson']).nullable(), description: z.string() }),
  /** lib/stats/verdict.ts: one line per statistic, each from the one method `ciSource`. */
  verdicts: z.array(
    z.object({
      statistic: z.enum(['median', 'p99', 'mean']),
      direction: z.enum(['lower', 'higher', 'no-significant-difference', 'unknown', 'within-resolution']),
      ciSource: z.enum(['bootstrap-poisson', 'bootstrap-cluster', 'welch']).nullable(),
      relative: maybeNum,
      interval: interval.nullable(),
      text: z.string(),
    }),
  ),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});

/** A call or commit measure (lib/trace/measure.ts), for a report whose numbers are not one event's waits. */
export const measureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('call'), call: z.string().min(1), sqlId: z.string().nullable(), hashValue: z.number().int().nonnegative().nullable(), dep: z.number().int().nonnegative().nullable() }),
  z.object({ kind: z.literal('commit') }),
]);
/**
 * The response-time profile section (issue 14 §2, §3, §5), optional: a report made without it (every
 * report before issue 14, and a share made from the waits view) still validates. The rows are those
 * lib/profile computes (profile-rows.ts, statement-table.ts, compare-profiles.ts); µs throughout.
 * A statement's SQL text is null unless the user ticked "include SQL text" when sharing.
 */
const profileRowSchema = z.object({
  component: z.string(),
  kind: z.enum(['cpu', 'wait-within', 'wait-between', 'think-time', 'unaccounted-within', 'unaccounted-between']),
  total: num,
  share: maybeNum,
  count,
  mean: maybeNum,
  median: maybeNum,
  p99: maybeNum,
});
const callSumsSchema = z.object({ count, e: num, c: num, p: num, cr: num, cu: num, r: num, mis: num });
const statementRowSchema = z.object({
  key: z.string(),
  sqlId: z.string().nullable(),
  hashValue: maybeNum,
  dep: count,
  /** The deepest depth its calls ran at (`dep` the shallowest); absent in reports made before it. */
  maxDep: count.optional(),
  text: z.string().nullable(),
  calls: z.record(z.string(), callSumsSchema),
  total: num,
  self: num,
  executions: count,
  perExecution: z.object({ median: maybeNum, p99: maybeNum, max: maybeNum }),
  waits: z.array(z.object({ event: z.string(), count, total: num })),
  children: z.array(z.string()),
  parents: z.array(z.string()),
});
const statementSideSchema = z.object({ total: num, executions: count, meanPerExecution: maybeNum, medianPerExecution: maybeNum, p99PerExecution: maybeNum });
const onlyIn = z.enum(['a', 'b']).nullable();
export const profileComparisonSchema = z.object({
  a: z.object({ total: num, sessions: count }),
  b: z.object({ total: num, sessions: count }),
  deltaR: num,
  relativeDeltaR: maybeNum,
  components: z.array(
    z.object({
      component: z.string(),
      a: profileRowSchema.nullable(),
      b: profileRowSchema.nullable(),
      deltaTotal: num,
      shareOfChange: maybeNum,
      deltaMean: maybeNum,
      deltaMedian: maybeNum,
      deltaP99: maybeNum,
      onlyIn,
    }),
  ),
  statements: z.array(
    z.object({
      key: z.string(),
      sqlId: z.string().nullable(),
      hashValue: maybeNum,
      dep: count,
      text: z.string().nullable(),
      a: statementSideSchema.nullable(),
      b: statementSideSchema.nullable(),
      deltaTotal: num,
      deltaMeanPerExecution: maybeNum,
      deltaMedianPerExecution: maybeNum,
      deltaP99PerExecution: maybeNum,
      onlyIn,
    }),
  ),
});
export const profileSectionSchema = z.object({
  /** µs: SQL*Net message from client waits at or above it are think time. */
  thinkTime: num,
  /** One per dataset of the report that has trace files (by `id`). */
  datasets: z.array(
    z.object({
      id: z.string().min(1),
      /** R, µs, and the sessions it is summed over. */
      total: num,
      sessions: count,
      rows: z.array(profileRowSchema),
      calls: z.array(z.object({ call: z.string(), dep: count, count, e: num, c: num, p: num, cr: num, cu: num, r: num, mis: num })),
      /** The statements with the largest total elapsed, at most `statementCount` of them. */
      statements: z.array(statementRowSchema),
      statementCount: count,
    }),
  ),
  /** As the report's comparisons: Δ is the treatment's minus the baseline's (indexes into `datasets` of the report). */
  comparisons: z.array(z.object({ treatment: count, baseline: count, comparison: profileComparisonSchema })),
});

export const reportSchema = z.object({
  version: z.literal(REPORT_VERSION),
  generator: z.object({ name: z.literal('waitscope'), version: z.string() }),
  createdAt: z.string(),
  /** The wait event every dataset's numbers are about, matched exactly; with `measure`, its label (measureLabel). */
  event: z.string().min(1),
  /** What was measured when it is not `event`'s waits: a call type (maybe of one statement or depth) or the commit. Optional: older reports have none. */
  measure: measureSchema.optional(),
  unit: z.literal('us'),
  datasets: z.array(datasetReportSchema).min(1),
  comparisons: z.array(comparisonEntrySchema),
  /** Added when the user shares with the profile (issue 14); absent otherwise, and in older reports. */
  profile: profileSectionSchema.optional(),
});

export type WaitscopeReport = z.infer<typeof reportSchema>;
export type DatasetReport = z.infer<typeof datasetReportSchema>;
export type ComparisonEntry = z.infer<typeof comparisonEntrySchema>;
export type ReportDistributions = z.infer<typeof distributionsSchema>;
export type ReportSummary = z.infer<typeof summarySchema>;
export type ReportFile = z.infer<typeof reportFileSchema>;
export type ReportWindow = z.infer<typeof reportWindowSchema>;
export type OutlierSection = z.infer<typeof outlierSectionSchema>;
export type ProfileSection = z.infer<typeof profileSectionSchema>;
export type SharedStatementRow = ProfileSection['datasets'][number]['statements'][number];
