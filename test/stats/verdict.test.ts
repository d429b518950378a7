import { describe, expect, it } from 'vitest';
import type { BootstrapResult } from '@/lib/stats/bootstrap';
import { compare, COMPARED_STATISTICS } from '@/lib/stats/compare';
import type { ComparedRow, ComparedStatistic, Comparison } from '@/lib/stats/compare';
import { describeChange, formatPValue, percentMagnitude, powerOfTen, verdicts } from '@/lib/stats/verdict';
import { lcgStates } from './lcg';
import { sampleOf } from '@/lib/stats/sample';

// Every expected string is written by hand from the inputs shown (no values from the code).
const M = '\u2212';

describe('formatPValue', () => {
  it('prints ordinary p with 2 significant digits and tiny p as a power of ten with a superscript exponent', () => {
    expect(formatPValue(Math.log10(0.43795102452547396))).toBe('p = 0.44');
    expect(formatPValue(-2)).toBe('p = 0.01');
    expect(formatPValue(-3)).toBe('p = 0.001');
    expect(formatPValue(-3.5)).toBe('p < 10⁻³');
    expect(formatPValue(-99.9)).toBe('p < 10⁻⁹⁹');
    // Exponents ≥ 100 round down to 2 significant digits: 150 → 150, 5065 → 5000, 5130 → 5100.
    expect(formatPValue(-150.2)).toBe('p < 10⁻¹⁵⁰');
    expect(formatPValue(-5065.8372798576565)).toBe('p < 10⁻⁵⁰⁰⁰');
    expect(formatPValue(-5130.1)).toBe('p < 10⁻⁵¹⁰⁰');
    expect(powerOfTen(-1234567890)).toBe('10⁻¹²³⁴⁵⁶⁷⁸⁹⁰');
  });
});

describe('describeChange', () => {
  const method = 'cluster bootstrap over 20 + 20 sessions';

  it('says lower / higher with the CI in words, nearer bound first', () => {
    expect(describeChange('mean', -0.17601, { lower: -0.178, upper: -0.174 }, 0.95, method)).toEqual({
      direction: 'lower',
      text: `mean 17.6% lower (95% CI: 17.4% to 17.8% lower; ${method})`,
    });
    expect(describeChange('median', 0.0367, { lower: 0.0351, upper: 0.0367 }, 0.95, method)).toEqual({
      direction: 'higher',
      text: `median 3.7% higher (95% CI: 3.5% to 3.7% higher; ${method})`,
    });
  });

  it('says "no significant difference" when the CI includes 0, and spells out both sides', () => {
    expect(describeChange('p99', 0.004, { lower: -0.012, upper: 0.02 }, 0.9, 'bootstrap of single waits')).toEqual({
      direction: 'no-significant-difference',
      text: 'p99: no significant difference (0.4% higher; 90% CI: 1.2% lower to 2.0% higher; bootstrap of single waits)',
    });
    // A bound at exactly 0 does not exclude 0.
    expect(describeChange('p99', -0.01, { lower: -0.02, upper: 0 }, 0.95, method).direction).toBe('no-significant-difference');
  });

  it('makes no claim without a CI', () => {
    expect(describeChange('p99', -0.644, null, 0.95, 'no bootstrap')).toEqual({
      direction: 'unknown',
      text: 'p99 64.4% lower; no CI, so no claim of significance (no bootstrap)',
    });
  });

  it('calls a CI that excludes 0 on the other side of its own estimate inconclusive, not significant', () => {
    expect(describeChange('mean', -0.018, { lower: 0.001, upper: 0.03 }, 0.95, method)).toEqual({
      direction: 'unknown',
      text: `mean: inconclusive (1.8% lower, outside its own 95% CI: 0.1% to 3.0% higher; ${method})`,
    });
  });
});

/** A Comparison with only the fields verdicts read filled in meaningfully; counts default to 4 M a side. */
function comparison(
  values: Partial<Record<ComparedStatistic, [number, number]>>,
  bootstrap: Comparison['bootstrap'],
  welchLog10p = -5076.2,
): Comparison {
  const rows = Object.fromEntries(
    COMPARED_STATISTICS.map((k) => {
      const [av, bv] = values[k] ?? (k === 'count' ? [4e6, 4e6] : [1, 1]);
      const row: ComparedRow = { a: av, b: bv, difference: av - bv, ratio: bv === 0 ? null : av / bv, relative: bv === 0 ? null : (av - bv) / bv };
      return [k, row];
    }),
  ) as Record<ComparedStatistic, ComparedRow>;
  return {
    rows,
    welch: { t: -152.9, df: 4.5e6, p: 10 ** welchLog10p, log10p: welchLog10p, difference: -154.4, standardError: 1, ci: [-156.4, -152.4], confidence: 0.95 },
    mannWhitney: { w: 8.2e12, z: 74.85, p: 0, log10p: -1218.3, effect: 0.5153, tieSum: 1 },
    ks: { d: 0.0504, lambda: 71.3, p: 0, log10p: -4415.7, signedD: -0.0504 },
    bootstrap,
    warnings: [],
  };
}

// The book demo: means 723.3 vs 876.7, medians 650 vs 627, p99 1656 vs 4653.
// By hand: (723.3 − 876.7)/876.7 = −0.174974… → 17.5%; (650 − 627)/627 = 0.036683 → 3.7%;
// (1656 − 4653)/4653 = −0.644100… → 64.4%.
const BOOK = { mean: [723.3, 876.7], median: [650, 627], p99: [1656, 4653] } as Partial<Record<ComparedStatistic, [number, number]>>;
const CLUSTER: BootstrapResult = {
  method: 'cluster',
  replicates: 2000,
  seed: 1,
  confidence: 0.95,
  sessionCounts: { a: 20, b: 20 },
  difference: { median: { lower: 22, upper: 24 }, p99: { lower: -3021, upper: -2980 }, mean: { lower: -156, upper: -152 } },
  relative: { median: { lower: 0.035, upper: 0.0383 }, p99: { lower: -0.6484, upper: -0.6396 }, mean: { lower: -0.178, upper: -0.1738 } },
};

describe('verdicts', () => {
  it('use the cluster bootstrap alone: no Welch p, no Mann–Whitney or KS line', () => {
    const v = verdicts(comparison(BOOK, CLUSTER));
    const by = 'cluster bootstrap over 20 + 20 sessions';
    expect(v.map((x) => x.text)).toEqual([
      `mean 17.5% lower (95% CI: 17.4% to 17.8% lower; ${by})`,
      `median 3.7% higher (95% CI: 3.5% to 3.8% higher; ${by})`,
      `p99 64.4% lower (95% CI: 64.0% to 64.8% lower; ${by})`,
    ]);
    expect(v.map((x) => x.direction)).toEqual(['lower', 'higher', 'lower']);
    expect(v.map((x) => x.ciSource)).toEqual(['bootstrap-cluster', 'bootstrap-cluster', 'bootstrap-cluster']);
    expect(v.map((x) => x.interval)).toEqual([CLUSTER.relative.mean, CLUSTER.relative.median, CLUSTER.relative.p99]);
  });

  it('call a CI that excludes 0 significant even when Welch says p = 0.11 (the issue’s self-contradicting line)', () => {
    // Means 982 vs 1000: −1.8%. The cluster CI of A/B − 1 is [−3.8%, −0.092%]: A lower by 0.092% to 3.8%.
    // Before the fix: "mean 1.8% lower [95% CI 0.092–3.8%], p = 0.11 (Welch)".
    const boot = { ...CLUSTER, sessionCounts: { a: 3, b: 3 }, relative: { ...CLUSTER.relative, mean: { lower: -0.038, upper: -0.00092 } } };
    const mean = verdicts(comparison({ mean: [982, 1000] }, boot, Math.log10(0.11)))[0]!;
    expect(mean.direction).toBe('lower');
    expect(mean.text).toBe('mean 1.8% lower (95% CI: 0.092% to 3.8% lower; cluster bootstrap over 3 + 3 sessions)');
    expect(mean.text).not.toMatch(/p =|Welch/);
  });

  it('say when single waits were resampled', () => {
    const v = verdicts(comparison(BOOK, { ...CLUSTER, method: 'poisson', sessionCounts: undefined }));
    expect(v[0]!.text).toBe('mean 17.5% lower (95% CI: 17.4% to 17.8% lower; bootstrap of single waits)');
    expect(v[0]!.ciSource).toBe('bootstrap-poisson');
  });

  it('without a bootstrap, use Welch for the mean (labelled iid, its CI and p agree) and claim nothing for quantiles', () => {
    const v = verdicts(comparison(BOOK, null));
    // Welch CI (−156.4, −152.4)/876.7 = (−0.178396, −0.173834) → 17.4% to 17.8% lower.
    expect(v[0]).toMatchObject({
      statistic: 'mean',
      direction: 'lower',
      ciSource: 'welch',
      text: `mean 17.5% lower (95% CI: 17.4% to 17.8% lower; Welch's t, iid: treats every wait as independent, p < 10⁻⁵⁰⁰⁰)`,
    });
    expect(v[1]!.text).toBe('median 3.7% higher; no CI, so no claim of significance (no bootstrap)');
    expect(v[1]!.direction).toBe('unknown');
  });

  it('give no verdict on a statistic a side has too few waits for (12 against 5: no p99)', () => {
    const v = verdicts(comparison({ ...BOOK, count: [12, 5] }, { ...CLUSTER, relative: { ...CLUSTER.relative, p99: null } }));
    expect(v.map((x) => x.statistic)).toEqual(['mean', 'median']);
  });

  it('claim no significance from 1 or 2 waits a side, however narrow the bootstrap CI (it collapses to a point)', () => {
    // Through compare() itself: 1 wait against 1 (1250 vs 1000 µs: +25%), then 2 against 2 (medians
    // 1255 vs 1000: +25.5%). Before the fix: "mean 25.0% higher (95% CI: 25.0% to 25.0% higher; …)".
    const one = compare(sampleOf(Float64Array.of(1250)), sampleOf(Float64Array.of(1000)), { bootstrap: { replicates: 200, seed: 1 } });
    const two = compare(sampleOf(Float64Array.of(1250, 1260)), sampleOf(Float64Array.of(990, 1010)), { bootstrap: { replicates: 200, seed: 1 } });
    for (const c of [one, two]) {
      expect(c.bootstrap?.relative.mean).toBeNull();
      expect(c.warnings.map((w) => w.code)).toContain('small-sample-ci');
      for (const v of verdicts(c)) {
        expect(v.direction).toBe('unknown');
        expect(v.interval).toBeNull();
        expect(v.text).toMatch(/; no CI, so no claim of significance \(a CI needs at least 10 waits on each side\)$/);
      }
    }
    expect(verdicts(one).map((v) => v.text)).toEqual(['mean 25.0% higher; no CI, so no claim of significance (a CI needs at least 10 waits on each side)']);
    expect(verdicts(two).find((v) => v.statistic === 'median')!.text).toMatch(/^median 25\.5% higher;/);
  });

  it('say in a sentence when B is 0', () => {
    const v = verdicts(comparison({ median: [5, 0] }, CLUSTER));
    expect(v[1]).toMatchObject({ statistic: 'median', direction: 'unknown', text: "median: no relative change can be given, because B's median is 0." });
  });
});

describe('verdicts of clustered waits', () => {
  // Three sessions a side, 2000 waits each: a session level plus noise in [0, 100). A's levels are
  // 1000, 1300, 1600 and B's 1100, 1400, 1700, so the mean is about 1350 against 1450 (−6.9%).
  // Welch, which counts 6000 independent waits a side, calls that overwhelming (|t| ≈ 20); but
  // with three sessions a side the session means alone range over ±23%, so the cluster bootstrap's
  // CI covers 0 (resampling A's three levels spans 1000..1600 against B's 1100..1700).
  const side = (levels: number[], seed: number) => {
    const noise = lcgStates(levels.length * 2000, seed);
    return {
      values: Float64Array.from(noise, (s, i) => levels[Math.floor(i / 2000)]! + (s >>> 25)),
      sessions: Uint32Array.from(noise, (_, i) => Math.floor(i / 2000)),
    };
  };
  const a = side([1000, 1300, 1600], 11);
  const b = side([1100, 1400, 1700], 12);
  const c = compare(sampleOf(a.values, a.sessions), sampleOf(b.values, b.sessions), { bootstrap: { replicates: 400, seed: 1 } });
  const v = verdicts(c);

  it('follow the cluster bootstrap, not Welch', () => {
    expect(c.welch!.log10p).toBeLessThan(-20);
    expect(c.bootstrap?.method).toBe('cluster');
    const mean = v.find((x) => x.statistic === 'mean')!;
    expect(mean.direction).toBe('no-significant-difference');
    expect(mean.ciSource).toBe('bootstrap-cluster');
    expect(mean.text).toMatch(/^mean: no significant difference \(\d+\.\d% lower; 95% CI: \d+\.\d% lower to \d+\.\d% higher; cluster bootstrap over 3 \+ 3 sessions\)$/);
  });

  it('carry no iid p-value on any line', () => {
    for (const x of v) expect(x.text).not.toMatch(/Welch|Mann|KS|p [=<]/);
  });

  it('give p99 a CI and a verdict at 6000 waits a side', () => {
    expect(c.bootstrap?.relative.p99).not.toBeNull();
    expect(v.map((x) => x.statistic)).toEqual(['mean', 'median', 'p99']);
  });
});

// For the direction words of a CI that straddles 0, the minus sign never appears: "1.2% lower".
it('never writes a minus sign in a verdict', () => {
  expect(verdicts(comparison(BOOK, CLUSTER)).some((x) => x.text.includes(M))).toBe(false);
});

describe('percentMagnitude', () => {
  it('writes 1,000% and more with the thousands separator, smaller changes as before', () => {
    expect(percentMagnitude(35.761)).toBe('3,576.1');
    expect(percentMagnitude(-9.99)).toBe('999.0');
    expect(percentMagnitude(0.17601)).toBe('17.6');
    expect(percentMagnitude(0.0041)).toBe('0.41');
  });
});
