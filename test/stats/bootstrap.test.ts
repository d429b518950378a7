import { describe, expect, it } from 'vitest';
import { bootstrapDifferences, UniformStream } from '@/lib/stats/bootstrap';
import { sampleOf } from '@/lib/stats/sample';
import { lcgFloats, lcgInts } from './lcg';

// Reference values: numpy 2.4 / test/stats/rtype7.py, run from the repo root with
// P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, lcg, rtype7;'
//   A = np.array(lcg.ints(20000, 41)); B = np.array(lcg.ints(20000, 42)) + 50
//   Welch SE of Δmean: √(var(A)/n + var(B)/n) = 99.87537369248558
//   Δmedian = -38.0, Δp99 = -51.0 (rtype7.q7); order-statistic SE of Δmedian (stats.md §2.7 (2),
//   (x₍u₎ − x₍l₎)/(2·1.96) per sample, combined in quadrature) = 10.46851251463428
// A and B are draws of one distribution, B shifted by +50: every true difference A − B is −50.

const A = lcgInts(20_000, 41);
const B = lcgInts(20_000, 42).map((v) => v + 50);
const width = (i: { lower: number; upper: number }) => i.upper - i.lower;

describe('UniformStream', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    const s1 = new UniformStream(7);
    const s2 = new UniformStream(7);
    const s3 = new UniformStream(8);
    const xs = Array.from({ length: 10_000 }, () => s1.next());
    expect(Array.from({ length: 10_000 }, () => s2.next())).toEqual(xs);
    expect(s3.next()).not.toBe(xs[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    // Mean of 10,000 U(0,1): 0.5 ± 3·0.00289 (sd 1/√12/100).
    expect(Math.abs(xs.reduce((s, x) => s + x, 0) / xs.length - 0.5)).toBeLessThan(0.0087);
  });
});

describe('bootstrapDifferences (Poisson, iid)', () => {
  const a = sampleOf(A);
  const b = sampleOf(B);
  const r = bootstrapDifferences(a, b, { seed: 3 });

  it('reports its method, replicates, seed and level', () => {
    expect(r.method).toBe('poisson');
    expect(r.replicates).toBe(2000);
    expect(r.seed).toBe(3);
    expect(r.confidence).toBe(0.95);
    expect(r.sessionCounts).toBeUndefined();
  });

  it('is deterministic: the same seed gives the same CIs, another seed different ones', () => {
    expect(bootstrapDifferences(a, b, { seed: 3 })).toEqual(r);
    expect(bootstrapDifferences(a, b, { seed: 4 }).difference.mean).not.toEqual(r.difference.mean);
  });

  it('covers the true difference (−50) for median, p99 and mean', () => {
    for (const stat of ['median', 'p99', 'mean'] as const) {
      expect(r.difference[stat].lower).toBeLessThanOrEqual(-50);
      expect(r.difference[stat].upper).toBeGreaterThanOrEqual(-50);
    }
  });

  it('has the widths theory predicts: 2·1.96·SE for the mean (±10 %), the median within ±35 %', () => {
    // Mean: 2·1.96·99.875 = 391.5. Median: 2·1.96·10.47 = 41.0 (the order-statistic SE is itself
    // approximate on data with ties, hence the wider tolerance).
    expect(width(r.difference.mean)).toBeGreaterThan(0.9 * 391.5);
    expect(width(r.difference.mean)).toBeLessThan(1.1 * 391.5);
    expect(width(r.difference.median)).toBeGreaterThan(0.65 * 41.0);
    expect(width(r.difference.median)).toBeLessThan(1.35 * 41.0);
  });

  it('relative CIs bracket the relative point estimate', () => {
    // Hand: A/B − 1 for the median = (median A)/(median B) − 1; its CI must contain the observed
    // Δmedian/median B, here −38/median(B) < 0 with median(B) ≈ 1474 (about −2.6 %).
    expect(r.relative.median.lower).toBeLessThan(-0.0258 + 0.02);
    expect(r.relative.median.upper).toBeGreaterThan(-0.0258 - 0.02);
    expect(r.relative.median.lower).toBeLessThanOrEqual(r.relative.median.upper);
  });

  it('honours replicates and confidence, and rejects bad options', () => {
    const small = bootstrapDifferences(a, b, { replicates: 200, confidence: 0.5, seed: 3 });
    expect(small.replicates).toBe(200);
    // A 50 % CI is narrower than the 95 % one.
    expect(width(small.difference.mean)).toBeLessThan(width(r.difference.mean));
    expect(() => bootstrapDifferences(a, b, { replicates: 1 })).toThrow(RangeError);
    expect(() => bootstrapDifferences(a, sampleOf(new Float64Array(0)))).toThrow(RangeError);
  });
});

describe('bootstrapDifferences (cluster, whole sessions)', () => {
  it('gives the same CIs from per-session cumulative counts as from each replicate\'s histogram', () => {
    // The fast path must be the direct computation to the last bit (integer waits: every count
    // and sum is an exact integer in a double). 20 and 7 sessions of unequal sizes, shifted means.
    const sessionsOf = (n: number, k: number) => Uint32Array.from({ length: n }, (_, i) => (i * 7919) % k);
    const x = A.map((v, i) => v + 30 * ((i * 7919) % 20));
    const y = B.subarray(0, 15_000);
    const sx = sampleOf(x, sessionsOf(x.length, 20));
    const sy = sampleOf(y, sessionsOf(y.length, 7));
    const direct = bootstrapDifferences(sx, sy, { seed: 3, replicates: 400, clusterFrom: 'histogram' });
    const fast = bootstrapDifferences(sx, sy, { seed: 3, replicates: 400 });
    expect(fast).toEqual(direct);
    expect(fast.sessionCounts).toEqual({ a: 20, b: 7 });
  });

  it('with one sample per session it is the ordinary iid bootstrap (mean CI width 2·1.96·SE ± 12 %)', () => {
    const n = A.length;
    const each = Uint32Array.from({ length: n }, (_, i) => i);
    const cluster = bootstrapDifferences(sampleOf(A, each), sampleOf(B, each), { seed: 5, replicates: 1000 });
    expect(cluster.method).toBe('cluster');
    expect(cluster.sessionCounts).toEqual({ a: n, b: n });
    expect(width(cluster.difference.mean)).toBeGreaterThan(0.88 * 391.5);
    expect(width(cluster.difference.mean)).toBeLessThan(1.12 * 391.5);
  });

  it('widens the CI when sessions differ systematically, and is deterministic', () => {
    // 20 sessions of 1,000 waits each; session s adds 40·s µs, so the session effect (sd ≈ 230)
    // dominates the within-session noise of the mean. The cluster CI for Δmedian must be much
    // wider than the iid one, which ignores the sessions.
    const n = 20_000;
    const session = Uint32Array.from({ length: n }, (_, i) => Math.floor(i / 1000));
    const x = lcgInts(n, 51).map((v, i) => (v % 2000) + 40 * session[i]!);
    const y = lcgInts(n, 52).map((v, i) => (v % 2000) + 40 * ((session[i]! * 7) % 20));
    const cx = sampleOf(x, session);
    const cy = sampleOf(y, session);
    const opts = { seed: 9, replicates: 500 };
    const cluster = bootstrapDifferences(cx, cy, opts);
    const iid = bootstrapDifferences(sampleOf(x), sampleOf(y), { seed: 9, replicates: 500 });
    expect(cluster.sessionCounts).toEqual({ a: 20, b: 20 });
    expect(width(cluster.difference.median)).toBeGreaterThan(3 * width(iid.difference.median));
    expect(bootstrapDifferences(sampleOf(x, session), sampleOf(y, session), opts)).toEqual(cluster);
  });

  it('works on non-integer data (grid found by binary search)', () => {
    const x = lcgFloats(5000, 61);
    const y = lcgFloats(5000, 62).map((v) => v + 100);
    const s = Uint32Array.from({ length: 5000 }, (_, i) => i % 50);
    const r = bootstrapDifferences(sampleOf(x, s), sampleOf(y, s), { replicates: 300 });
    // Observed differences (rtype7.q7 / np.mean on lcg.floats(5000, 61) and lcg.floats(5000, 62) + 100):
    // Δmedian -73.393787862733, Δp99 -99.66444680700079, Δmean -85.20764319859444. (The first
    // 5000 LCG floats are not a good enough sample for "covers the true −100"; the statistic itself
    // must be inside its own percentile CI.)
    const observed = { median: -73.393787862733, p99: -99.66444680700079, mean: -85.20764319859444 };
    for (const stat of ['median', 'p99', 'mean'] as const) {
      expect(r.difference[stat].lower).toBeLessThanOrEqual(observed[stat]);
      expect(r.difference[stat].upper).toBeGreaterThanOrEqual(observed[stat]);
    }
  });

  it('needs session arrays of the right length', () => {
    const s = new Uint32Array(A.length);
    expect(() => sampleOf(A, s.subarray(1))).toThrow(RangeError);
  });
});
