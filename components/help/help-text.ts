/**
 * Help at the point of use (issue 17 §4): one short explanation per statistic, test and CI method,
 * and the reading of a verdict line. Every fact here is the code's: the quantile definition and the
 * minimum counts come from lib/stats (summary.ts, minimum-counts.ts), the tests from iid-tests.ts,
 * mann-whitney.ts, ks.ts and welch.ts, the bootstraps from bootstrap.ts and verdict.ts; stats.md §2
 * gives the formulas. Counts are read from MINIMUM_COUNT, so a changed rule changes the text.
 */
import { MINIMUM_COUNT } from '@/lib/stats/minimum-counts';
import type { SummaryStatisticKey } from '@/lib/stats/minimum-counts';
import { QUANTILES } from '@/lib/stats/summary';
import type { BootstrapStatistic, Interval } from '@/lib/stats/bootstrap';
import type { CiSource, VerdictDirection } from '@/lib/stats/verdict';

const count = (n: number) => n.toLocaleString('en-US');

/** A quantile: R type 7, and the waits it needs (minimum-counts.ts: n·(1 − p) ≥ 1). */
function quantileHelp(p: number, key: SummaryStatisticKey): string {
  const lead = p === 0.5 ? 'The middle wait: half of the waits are at most this long.' : `${Number((p * 100).toFixed(1))}% of the waits are at most this long.`;
  return (
    `${lead} Type-7 quantile, as R's quantile(): position 1 + (n − 1)·${p} in the sorted waits, ` +
    `interpolated between the two waits around it. Shown from ${count(MINIMUM_COUNT[key])} waits on, so that at least one wait lies above it.`
  );
}

const quantiles = Object.fromEntries(QUANTILES.map(({ key, p }) => [key, quantileHelp(p, key)])) as Record<(typeof QUANTILES)[number]['key'], string>;

/** Each row of the comparison table (COMPARED_ROW_STATISTICS). */
export const STATISTIC_HELP: Readonly<Record<SummaryStatisticKey, string>> = {
  count: 'How many waits the dataset holds: those inside the analysis window when one is set.',
  min: 'The shortest wait.',
  max: 'The longest wait.',
  mean: 'The average: the sum of the waits divided by their count. A few very long waits move it; the median does not move with them.',
  stddev: `The standard deviation: how far waits typically lie from the mean, √(Σ(x − mean)² / (n − 1)), the sample form of R's sd(). Shown from ${count(MINIMUM_COUNT.stddev)} waits on.`,
  sum: 'The total time of all the waits: count × mean.',
  ...quantiles,
};

export type TestName = 'welch' | 'mann-whitney' | 'ks';

const IID =
  'It treats every wait as independent; waits of one session are correlated, so its p-value overstates certainty. Shown for reference only: the verdicts do not use it.';

/** The iid tests under each comparison (iid-tests.ts). */
export const TEST_HELP: Readonly<Record<TestName, string>> = {
  welch:
    "Welch's two-sample t-test (R's t.test): are the two means equal? It allows the two spreads to differ. p is the chance of a difference of the means at least this large, either way, if they were equal. " +
    IID,
  'mann-whitney':
    "Wilcoxon rank-sum / Mann–Whitney test (the normal approximation with continuity correction and tie correction, as R's wilcox.test(exact = FALSE, correct = TRUE)): does a wait of A tend to be longer than a wait of B? " +
    'It tests P(A > B) + ½P(A = B) = ½, not the medians or the means. W is the rank sum of A minus nA(nA + 1)/2, and W/(nA·nB) is that probability. ' +
    IID,
  ks:
    'Two-sample Kolmogorov–Smirnov test: do the two distributions differ anywhere? D is the largest gap between the two cumulative distributions, λ = √(nA·nB/(nA + nB))·D, ' +
    'and p is the asymptotic one (conservative when many waits are equal, as whole µs are). ' +
    IID,
};

export type CiMethod = 'cluster' | 'poisson' | 'welch';

const PERCENTILE =
  'Each replicate resamples A and B independently and recomputes the median, p99 and mean; a 95% CI of A − B (and of (A − B)/B) runs from the 2.5th to the 97.5th percentile of the replicates (percentile bootstrap; seeded, so the same data give the same CI).';

/** How a CI was made (the table's CI labels, the verdicts' methods, the "CIs:" line). */
export const CI_METHOD_HELP: Readonly<Record<CiMethod, string>> = {
  cluster:
    'Cluster bootstrap: each replicate draws whole sessions with replacement, as many as there are, so the waits of one session stay together. ' +
    `${PERCENTILE} Waits of a session are correlated, so this is the honest CI when sessions are known; with few sessions it is coarse.`,
  poisson:
    'Poisson bootstrap of single waits: each replicate gives every wait a Poisson(1) weight (the count of each distinct value drawn as Poisson(count)), as if the waits were independent. ' +
    `${PERCENTILE} Used when the sessions are unknown or too few; where waits of a session are correlated it is too narrow.`,
  welch:
    "Welch's t interval for the difference of the means, used only without a bootstrap (a comparison from two summaries, as in a shared report): mean difference ± t·SE. " +
    'It treats every wait as independent; the median and p99 then get no CI.',
};

export interface VerdictLike {
  statistic: BootstrapStatistic;
  direction: VerdictDirection;
  ciSource: CiSource;
  interval: Interval | null;
}

const METHOD_OF: Record<Exclude<CiSource, null>, CiMethod> = { 'bootstrap-cluster': 'cluster', 'bootstrap-poisson': 'poisson', welch: 'welch' };

/** How to read one verdict line (verdict.ts): what it compares, what its CI means, which method made it. */
export function verdictHelp(v: VerdictLike, confidence: number): string {
  const level = `${Math.round(confidence * 100)}%`;
  const what = `This line compares the ${v.statistic} of A with the ${v.statistic} of B as the relative change (A − B)/B.`;
  if (v.direction === 'within-resolution') {
    return `${what} A − B is smaller than one tick of the coarser side's clock (centiseconds before Oracle 9i: 10,000 µs), and rounding to that clock moves each value, and so the ${v.statistic}, by less than one tick: the difference may be the rounding alone, so the line makes no claim.`;
  }
  if (v.ciSource === null || v.interval === null) {
    return `${what} It has no confidence interval (too few waits on a side, or no bootstrap for this statistic), so it makes no claim that the change is real.`;
  }
  const ci = `The ${level} CI is the range of relative changes the data support at ${level} confidence.`;
  const reading =
    v.direction === 'no-significant-difference'
      ? `${ci} It includes 0: no change fits the data too, so there is no significant difference.`
      : v.direction === 'unknown'
        ? `${ci} It excludes 0 but lies on the other side of 0 from the point estimate (a skewed bootstrap), so the line calls it inconclusive.`
        : `${ci} It excludes 0, so the change is called significant.`;
  const method = CI_METHOD_HELP[METHOD_OF[v.ciSource]];
  const p =
    v.ciSource === 'welch'
      ? ` Its p and its CI come from the same t statistic: the CI excludes 0 exactly when p < ${Number((1 - confidence).toFixed(3))}.`
      : ' No p-value decides it: significance is read off the CI alone.';
  return `${what} ${reading}${p} Method: ${method}`;
}
