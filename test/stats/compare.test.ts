import { describe, expect, it } from 'vitest';
import { COMPARED_STATISTICS, compare } from '@/lib/stats/compare';
import type { CompareOptions } from '@/lib/stats/compare';
import { sampleOf } from '@/lib/stats/sample';
import { ksTest } from '@/lib/stats/ks';
import { mannWhitneyTest } from '@/lib/stats/mann-whitney';
import { expectRelClose } from './expect-close';
import { lcgFloats, lcgInts } from './lcg';

// Expected values: numpy 2.4 and test/stats/rtype7.py (R type 7), from the repo root with
// P='import sys; sys.path.insert(0, "test/stats"); import numpy as np, rtype7;'
//   for x in (a, b): len, min, q7(.5), mean, q7(.9), q7(.99), q7(.999), max, std(ddof=1)
//   a → 15 1 5 5.133333333333334 9 9 9 9 2.8250579429371676
//   b → 21 0 4 4.428571428571429 8 8.8 8.98 9 2.7671542886407434

const f64 = (xs: number[]) => Float64Array.from(xs);
const a = f64([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]);
const b = f64([2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6]);

describe('compare', () => {
  const c = compare(sampleOf(a), sampleOf(b), { bootstrap: false });

  it('tabulates both samples, A − B, A/B and (A − B)/B', () => {
    expect(COMPARED_STATISTICS).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum']);
    expect(c.rows.count).toEqual({ a: 15, b: 21, difference: -6, ratio: 15 / 21, relative: -6 / 21 });
    expect(c.rows.median).toEqual({ a: 5, b: 4, difference: 1, ratio: 1.25, relative: 0.25 });
    expect(c.rows.p90.difference).toBe(1);
    expectRelClose(c.rows.mean.a, 5.133333333333334, 1e-15);
    expectRelClose(c.rows.mean.b, 4.428571428571429, 1e-15);
    expectRelClose(c.rows.mean.difference, 5.133333333333334 - 4.428571428571429, 1e-13);
    // Type 7 would give B a p99 of 8.8 and a p99.9 of 8.98, but 21 waits cannot support them (need 100, 1000);
    // p95 needs 20: B (21) has one, A (15) does not, so the row has no difference.
    expect(c.rows.p99).toEqual({ a: null, b: null, difference: null, ratio: null, relative: null });
    expect(c.rows.p999).toEqual({ a: null, b: null, difference: null, ratio: null, relative: null });
    expect(c.rows.p95).toMatchObject({ a: null, difference: null });
    expect(c.rows.p95.b).not.toBeNull();
    // sum: A 77, B 93 (by hand from the samples above).
    expect(c.rows.sum).toEqual({ a: 77, b: 93, difference: -16, ratio: 77 / 93, relative: -16 / 93 });
    expectRelClose(c.rows.stddev.a, 2.8250579429371676, 1e-14);
    expectRelClose(c.rows.stddev.b, 2.7671542886407434, 1e-14);
    // min of B is 0: the ratio and relative change are undefined, not Infinity.
    expect(c.rows.min).toEqual({ a: 1, b: 0, difference: 1, ratio: null, relative: null });
  });

  it('runs the three tests in the A, B order (same results as calling them directly)', () => {
    expect(c.mannWhitney).toEqual(mannWhitneyTest(a, b));
    expect(c.ks).toEqual(ksTest(a, b));
    // Welch: see welch.test.ts for these digits (scipy ttest_ind).
    expectRelClose(c.welch?.t, 0.7442544099599894, 1e-12);
    expect(c.bootstrap).toBeNull();
  });

  it('warns when a sample is too small for a quantile (n·(1 − p) < 1)', () => {
    // 15 and 21 waits: enough for the median and p90 (≥ 2, ≥ 10), not for p95 on A (20), p99 (100) or p99.9 (1000).
    const codes = c.warnings.map((w) => w.code);
    expect(codes).toEqual(['small-sample-quantile', 'small-sample-quantile', 'small-sample-quantile']);
    expect(c.warnings[0]!.message).toBe('p95 needs at least 20 waits: not shown for A (15 waits).');
    expect(c.warnings[1]!.message).toContain('p99 needs at least 100 waits: not shown for A');
    expect(c.warnings[2]!.message).toBe('p99.9 needs at least 1000 waits: not shown for A (15 waits) and B (21 waits).');
  });

  it('does not warn about quantiles at the threshold (1000 waits for p99.9)', () => {
    const x = lcgInts(1000, 1);
    const y = lcgInts(1000, 2);
    expect(compare(sampleOf(x), sampleOf(y), { bootstrap: false }).warnings).toEqual([]);
    expect(compare(sampleOf(x.subarray(1)), sampleOf(y), { bootstrap: false }).warnings.map((w) => w.message)).toEqual([
      'p99.9 needs at least 1000 waits: not shown for A (999 waits).',
    ]);
  });

  it('warns when the counts are more than 10× apart', () => {
    const x = lcgInts(1000, 3);
    const y = lcgInts(10_001, 4);
    const codes = (u: Float64Array) => compare(sampleOf(x), sampleOf(u), { bootstrap: false }).warnings.map((w) => w.code);
    expect(codes(y)).toEqual(['unbalanced-counts']);
    expect(codes(y.subarray(1))).toEqual([]); // exactly 10×: not "more than"
  });

  it('warns about different Oracle versions and event mixes, given metadata', () => {
    const x = lcgInts(2000, 5);
    const y = lcgInts(2000, 6);
    const warn = (metadata: CompareOptions['metadata']) =>
      compare(sampleOf(x), sampleOf(y), { bootstrap: false, metadata }).warnings.map((w) => w.code);
    expect(warn({ a: { oracleVersion: '19.3.0.0' }, b: { oracleVersion: '11.2.0.4' } })).toEqual(['different-version']);
    expect(warn({ a: { oracleVersion: '19.3.0.0' }, b: { oracleVersion: '19.3.0.0' } })).toEqual([]);
    expect(warn({ a: { oracleVersion: '19.3.0.0' }, b: {} })).toEqual([]);
    // Shares by hand: A 90/10 vs B 80/20 → 10 points apart (> 5); 90/10 vs 88/12 → 2 points.
    const mixA = { 'log file sync': 900, 'db file sequential read': 100 };
    expect(warn({ a: { eventMix: mixA }, b: { eventMix: { 'log file sync': 80, 'db file sequential read': 20 } } })).toEqual([
      'different-event-mix',
    ]);
    expect(warn({ a: { eventMix: mixA }, b: { eventMix: { 'log file sync': 88, 'db file sequential read': 12 } } })).toEqual([]);
    expect(warn({ a: { eventMix: mixA }, b: { eventMix: { 'log file sync': 900, 'log file parallel write': 100 } } })).toEqual([
      'different-event-mix',
    ]);
  });

  it('runs the Poisson bootstrap by default and the cluster one given sessions', () => {
    const x = lcgInts(3000, 7);
    const y = lcgInts(3000, 8);
    const iid = compare(sampleOf(x), sampleOf(y), { bootstrap: { replicates: 300, seed: 2 } });
    expect(iid.bootstrap?.method).toBe('poisson');
    expect(iid.bootstrap?.replicates).toBe(300);
    const s = Uint32Array.from({ length: 3000 }, (_, i) => i % 4);
    const clustered = compare(sampleOf(x, s), sampleOf(y, s), { bootstrap: { replicates: 300 } });
    expect(clustered.bootstrap?.method).toBe('cluster');
    expect(clustered.warnings.map((w) => w.code)).toEqual(['few-sessions']);
    expect(clustered.warnings[0]!.message).toBe('Only 4 (A) and 4 (B) sessions: the session bootstrap CIs are coarse.');
  });

  it('handles non-integer input through the sort path, and rejects NaN', () => {
    const x = lcgFloats(500, 9);
    const r = compare(sampleOf(x), sampleOf(x), { bootstrap: false });
    expect(r.rows.mean.difference).toBe(0);
    expect(r.rows.median.ratio).toBe(1);
    expect(r.ks?.d).toBe(0);
    expect(() => compare(sampleOf(f64([1, NaN])), sampleOf(x))).toThrow(RangeError);
  });
});
