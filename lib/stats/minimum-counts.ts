/**
 * The sample size each summary statistic needs before it is shown (issue 12 §3: "No statistic is
 * shown below the sample size that supports it").
 *
 * A quantile p needs n·(1 − p) ≥ 1, i.e. at least one wait above it in expectation: below that,
 * R's type 7 just interpolates between the two largest waits and the "p99" of 12 waits is the
 * maximum in disguise. So median 2, p90 10, p95 20, p99 100, p99.9 1000 waits. The standard
 * deviation needs 2 (n − 1 denominator); min, max and mean need 1; count and sum are always defined.
 * The rule applies to each side separately; a comparison of a statistic needs it on both sides.
 */
import { QUANTILES, type Summary } from './summary';

/** The smallest n with n·(1 − p) ≥ 1 (1000 for p99.9); 1e-9 absorbs 1 − 0.999 ≠ 0.001. */
export function minimumCountFor(p: number): number {
  return Math.ceil(1 / (1 - p) - 1e-9);
}

export type SummaryStatisticKey = keyof Summary;

/** Waits needed for each summary statistic. */
export const MINIMUM_COUNT: Readonly<Record<SummaryStatisticKey, number>> = {
  count: 0,
  sum: 0,
  min: 1,
  max: 1,
  mean: 1,
  stddev: 2,
  ...(Object.fromEntries(QUANTILES.map(({ key, p }) => [key, minimumCountFor(p)])) as Record<(typeof QUANTILES)[number]['key'], number>),
};

/** Whether a statistic may be shown for a sample of `count` waits. */
export function isEstimable(statistic: SummaryStatisticKey, count: number): boolean {
  return count >= MINIMUM_COUNT[statistic];
}

/**
 * "n/a (needs ≥ 100 waits)" where a sample of `count` values is too small for the statistic, else
 * null. `noun`: what the values are, plural (lib/trace/measure.ts valuesNoun: waits, calls, commits).
 */
export function notEstimableText(statistic: SummaryStatisticKey, count: number, noun = 'waits'): string | null {
  if (isEstimable(statistic, count)) return null;
  const n = MINIMUM_COUNT[statistic];
  return `n/a (needs ≥ ${n.toLocaleString('en-US')} ${nounFor(n, noun)})`;
}

/** `plural` (waits, calls, commits) as `count` of them read: "1 commit", "2 commits". */
export const nounFor = (count: number, plural: string): string => (count === 1 ? plural.replace(/s$/, '') : plural);

/** The text with its first letter in capitals, to start a sentence or a caption with a noun. */
export const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Waits each side needs before a comparison gets a confidence interval, and so a verdict of
 * significance. With 1 wait a side the bootstrap CI collapses to a point (a "significant" 25% from
 * two waits), and percentile bootstrap CIs are too narrow for small samples (Hesterberg, "What
 * Teachers Should Know About the Bootstrap", The American Statistician 69(4), 2015: the narrowness
 * bias). 10 is a floor below which no CI is given at all, not a guarantee of coverage above it.
 */
export const MIN_WAITS_FOR_CI = 10;

/** Whether a comparison whose smaller side has `smallerCount` waits may carry a CI of `statistic`. */
export function hasCi(statistic: SummaryStatisticKey, smallerCount: number): boolean {
  return smallerCount >= MIN_WAITS_FOR_CI && isEstimable(statistic, smallerCount);
}

/** The summary with every statistic its sample is too small for set to null (count and sum stay). */
export function estimableSummary(s: Summary): Summary {
  const out = { ...s };
  for (const key of Object.keys(MINIMUM_COUNT) as SummaryStatisticKey[]) {
    if (key !== 'count' && key !== 'sum' && !isEstimable(key, s.count)) out[key] = null;
  }
  return out;
}

/** The notes of `notEstimableText` for every statistic a sample of `count` waits is too small for. */
export function notEstimableNotes(count: number, noun = 'waits'): Partial<Record<SummaryStatisticKey, string>> {
  const out: Partial<Record<SummaryStatisticKey, string>> = {};
  for (const key of Object.keys(MINIMUM_COUNT) as SummaryStatisticKey[]) {
    const note = notEstimableText(key, count, noun);
    if (note !== null) out[key] = note;
  }
  return out;
}
