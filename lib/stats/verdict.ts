/**
 * Plain-language verdicts for a `Comparison`, one line per statistic, e.g.
 *   "mean 17.6% lower [95% CI 17.4–17.8%], p < 10^−5000 (Welch)"
 *   "median 3.7% higher [95% CI 3.5–3.7%]"
 *   "p99: no significant difference (+0.4% [95% CI −1.2% to +2.0%])"
 *
 * Conventions (the same as compare.ts): A is the treatment, B the baseline; percentages are
 * (A − B)/B, "lower"/"higher" describe A. A change is called significant when its CI excludes 0.
 * CIs come from the bootstrap when it ran (cluster or Poisson, see `ciSource`); otherwise the
 * mean falls back to Welch's CI divided by B's mean (which ignores the uncertainty in B's mean)
 * and the quantiles get no CI. Numbers are for people: 1 decimal (2 significant digits below 1%).
 */
import type { BootstrapStatistic, Interval } from './bootstrap';
import type { Comparison } from './compare';

export type VerdictDirection = 'lower' | 'higher' | 'no-significant-difference' | 'unknown';
export type CiSource = 'bootstrap-poisson' | 'bootstrap-cluster' | 'welch' | null;

export interface Verdict {
  statistic: BootstrapStatistic | 'distribution';
  direction: VerdictDirection;
  ciSource: CiSource;
  text: string;
}

const MINUS = '\u2212';

/** "p = 0.012", "p < 10^−7", "p < 10^−5000" (exponents ≥ 100 rounded down to 2 digits). */
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
  return `p < 10^${MINUS}${e}`;
}

/** |fraction| as a percentage without sign: 0.17601 → "17.6", 0.0041 → "0.41". */
function magnitude(fraction: number): string {
  const pct = Math.abs(fraction * 100);
  return pct >= 1 ? pct.toFixed(1) : String(Number(pct.toPrecision(2)));
}

function signed(fraction: number): string {
  return `${fraction < 0 ? MINUS : '+'}${magnitude(fraction)}%`;
}

/** One statistic's line; `interval` is the CI of (A − B)/B as fractions, or null. */
export function describeChange(
  name: string,
  relative: number | null,
  interval: Interval | null,
  confidence: number,
): { direction: VerdictDirection; text: string } {
  if (relative === null) return { direction: 'unknown', text: `${name}: no relative change (B is 0 or missing)` };
  const level = `${Math.round(confidence * 100)}% CI`;
  const word = relative < 0 ? 'lower' : 'higher';
  if (interval === null) {
    return { direction: 'unknown', text: `${name} ${magnitude(relative)}% ${word} (no CI: bootstrap not run)` };
  }
  const { lower, upper } = interval;
  if (lower > 0 || upper < 0) {
    const [near, far] = upper < 0 ? [upper, lower] : [lower, upper];
    return {
      direction: upper < 0 ? 'lower' : 'higher',
      text: `${name} ${magnitude(relative)}% ${word} [${level} ${magnitude(near)}–${magnitude(far)}%]`,
    };
  }
  return {
    direction: 'no-significant-difference',
    text: `${name}: no significant difference (${signed(relative)} [${level} ${signed(lower)} to ${signed(upper)}])`,
  };
}

const LABEL: Record<BootstrapStatistic, string> = { mean: 'mean', median: 'median', p99: 'p99' };

/** Verdicts for mean, median and p99, then one for the distributions as a whole. */
export function verdicts(c: Comparison): Verdict[] {
  const confidence = c.bootstrap?.confidence ?? c.welch?.confidence ?? 0.95;
  const alpha = 1 - confidence;
  const out: Verdict[] = [];
  for (const stat of ['mean', 'median', 'p99'] as const) {
    const row = c.rows[stat];
    let interval: Interval | null = null;
    let ciSource: CiSource = null;
    if (c.bootstrap) {
      interval = c.bootstrap.relative[stat];
      ciSource = c.bootstrap.method === 'cluster' ? 'bootstrap-cluster' : 'bootstrap-poisson';
    } else if (stat === 'mean' && c.welch && row.b) {
      interval = { lower: c.welch.ci[0] / row.b, upper: c.welch.ci[1] / row.b };
      ciSource = 'welch';
    }
    const { direction, text } = describeChange(LABEL[stat], row.relative, interval, confidence);
    const suffix = stat === 'mean' && c.welch ? `, ${formatPValue(c.welch.log10p)} (Welch)` : '';
    out.push({ statistic: stat, direction, ciSource, text: text + suffix });
  }

  const mw = c.mannWhitney;
  if (mw) {
    const share = mw.effect.toFixed(3);
    const significant = mw.log10p < Math.log10(alpha);
    const direction: VerdictDirection = !significant ? 'no-significant-difference' : mw.z > 0 ? 'higher' : 'lower';
    let text = significant
      ? `A tends to be ${direction}: P(A > B) + ½P(A = B) = ${share}, ${formatPValue(mw.log10p)} (Mann–Whitney)`
      : `neither tends to be higher: P(A > B) + ½P(A = B) = ${share}, ${formatPValue(mw.log10p)} (Mann–Whitney)`;
    if (c.ks) {
      const differ = c.ks.log10p < Math.log10(alpha) ? 'distributions differ' : 'no significant difference in shape';
      text += `; ${differ}: D = ${c.ks.d.toPrecision(2)}, ${formatPValue(c.ks.log10p)} (KS)`;
    }
    out.push({ statistic: 'distribution', direction, ciSource: null, text });
  }
  return out;
}
