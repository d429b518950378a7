import { describe, expect, it } from 'vitest';
import type { BootstrapResult } from '@/lib/stats/bootstrap';
import { COMPARED_STATISTICS } from '@/lib/stats/compare';
import type { ComparedRow, ComparedStatistic, Comparison } from '@/lib/stats/compare';
import { describeChange, formatPValue, verdicts } from '@/lib/stats/verdict';

// Every expected string is written by hand from the inputs shown (no values from the code).
const M = '\u2212';

describe('formatPValue', () => {
  it('prints ordinary p with 2 significant digits and tiny p as a power of ten', () => {
    expect(formatPValue(Math.log10(0.43795102452547396))).toBe('p = 0.44');
    expect(formatPValue(-2)).toBe('p = 0.01');
    expect(formatPValue(-3)).toBe('p = 0.001');
    expect(formatPValue(-3.5)).toBe(`p < 10^${M}3`);
    expect(formatPValue(-99.9)).toBe(`p < 10^${M}99`);
    // Exponents ≥ 100 round down to 2 significant digits: 150 → 150, 5065 → 5000, 5130 → 5100.
    expect(formatPValue(-150.2)).toBe(`p < 10^${M}150`);
    expect(formatPValue(-5065.8372798576565)).toBe(`p < 10^${M}5000`);
    expect(formatPValue(-5130.1)).toBe(`p < 10^${M}5100`);
  });
});

describe('describeChange', () => {
  it('says lower / higher with the CI as magnitudes, in ascending order', () => {
    expect(describeChange('mean', -0.17601, { lower: -0.178, upper: -0.174 }, 0.95)).toEqual({
      direction: 'lower',
      text: 'mean 17.6% lower [95% CI 17.4–17.8%]',
    });
    expect(describeChange('median', 0.0367, { lower: 0.0351, upper: 0.0367 }, 0.95)).toEqual({
      direction: 'higher',
      text: 'median 3.7% higher [95% CI 3.5–3.7%]',
    });
  });

  it('says "no significant difference" when the CI includes 0', () => {
    expect(describeChange('p99', 0.004, { lower: -0.012, upper: 0.02 }, 0.9)).toEqual({
      direction: 'no-significant-difference',
      text: `p99: no significant difference (+0.4% [90% CI ${M}1.2% to +2.0%])`,
    });
  });

  it('handles a missing CI or baseline', () => {
    expect(describeChange('p99', -0.644, null, 0.95).text).toBe('p99 64.4% lower (no CI: bootstrap not run)');
    expect(describeChange('min', null, null, 0.95)).toEqual({
      direction: 'unknown',
      text: 'min: no relative change (B is 0 or missing)',
    });
  });
});

/** A Comparison with only the fields verdicts read filled in meaningfully. */
function comparison(rel: Partial<Record<ComparedStatistic, [number, number]>>, bootstrap: BootstrapResult | null): Comparison {
  const rows = Object.fromEntries(
    COMPARED_STATISTICS.map((k) => {
      const [av, bv] = rel[k] ?? [1, 1];
      const row: ComparedRow = { a: av, b: bv, difference: av - bv, ratio: av / bv, relative: (av - bv) / bv };
      return [k, row];
    }),
  ) as Record<ComparedStatistic, ComparedRow>;
  return {
    rows,
    welch: { t: -152.9, df: 4.5e6, p: 0, log10p: -5076.2, difference: -154.4, standardError: 1, ci: [-156.4, -152.4], confidence: 0.95 },
    mannWhitney: { w: 8.2e12, z: 74.85, p: 0, log10p: -1218.3, effect: 0.5153, tieSum: 1 },
    ks: { d: 0.0504, lambda: 71.3, p: 0, log10p: -4415.7, signedD: -0.0504 },
    bootstrap,
    warnings: [],
  };
}

describe('verdicts', () => {
  // Means 723.4 vs 877.8: (723.4 − 877.8)/877.8 = −0.17589… → "17.6% lower".
  const rows = { mean: [723.4, 877.8], median: [650, 627], p99: [1658, 4659] } as Partial<Record<ComparedStatistic, [number, number]>>;

  it('uses bootstrap CIs when present and Welch p for the mean', () => {
    const boot: BootstrapResult = {
      method: 'poisson',
      replicates: 2000,
      seed: 1,
      confidence: 0.95,
      difference: { median: { lower: 22, upper: 24 }, p99: { lower: -3021, upper: -2980 }, mean: { lower: -156, upper: -152 } },
      relative: {
        median: { lower: 0.035, upper: 0.0383 },
        p99: { lower: -0.6484, upper: -0.6396 },
        mean: { lower: -0.178, upper: -0.1738 },
      },
    };
    const v = verdicts(comparison(rows, boot));
    // median: (650 − 627)/627 = 0.03668 → 3.7%; p99: (1658 − 4659)/4659 = −0.64413 → 64.4%.
    expect(v.map((x) => x.text)).toEqual([
      `mean 17.6% lower [95% CI 17.4–17.8%], p < 10^${M}5000 (Welch)`,
      'median 3.7% higher [95% CI 3.5–3.8%]',
      'p99 64.4% lower [95% CI 64.0–64.8%]',
      `A tends to be higher: P(A > B) + ½P(A = B) = 0.515, p < 10^${M}1200 (Mann–Whitney); distributions differ: D = 0.050, p < 10^${M}4400 (KS)`,
    ]);
    expect(v.map((x) => x.direction)).toEqual(['lower', 'higher', 'lower', 'higher']);
    expect(v.map((x) => x.ciSource)).toEqual(['bootstrap-poisson', 'bootstrap-poisson', 'bootstrap-poisson', null]);
  });

  it('falls back to Welch CI / mean(B) for the mean without a bootstrap, and no CI for quantiles', () => {
    const v = verdicts(comparison(rows, null));
    // Welch CI (−156.4, −152.4)/877.8 = (−0.17818, −0.17362) → 17.4–17.8%.
    expect(v[0]).toEqual({
      statistic: 'mean',
      direction: 'lower',
      ciSource: 'welch',
      text: `mean 17.6% lower [95% CI 17.4–17.8%], p < 10^${M}5000 (Welch)`,
    });
    expect(v[1]!.text).toBe('median 3.7% higher (no CI: bootstrap not run)');
    expect(v[1]!.direction).toBe('unknown');
  });
});
