// Issue 13 §2: the user's thresholds are counted apart from the report, from value counts. The
// counts must be exactly countAboveThresholds' on the waits themselves, and asking for them must not
// build a report.
import { describe, expect, it } from 'vitest';
import { countsOf } from '../../lib/stats/counts';
import { countAboveThresholds, countAboveThresholdsOfCounts } from '../../lib/stats/thresholds';
import { withThresholdCounts } from '../../lib/worker/threshold-counts';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { SessionHarness } from './session-harness';

const csv = (name: string, values: number[]) => new File([`ela_us\n${values.join('\n')}\n`], name);

describe('threshold counts apart from the report', () => {
  it('counts waits strictly above each threshold, by hand', () => {
    // 100, 2000, 2000, 3000, 50000, 600000: above 2000 are 3000, 50000, 600000 (a wait equal to it is not above).
    // 500 ms is always counted too: only 600000 is above it, 1 of 6 waits.
    const vc = countsOf(Float64Array.from([2000, 100, 600_000, 3000, 2000, 50_000]));
    expect(countAboveThresholdsOfCounts(vc, [2000, 99, 600_000, 2000])).toEqual([
      { threshold: 99, count: 6, ratePerMillion: 1e6 },
      { threshold: 2000, count: 3, ratePerMillion: 500_000 },
      { threshold: 500_000, count: 1, ratePerMillion: 1e6 / 6 },
      { threshold: 600_000, count: 0, ratePerMillion: 0 },
    ]);
    expect(countAboveThresholdsOfCounts(countsOf(new Float64Array(0)), [5])).toEqual([
      { threshold: 5, count: 0, ratePerMillion: null },
      { threshold: 500_000, count: 0, ratePerMillion: null },
    ]);
    expect(() => countAboveThresholdsOfCounts(vc, [Number.NaN])).toThrow(RangeError);
  });

  it('gives exactly what countAboveThresholds gives on the waits, integer and fractional', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (const fractional of [false, true]) {
      const values = Float64Array.from({ length: 20_000 }, () => {
        const v = Math.exp(random() * 14);
        return fractional ? v : Math.round(v);
      });
      const thresholds = [0.5, 10, 999.9, 1000, 10_000, 100_000, 500_000, 1e6];
      const direct = countAboveThresholds(values, thresholds);
      expect(countAboveThresholdsOfCounts(countsOf(values), thresholds)).toEqual(direct);
    }
  });

  it('joins counts into a report without touching what the figures draw', () => {
    const dataset = { id: 'd1', distributions: { kde: null, thresholds: [{ threshold: 500_000, count: 1, ratePerMillion: 10 }] } };
    const report = { datasets: [dataset] } as unknown as Parameters<typeof withThresholdCounts>[0];
    const joined = withThresholdCounts(report, [{ datasetId: 'd1', counts: [{ threshold: 20, count: 4, ratePerMillion: 40 }, { threshold: 500_000, count: 99, ratePerMillion: 990 }] }]);
    expect(joined.datasets[0]!.distributions.thresholds).toEqual([
      { threshold: 20, count: 4, ratePerMillion: 40 },
      { threshold: 500_000, count: 1, ratePerMillion: 10 },
    ]);
    expect(joined.datasets[0]!.distributions.kde).toBe(dataset.distributions.kde);
    expect(withThresholdCounts(report, [])).toBe(report);
  });

  it('the worker answers a threshold request without building a report', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'a', files: [{ file: csv('a.csv', [100, 2000, 3000, 50_000, 600_000]), path: 'a.csv' }], event: 'log file sync' });
    await h.send({ type: 'add-files', datasetId: 'b', files: [{ file: csv('b.csv', [10, 20, 2500]), path: 'b.csv' }], event: 'log file sync' });
    await h.report([{ datasetId: 'a', label: 'a' }, { datasetId: 'b', label: 'b' }]);
    const built = (m: WorkerResponse) => (m.type === 'report' ? m.built : 0);
    expect(Math.max(...h.messages.map(built))).toBe(1);
    await h.send({ type: 'threshold-counts', requestId: 50, event: 'log file sync', datasetIds: ['a', 'b'], thresholds: [2000, 2999] });
    const reply = h.messages.find((m) => m.type === 'threshold-counts');
    expect(reply).toEqual({
      type: 'threshold-counts',
      requestId: 50,
      counts: [
        { datasetId: 'a', counts: [{ threshold: 2000, count: 3, ratePerMillion: 600_000 }, { threshold: 2999, count: 3, ratePerMillion: 600_000 }] },
        { datasetId: 'b', counts: [{ threshold: 2000, count: 1, ratePerMillion: 1e6 / 3 }, { threshold: 2999, count: 0, ratePerMillion: 0 }] },
      ],
    });
    expect(h.messages.filter((m) => m.type === 'report')).toHaveLength(1);
  });
});
