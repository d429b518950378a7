import { describe, expect, it } from 'vitest';
import {
  logBeta,
  logGamma,
  normalCdf,
  normalLogTwoSided,
  normalLogUpperTail,
  normalQuantile,
  studentLogTwoSided,
  studentQuantile,
} from '@/lib/stats/distributions';
import { expectRelClose } from './expect-close';

// Expected values: scipy 1.17 (scipy.stats.norm / t, scipy.special) and mpmath 1.3 at 40 digits,
// printed with repr() by a python3 -c one-liner (the call is next to each table).

describe('logGamma and logBeta', () => {
  it('match scipy.special.gammaln / betaln', () => {
    // gammaln(0.5), gammaln(100), gammaln(0.1), gammaln(7)
    const gammas: [number, number][] = [
      [0.5, 0.5723649429247],
      [100, 359.1342053695754],
      [0.1, 2.252712651734206],
      [7, 6.579251212010101],
    ];
    for (const [x, want] of gammas) expectRelClose(logGamma(x), want, 1e-14);
    // betaln(2e5, .5) (the Student-t case, large a), betaln(30, 40) (both large),
    // betaln(3.5, 12) (one large), betaln(2, 3) = ln(1/12) (both small).
    // For (2e5, .5) scipy's betaln gives -5.530670754145831, 7e-10 off; the value below is
    // mpmath's mp.log(mp.beta(2e5, 0.5)) at 40 digits, -5.5306707548403867783.
    const betas: [number, number, number][] = [
      [2e5, 0.5, -5.530670754840387],
      [30, 40, -48.30174909591612],
      [3.5, 12, -7.833633042894654],
      [2, 3, -2.4849066497880004],
    ];
    for (const [a, b, want] of betas) expectRelClose(logBeta(a, b), want, 1e-13);
  });
});

describe('normal distribution', () => {
  it('log upper tail matches scipy.stats.norm.logsf, also far beyond underflow', () => {
    // norm.logsf(z) for z in [0.5, 1.96, 3, 8, 38, 150]
    const cases: [number, number][] = [
      [0.5, -1.1759117615936188],
      [1.96, -3.6889636517296385],
      [3, -6.60772622151035],
      [8, -35.01343715991456],
      [38, -726.5572160188201],
      [150, -11255.929618266808],
    ];
    for (const [z, want] of cases) expectRelClose(normalLogUpperTail(z), want, 1e-13);
    expect(normalLogTwoSided(0)).toBe(0);
    expectRelClose(normalLogTwoSided(-3), Math.LN2 - 6.60772622151035, 1e-13);
  });

  it('cdf matches scipy.stats.norm.cdf', () => {
    // norm.cdf(-1.5), norm.cdf(-3), norm.cdf(0.25)
    expectRelClose(normalCdf(-1.5), 0.06680720126885807, 1e-13);
    expectRelClose(normalCdf(-3), 0.0013498980316300933, 1e-13);
    expectRelClose(normalCdf(0.25), 0.5987063256829237, 1e-14);
  });

  it('quantile matches scipy.stats.norm.ppf', () => {
    // norm.ppf(0.975), norm.ppf(0.995)
    expectRelClose(normalQuantile(0.975), 1.959963984540054, 1e-14);
    expectRelClose(normalQuantile(0.995), 2.5758293035489004, 1e-14);
    expectRelClose(normalQuantile(0.025), -1.959963984540054, 1e-14);
  });
});

describe('Student t', () => {
  it('two-sided log p matches mpmath betainc for df ≤ 4e5', () => {
    // mp.log(mp.betainc(df/2, 0.5, 0, df/(df+t²), regularized=True)) — the two-sided p
    const cases: [number, number, number][] = [
      [2, 5, -2.283375986601867],
      [2.5, 30.5, -4.016481380149071],
      [10, 3, -6.152385197633555],
      [40, 100, -144.16184312664296],
      [0.3, 12, -0.26226065352056255],
    ];
    for (const [t, df, want] of cases) {
      expectRelClose(studentLogTwoSided(t, df), want, 1e-12);
      expectRelClose(studentLogTwoSided(-t, df), want, 1e-12);
    }
  });

  it("uses R's normal approximation for df > 4e5 (R nmath/pt.c), finite far beyond underflow", () => {
    // z = |t|(1 − 1/(4df))/√(1 + t²/(2df)); log(2) + norm.logsf(z) with scipy:
    //   t = 3, df = 5e5 → -5.914529794896474 ; t = 150, df = 4.5e6 → -11227.179112976031
    // (the exact t tail at t = 150, df = 4.5e6, by mpmath quadrature: -11227.2040..., 0.01 decades off)
    expectRelClose(studentLogTwoSided(3, 5e5), -5.914529794896474, 1e-13);
    expectRelClose(studentLogTwoSided(150, 4.5e6), -11227.179112976031, 1e-13);
  });

  it('quantile matches scipy.stats.t.ppf', () => {
    // t.ppf(p, df)
    const cases: [number, number, number][] = [
      [0.975, 1, 12.706204736174694],
      [0.975, 5, 2.5705818356363146],
      [0.975, 30.5, 2.04086944518632],
      [0.025, 7, -2.3646242515927844],
      [0.999, 2, 22.327124770119866],
    ];
    for (const [p, df, want] of cases) expectRelClose(studentQuantile(p, df), want, 1e-12);
    expect(studentQuantile(0.5, 3)).toBe(0);
  });

  it('rejects a bad df or p', () => {
    expect(() => studentLogTwoSided(1, 0)).toThrow(RangeError);
    expect(() => studentQuantile(1, 5)).toThrow(RangeError);
  });
});
