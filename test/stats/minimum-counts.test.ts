import { describe, expect, it } from 'vitest';
import { estimableSummary, minimumCountFor, MINIMUM_COUNT, notEstimableNotes, notEstimableText } from '@/lib/stats/minimum-counts';
import { summarize } from '@/lib/stats/summary';

describe('minimumCountFor', () => {
  it('is the smallest n with n·(1 − p) ≥ 1', () => {
    // By hand: 1/(1 − p) = 2, 10, 20, 100, 1000 (1 − 0.999 is 0.0010000000000000009 in doubles).
    expect([0.5, 0.9, 0.95, 0.99, 0.999].map(minimumCountFor)).toEqual([2, 10, 20, 100, 1000]);
  });
});

describe('the minimum sample size of each statistic', () => {
  it('is 2 for median and stddev, 1 for min, max and mean, 0 for count and sum', () => {
    expect(MINIMUM_COUNT).toEqual({ count: 0, sum: 0, min: 1, max: 1, mean: 1, stddev: 2, median: 2, p90: 10, p95: 20, p99: 100, p999: 1000 });
  });

  it('says "n/a (needs ≥ N waits)" below it and nothing at it', () => {
    expect(notEstimableText('p99', 99)).toBe('n/a (needs ≥ 100 waits)');
    expect(notEstimableText('p99', 100)).toBeNull();
    expect(notEstimableText('p999', 12)).toBe('n/a (needs ≥ 1,000 waits)');
    expect(notEstimableText('mean', 0)).toBe('n/a (needs ≥ 1 wait)');
    // A call or commit measure names its own values (waitscope stats --commit printed "needs ≥ 2 waits").
    expect(notEstimableText('median', 1, 'commits')).toBe('n/a (needs ≥ 2 commits)');
    expect(notEstimableText('mean', 0, 'calls')).toBe('n/a (needs ≥ 1 call)');
    expect(notEstimableNotes(1, 'executions').p99).toBe('n/a (needs ≥ 100 executions)');
    expect(notEstimableText('count', 0)).toBeNull();
  });

  it('nulls what 12 waits cannot support and keeps the rest exact', () => {
    // 100..1200 µs: median (h = 6.5) 650, p90 (h = 10.9) 0.1·1000 + 0.9·1100 = 1090.
    const s = estimableSummary(summarize(Float64Array.from({ length: 12 }, (_, i) => 100 * (i + 1))));
    expect(s).toMatchObject({ count: 12, sum: 7800, min: 100, max: 1200, mean: 650, median: 650, p95: null, p99: null, p999: null });
    expect(s.p90).toBeCloseTo(1090, 9);
    expect(notEstimableNotes(12)).toEqual({ p95: 'n/a (needs ≥ 20 waits)', p99: 'n/a (needs ≥ 100 waits)', p999: 'n/a (needs ≥ 1,000 waits)' });
  });
});
