// Threshold counts per dataset: 500 ms always, plus the user's, as counts and rates per million.
import { describe, expect, it } from 'vitest';
import { thresholdTable } from '../../lib/outliers/thresholds';

describe('thresholdTable', () => {
  it('lines datasets up on the same ascending thresholds (strictly greater-than)', () => {
    // A: 4 waits, one of exactly 500,000 (not above it) and one of 600,000. B: 2 waits, none above 100,000.
    const t = thresholdTable(
      [
        { label: 'on', ela: Float64Array.from([100, 200_000, 500_000, 600_000]) },
        { label: 'off', ela: Float64Array.from([10, 20]) },
      ],
      [100_000, 500_000],
    );
    expect(t.map((d) => [d.dataset, d.waits, d.counts.map((c) => [c.threshold, c.count, c.ratePerMillion])])).toEqual([
      ['on', 4, [[100_000, 3, 750_000], [500_000, 1, 250_000]]],
      ['off', 2, [[100_000, 0, 0], [500_000, 0, 0]]],
    ]);
  });
});
