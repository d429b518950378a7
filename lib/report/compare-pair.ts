/**
 * One dataset against the baseline (issue 3 §4), as one pure function of their samples: the tests
 * and bootstrap CIs of `compare()`, how the bootstrap resampled, the verdicts and the warnings.
 * buildReport (build-report.ts) runs it for every dataset but the baseline; it is the one path to
 * these numbers for `waitscope compare`, the page and the benchmark.
 *
 * Direction as in lib/stats/compare.ts: A is the treatment, B the baseline; difference = A − B,
 * ratio = A/B. All values are µs.
 */
import { resolutionGap } from '../stats/clock-resolution';
import { compare, type Comparison, type CompareOptions, type DatasetMetadata } from '../stats/compare';
import type { Sample } from '../stats/sample';
import { verdicts, type Verdict } from '../stats/verdict';

export interface ComparisonSide {
  label: string;
  /** The chosen event's waits (µs), per session when known (lib/stats/sample.ts). */
  sample: Sample;
  metadata?: DatasetMetadata;
}

/** Extra outlier thresholds beside the 500 ms default of thresholds.ts: 10 ms (stats.md §5's "≥ 10 ms" column) and 100 ms. */
export const REPORT_THRESHOLDS_MICROS = [10_000, 100_000] as const;

export interface ReportWarning {
  code: string;
  message: string;
}

export interface Resampling {
  method: 'cluster' | 'poisson' | null;
  /** One sentence a person can read: what was resampled and why. */
  description: string;
}

export interface PairComparison {
  comparison: Comparison;
  resampling: Resampling;
  verdicts: Verdict[];
  /** compare()'s warnings, then the pair's own (empty side, no session bootstrap). */
  warnings: ReportWarning[];
}

export interface PairOptions {
  bootstrap?: CompareOptions['bootstrap'];
  /** What the values are, plural (lib/trace/measure.ts valuesNoun): waits unless a call or commit measure. */
  noun?: string;
}

/** Whole sessions are resampled when both sides have at least this many (one session cannot vary). */
export const MIN_SESSIONS_FOR_CLUSTER = 2;

/** Why whole sessions could not be resampled, e.g. "flash-on has 1 session"; null when they could. */
export function whyNotClustered(counts: { a: number | null; b: number | null }, labels: { a: string; b: string }): string | null {
  if (counts.a === null || counts.b === null) return 'sessions unknown';
  const side = counts.a < MIN_SESSIONS_FOR_CLUSTER ? 'a' : counts.b < MIN_SESSIONS_FOR_CLUSTER ? 'b' : null;
  if (side === null) return null;
  const n = counts[side] ?? 0;
  return `${labels[side]} has ${n} session${n === 1 ? '' : 's'}`;
}

function describeResampling(c: Comparison, why: string | null, noun: string): Resampling {
  const b = c.bootstrap;
  if (!b) return { method: null, description: 'no bootstrap (skipped, or a dataset has no waits)' };
  const runs = `${b.replicates.toLocaleString('en-US')} replicates, seed ${b.seed}`;
  if (b.method === 'cluster') {
    const s = b.sessionCounts;
    return { method: 'cluster', description: `whole sessions resampled (cluster bootstrap over ${s?.a} + ${s?.b} sessions), ${runs}` };
  }
  return { method: 'poisson', description: `single ${noun} resampled (Poisson bootstrap; ${why ?? 'no sessions given'}), ${runs}` };
}

/** A (treatment) against B (baseline): tests, bootstrap CIs, verdicts and warnings. */
export function comparePair(a: ComparisonSide, b: ComparisonSide, options: PairOptions = {}): PairComparison {
  const labels = { a: a.label, b: b.label };
  const sessionCounts = { a: a.sample.sessions?.length ?? null, b: b.sample.sessions?.length ?? null };
  const why = whyNotClustered(sessionCounts, labels);
  const noun = options.noun ?? 'waits';
  const comparison = compare(a.sample, b.sample, {
    bootstrap: options.bootstrap,
    singleWaits: why !== null,
    metadata: { a: a.metadata, b: b.metadata },
    noun,
  });
  const resampling = describeResampling(comparison, why, noun);
  const warnings: ReportWarning[] = [...comparison.warnings];
  for (const [side, sample] of [['a', a.sample], ['b', b.sample]] as const) {
    if (sample.counts.total === 0) warnings.push({ code: 'no-waits', message: `${labels[side]} has no ${noun === 'waits' ? 'waits of this event' : noun}: nothing to compare.` });
  }
  if (resampling.method === 'poisson' && sessionCounts.a !== null && sessionCounts.b !== null) {
    warnings.push({
      code: 'no-session-bootstrap',
      message: `The bootstrap resampled single ${noun}, not sessions (${why}): ${noun} of one session are correlated, so its CIs may be too narrow.`,
    });
  }
  const resolution = resolutionGap(a.metadata?.resolutionMicros, b.metadata?.resolutionMicros);
  return { comparison, resampling, verdicts: verdicts(comparison, noun, resolution), warnings };
}
