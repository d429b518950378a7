/**
 * Two-sample comparison of wait times: descriptive statistics side by side, Welch, Mann–Whitney
 * and KS tests, bootstrap CIs, and warnings about comparisons that mislead.
 *
 * Direction, everywhere: **A is the treatment and B the baseline.** difference = A − B,
 * ratio = A/B, relative = (A − B)/B. In the book's flash-logging comparison A = flash ON and
 * B = flash OFF (stats.md §2.7 reports On − Off), so "mean 17.6 % lower" means A's mean is
 * 17.6 % below B's. The tests follow the same order (Welch's Δmean = mean A − mean B, R's
 * `wilcox.test(a, b)` W, P(A > B)).
 */
import { resolutionGap, resolutionNote } from './clock-resolution';
import { BOOTSTRAP_STATISTICS, bootstrapDifferences } from './bootstrap';
import type { BootstrapResult, BootstrapStatistic, Interval } from './bootstrap';
import { ksCounts } from './ks';
import type { KsResult } from './ks';
import { mannWhitneyCounts } from './mann-whitney';
import type { MannWhitneyResult } from './mann-whitney';
import { withoutSessions, type Sample } from './sample';
import { estimableSummary, hasCi, MIN_WAITS_FOR_CI, MINIMUM_COUNT, nounFor } from './minimum-counts';
import { QUANTILES, summarizeCounts } from './summary';
import type { Summary } from './summary';
import { welchTest } from './welch';
import type { WelchResult } from './welch';

/** The rows of the comparison table, in display order: every summary field. p999 is p = 0.999. */
export const COMPARED_STATISTICS = [
  'count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum',
] as const satisfies readonly (keyof Summary)[];
export type ComparedStatistic = (typeof COMPARED_STATISTICS)[number];

/** A and B of one statistic; a and b are null where the side is too small for it (minimum-counts.ts). */
export interface ComparedRow {
  a: number | null;
  b: number | null;
  /** A − B. */
  difference: number | null;
  /** A / B (null when B is 0 or missing). */
  ratio: number | null;
  /** (A − B)/B as a fraction (null when B is 0 or missing). */
  relative: number | null;
}

/** Optional facts about where a dataset came from; used only for warnings. */
export interface DatasetMetadata {
  oracleVersion?: string;
  /** µs of the coarsest clock among its files: 10,000 before 9i (clock-resolution.ts), else 1. */
  resolutionMicros?: number;
  /** Wait count per event name in the source trace(s), e.g. {'log file sync': 4e6}. */
  eventMix?: Readonly<Record<string, number>>;
}

export type CompareWarningCode =
  | 'small-sample-quantile'
  | 'unbalanced-counts'
  | 'different-version'
  | 'different-event-mix'
  | 'coarse-resolution'
  | 'few-sessions'
  | 'small-sample-ci';

export interface CompareWarning {
  code: CompareWarningCode;
  message: string;
}

export interface CompareOptions {
  /** Bootstrap settings, or false to skip it (it dominates the run time). */
  bootstrap?: { replicates?: number; seed?: number } | false;
  /** Resample single waits even when both samples have sessions. */
  singleWaits?: boolean;
  metadata?: { a?: DatasetMetadata; b?: DatasetMetadata };
  /** CI level for Welch and the bootstrap (default 0.95). */
  confidence?: number;
  /** What the values are, plural, for the warnings (lib/trace/measure.ts valuesNoun; default waits). */
  noun?: string;
}

/** The bootstrap's result with null CIs for statistics a side has too few waits for (minimum-counts.ts). */
export type ComparisonBootstrap = Omit<BootstrapResult, 'difference' | 'relative'> & {
  difference: Record<BootstrapStatistic, Interval | null>;
  relative: Record<BootstrapStatistic, Interval | null>;
};

export interface Comparison {
  rows: Record<ComparedStatistic, ComparedRow>;
  welch: WelchResult | null;
  mannWhitney: MannWhitneyResult | null;
  ks: KsResult | null;
  bootstrap: ComparisonBootstrap | null;
  warnings: CompareWarning[];
}

/** Share of one event in a mix that differs by more than this (absolute) counts as different. */
export const EVENT_MIX_TOLERANCE = 0.05;
/** Fewer sessions than this make a cluster-bootstrap CI coarse. */
export const MIN_SESSIONS = 10;

/** One statistic's row from A's and B's values. */
function comparedRow(a: number | null, b: number | null): ComparedRow {
  const both = a !== null && b !== null;
  const usable = both && b !== 0;
  return {
    a,
    b,
    difference: both ? a - b : null,
    ratio: usable ? a / b : null,
    relative: usable ? (a - b) / b : null,
  };
}

function share(mix: Readonly<Record<string, number>>): Map<string, number> {
  const total = Object.values(mix).reduce((s, c) => s + c, 0);
  return new Map(Object.entries(mix).map(([k, c]) => [k, total > 0 ? c / total : 0]));
}

function metadataWarnings(a?: DatasetMetadata, b?: DatasetMetadata): CompareWarning[] {
  const out: CompareWarning[] = [];
  if (a?.oracleVersion && b?.oracleVersion && a.oracleVersion !== b.oracleVersion) {
    out.push({
      code: 'different-version',
      message: `A is from Oracle ${a.oracleVersion}, B from ${b.oracleVersion}: wait instrumentation may differ.`,
    });
  }
  const gap = resolutionGap(a?.resolutionMicros, b?.resolutionMicros);
  const coarse = Math.max(a?.resolutionMicros ?? 1, b?.resolutionMicros ?? 1);
  if (coarse > 1) {
    const whose = gap === null ? "Both sides' times" : `${gap.side}'s times`;
    const more = gap === null ? '' : ` The other side's are µs: a difference smaller than ${coarse.toLocaleString('en-US')} µs may be the resolution alone, so no verdict claims one.`;
    out.push({ code: 'coarse-resolution', message: `${resolutionNote(coarse, whose)}${more}` });
  }
  if (a?.eventMix && b?.eventMix) {
    const sa = share(a.eventMix);
    const sb = share(b.eventMix);
    const names = [...new Set([...sa.keys(), ...sb.keys()])].sort();
    const differing = names.filter((k) => Math.abs((sa.get(k) ?? 0) - (sb.get(k) ?? 0)) > EVENT_MIX_TOLERANCE);
    if (differing.length > 0) {
      out.push({
        code: 'different-event-mix',
        message: `The event mix differs (share changes by more than ${EVENT_MIX_TOLERANCE * 100} points: ${differing.join(', ')}): the workloads may not be comparable.`,
      });
    }
  }
  return out;
}

/** Every row, from two (estimable) summaries. */
export function comparedRows(sa: Summary, sb: Summary): Record<ComparedStatistic, ComparedRow> {
  return Object.fromEntries(COMPARED_STATISTICS.map((k) => [k, comparedRow(sa[k], sb[k])])) as Record<ComparedStatistic, ComparedRow>;
}

/** The bootstrap's CIs with those the smaller side is too small for (minimum-counts.ts `hasCi`) set to null. */
export function withoutInestimable(b: ComparisonBootstrap, smallerCount: number): ComparisonBootstrap {
  const keep = (r: Record<BootstrapStatistic, Interval | null>) =>
    Object.fromEntries(BOOTSTRAP_STATISTICS.map((s) => [s, hasCi(s, smallerCount) ? r[s] : null])) as Record<BootstrapStatistic, Interval | null>;
  return { ...b, difference: keep(b.difference), relative: keep(b.relative) };
}

/**
 * Compares A (treatment) with B (baseline). The bootstrap resamples whole sessions when both
 * samples have them (and `singleWaits` is not set), else single waits.
 */
export function compare(a: Sample, b: Sample, options: CompareOptions = {}): Comparison {
  const { confidence = 0.95, metadata, noun = 'waits' } = options;
  const sa = estimableSummary(summarizeCounts(a.counts));
  const sb = estimableSummary(summarizeCounts(b.counts));
  const rows = comparedRows(sa, sb);

  const warnings: CompareWarning[] = [];
  for (const { key } of QUANTILES) {
    const need = MINIMUM_COUNT[key];
    const small = [['A', sa.count], ['B', sb.count]].filter(([, n]) => (n as number) < need);
    if (small.length > 0) {
      warnings.push({
        code: 'small-sample-quantile',
        message: `${key === 'p999' ? 'p99.9' : key} needs at least ${need} ${noun}: not shown for ${small.map(([s, n]) => `${s} (${n} ${nounFor(n as number, noun)})`).join(' and ')}.`,
      });
    }
  }
  const [lo, hi] = [Math.min(sa.count, sb.count), Math.max(sa.count, sb.count)];
  if (lo > 0 && lo < MIN_WAITS_FOR_CI) {
    warnings.push({
      code: 'small-sample-ci',
      message: `A comparison needs at least ${MIN_WAITS_FOR_CI} ${noun} on each side for a confidence interval (A ${sa.count}, B ${sb.count}): no CI and no verdict of significance.`,
    });
  }
  if (hi > 10 * lo) {
    warnings.push({
      code: 'unbalanced-counts',
      message: `The samples differ more than tenfold in size (A ${sa.count}, B ${sb.count}): the workloads may not be comparable.`,
    });
  }
  warnings.push(...metadataWarnings(metadata?.a, metadata?.b));

  const welch =
    sa.mean !== null && sb.mean !== null && sa.stddev !== null && sb.stddev !== null
      ? welchTest({ count: sa.count, mean: sa.mean, stddev: sa.stddev }, { count: sb.count, mean: sb.mean, stddev: sb.stddev }, confidence)
      : null;

  let bootstrap: ComparisonBootstrap | null = null;
  if (options.bootstrap !== false && sa.count > 0 && sb.count > 0) {
    bootstrap = withoutInestimable(
      options.singleWaits
        ? bootstrapDifferences(withoutSessions(a), withoutSessions(b), { ...options.bootstrap, confidence })
        : bootstrapDifferences(a, b, { ...options.bootstrap, confidence }),
      Math.min(sa.count, sb.count),
    );
    if (bootstrap.sessionCounts) {
      const { a: na, b: nb } = bootstrap.sessionCounts;
      if (Math.min(na, nb) < MIN_SESSIONS) {
        warnings.push({
          code: 'few-sessions',
          message: `Only ${na} (A) and ${nb} (B) sessions: the session bootstrap CIs are coarse.`,
        });
      }
    }
  }

  return {
    rows,
    welch,
    mannWhitney: mannWhitneyCounts(a.counts, b.counts),
    ks: ksCounts(a.counts, b.counts),
    bootstrap,
    warnings,
  };
}
