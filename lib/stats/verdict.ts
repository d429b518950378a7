/**
 * Plain-language verdicts for a `Comparison`: one line per statistic (mean, median, p99), e.g.
 *   "mean 17.5% lower (95% CI: 17.4% to 17.8% lower; cluster bootstrap over 20 + 20 sessions)"
 *   "p99: no significant difference (0.4% higher; 95% CI: 1.2% lower to 2.0% higher; bootstrap of single waits)"
 *
 * One inference per line (issue 12 §3): each line uses exactly one method and names it.
 * - The bootstrap when it ran: the cluster bootstrap when whole sessions were resampled, else the
 *   bootstrap of single waits. The tier is read off that CI alone: significant exactly when the CI of
 *   (A − B)/B excludes 0, so tier, CI and significance agree by construction. No iid p-value is
 *   attached: Welch, Mann–Whitney and KS are reported apart (iid-tests.ts) and never headline.
 * - Without a bootstrap (a comparison built from two summaries), Welch's t is the mean's one
 *   method: its CI (divided by B's mean) and its p come from the same t statistic, so they agree
 *   (the CI excludes 0 exactly when p < 1 − confidence); it is labelled iid. Quantiles then get no CI
 *   and no claim of significance.
 * - A statistic a side has too few waits for (minimum-counts.ts) gets no line at all; with fewer
 *   than MIN_WAITS_FOR_CI waits on a side, a statistic that can be shown gets its change but no CI
 *   and so no claim of significance (one or two waits a side once made a "significant" verdict).
 *
 * Reading a percentage CI: "95% CI: 0.092% to 3.8% lower" means A/B − 1 lies in [−3.8%, −0.092%],
 * i.e. A is lower than B by between 0.092% and 3.8%. Conventions as in compare.ts: A is the
 * treatment, B the baseline; percentages are (A − B)/B. 1 decimal, 2 significant digits below 1%.
 */
import type { BootstrapStatistic, Interval } from './bootstrap';
import type { Comparison } from './compare';
import { isEstimable, MIN_WAITS_FOR_CI, nounFor } from './minimum-counts';

/** within-resolution: A − B is smaller than the coarser side's clock resolution (clock-resolution.ts): no claim either way. */
export type VerdictDirection = 'lower' | 'higher' | 'no-significant-difference' | 'unknown' | 'within-resolution';
/** The one method behind a verdict's CI and significance. */
export type CiSource = 'bootstrap-poisson' | 'bootstrap-cluster' | 'welch' | null;

export interface Verdict {
  statistic: BootstrapStatistic;
  direction: VerdictDirection;
  ciSource: CiSource;
  /** (A − B)/B, the point estimate. */
  relative: number | null;
  /** CI of (A − B)/B from `ciSource`, or null. */
  interval: Interval | null;
  text: string;
}

const MINUS = '\u2212';
const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', [MINUS]: '⁻',
};

/** 10 to a negative whole power, as people write it: −5100 → "10⁻⁵¹⁰⁰". */
export function powerOfTen(exponent: number): string {
  const digits = `${exponent < 0 ? MINUS : ''}${Math.abs(exponent)}`;
  return `10${[...digits].map((c) => SUPERSCRIPT[c] ?? c).join('')}`;
}

/** "p = 0.012", "p < 10⁻⁷", "p < 10⁻⁵⁰⁰⁰" (exponents ≥ 100 rounded down to 2 digits: asymptotic tails are not exact). */
export function formatPValue(log10p: number): string {
  if (log10p >= -3) {
    const p = 10 ** log10p;
    return `p = ${Number(p.toPrecision(2))}`;
  }
  let e = Math.floor(-log10p);
  if (e >= 100) {
    const unit = 10 ** (Math.floor(Math.log10(e)) - 1);
    e = Math.floor(e / unit) * unit;
  }
  return `p < ${powerOfTen(-e)}`;
}

/** |fraction| as a percentage without sign: 0.17601 → "17.6", 0.0041 → "0.41", 35.761 → "3,576.1". */
export function percentMagnitude(fraction: number): string {
  const pct = Math.abs(fraction * 100);
  // From 1,000% on with the thousands separator the page and the CLI use for every number.
  if (pct >= 1000) return pct.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return pct >= 1 ? pct.toFixed(1) : String(Number(pct.toPrecision(2)));
}

/** A fraction in words: −0.018 → "1.8% lower", 0.005 → "0.5% higher", 0 → "no change". */
function change(fraction: number): string {
  if (fraction === 0) return 'no change';
  return `${percentMagnitude(fraction)}% ${fraction < 0 ? 'lower' : 'higher'}`;
}

/** "95% CI: 0.092% to 3.8% lower" (nearer bound first) or "95% CI: 1.2% lower to 2.0% higher". */
function describeInterval({ lower, upper }: Interval, confidence: number): string {
  const level = `${Math.round(confidence * 100)}% CI`;
  if (upper < 0) return `${level}: ${percentMagnitude(upper)}% to ${percentMagnitude(lower)}% lower`;
  if (lower > 0) return `${level}: ${percentMagnitude(lower)}% to ${percentMagnitude(upper)}% higher`;
  return `${level}: ${change(lower)} to ${change(upper)}`;
}

/**
 * One statistic's line. `interval` is the CI of (A − B)/B from `method` (a phrase naming it), or
 * null when no CI exists. Significant exactly when the interval excludes 0; a point estimate on the
 * other side of 0 from a CI that excludes 0 (possible with a skewed percentile bootstrap) is called
 * inconclusive rather than given a direction its own estimate contradicts.
 */
export function describeChange(
  name: string,
  relative: number,
  interval: Interval | null,
  confidence: number,
  method: string,
): { direction: VerdictDirection; text: string } {
  if (interval === null) {
    return { direction: 'unknown', text: `${name} ${change(relative)}; no CI, so no claim of significance (${method})` };
  }
  const ci = describeInterval(interval, confidence);
  const side = interval.upper < 0 ? -1 : interval.lower > 0 ? 1 : 0;
  if (side === 0) return { direction: 'no-significant-difference', text: `${name}: no significant difference (${change(relative)}; ${ci}; ${method})` };
  if (Math.sign(relative) !== side) {
    return { direction: 'unknown', text: `${name}: inconclusive (${change(relative)}, outside its own ${ci}; ${method})` };
  }
  return { direction: side < 0 ? 'lower' : 'higher', text: `${name} ${change(relative)} (${ci}; ${method})` };
}

/** The one method of a comparison's verdicts, as a phrase; `noun`: what the values are (waits, calls, commits). */
function methodOf(c: Comparison, noun: string): { source: CiSource; phrase: string } {
  const b = c.bootstrap;
  if (b?.method === 'cluster') {
    const s = b.sessionCounts;
    return { source: 'bootstrap-cluster', phrase: s ? `cluster bootstrap over ${s.a} + ${s.b} sessions` : 'cluster bootstrap over sessions' };
  }
  if (b) return { source: 'bootstrap-poisson', phrase: `bootstrap of single ${noun}` };
  return { source: null, phrase: 'no bootstrap' };
}

const ORDER: readonly BootstrapStatistic[] = ['mean', 'median', 'p99'];

/**
 * Verdicts for mean, median and p99, each from one method; none for a statistic a side is too small
 * for. `noun`: what the values are, plural (lib/trace/measure.ts valuesNoun), for the method's name.
 */
export function verdicts(c: Comparison, noun = 'waits', resolution: { micros: number; side: 'A' | 'B' } | null = null): Verdict[] {
  const confidence = c.bootstrap?.confidence ?? c.welch?.confidence ?? 0.95;
  const smaller = Math.min(c.rows.count.a ?? 0, c.rows.count.b ?? 0);
  const method = methodOf(c, noun);
  const out: Verdict[] = [];
  for (const stat of ORDER) {
    if (!isEstimable(stat, smaller)) continue;
    const row = c.rows[stat];
    if (row.relative === null) {
      const text = `${stat}: no relative change can be given, because B's ${stat} is ${row.b === 0 ? '0' : 'missing'}.`;
      out.push({ statistic: stat, direction: 'unknown', ciSource: null, relative: null, interval: null, text });
      continue;
    }
    // Rounding to a coarser clock moves each value, and so each statistic, by less than one unit
    // (clock-resolution.ts): a smaller difference may be nothing else.
    if (resolution !== null && row.difference !== null && Math.abs(row.difference) < resolution.micros) {
      const text = `${stat}: no claim: A − B is ${formatDifference(row.difference)} µs, less than the ${resolution.micros.toLocaleString('en-US')} µs resolution of ${resolution.side}'s centisecond times.`;
      out.push({ statistic: stat, direction: 'within-resolution', ciSource: null, relative: row.relative, interval: null, text });
      continue;
    }
    let interval: Interval | null = null;
    let source: CiSource = null;
    let phrase: string;
    if (smaller < MIN_WAITS_FOR_CI) {
      phrase = `a CI needs at least ${MIN_WAITS_FOR_CI} ${noun} on each side`;
    } else if (!c.bootstrap && stat === 'mean' && c.welch && row.b) {
      interval = { lower: c.welch.ci[0] / row.b, upper: c.welch.ci[1] / row.b };
      source = 'welch';
      phrase = `Welch's t, iid: treats every ${nounFor(1, noun)} as independent, ${formatPValue(c.welch.log10p)}`;
    } else {
      interval = c.bootstrap?.relative[stat] ?? null;
      source = interval ? method.source : null;
      phrase = method.phrase;
    }
    const { direction, text } = describeChange(stat, row.relative, interval, confidence, phrase);
    out.push({ statistic: stat, direction, ciSource: source, relative: row.relative, interval, text });
  }
  return out;
}

/** A − B in µs as the verdicts write it: signed, grouped, at most one decimal. */
function formatDifference(d: number): string {
  const text = Math.abs(d).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return d < 0 ? `${MINUS}${text}` : `+${text}`;
}
