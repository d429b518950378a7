import { describe, expect, it } from 'vitest';
import { buildReport } from '@/lib/report/build-report';
import { answerOfComparison } from '@/lib/report/comparison-answer';
import { comparePair } from '@/lib/report/comparison-report';
import { sampleOf } from '@/lib/stats/sample';
import { bookExperimentWaits } from '@/lib/synth/book-experiment';

const md = { oracleVersion: '11.2.0.4.0' };

describe('the answer sentence, end to end', () => {
  it('answers the book demo (20 + 20 sessions × 200,000 commits) as worked out by hand', () => {
    // The demo's numbers (README, Table 15.1 synthesised): means 723.3 vs 876.7 → 17.5% lower; p99 1656 vs
    // 4653 → 64.4% lower; medians 650 vs 627 → 3.7% higher; each significant by the cluster bootstrap.
    const on = bookExperimentWaits('flash-on');
    const off = bookExperimentWaits('flash-off');
    const pair = comparePair(
      { label: 'flash-on', sample: sampleOf(on.values, on.sessions), metadata: md },
      { label: 'flash-off', sample: sampleOf(off.values, off.sessions), metadata: md },
      { event: 'log file sync' },
    );
    expect([pair.summaries.a.median, pair.summaries.b.median, pair.summaries.a.p99, pair.summaries.b.p99]).toEqual([650, 627, 1656, 4653]);
    expect(pair.answer).toBe(
      "With flash-on rather than flash-off, 'log file sync' waits were 17.5% shorter on average and p99 was 64.4% shorter; " +
        'the median wait was 3.7% longer (20 + 20 sessions).',
    );
  }, 120_000);

  it('says the same in the page (from the stored report) as in the CLI', () => {
    const on = bookExperimentWaits('flash-on', { sessions: 4, commits: 3000 });
    const off = bookExperimentWaits('flash-off', { sessions: 1, commits: 3000 });
    const inputs = [
      { id: 'on', label: 'on', source: 'synthetic' as const, values: on.values, sessions: on.sessions, files: [] },
      { id: 'off', label: 'off', source: 'synthetic' as const, values: off.values, sessions: off.sessions, files: [] },
    ];
    const bootstrap = { replicates: 300, seed: 1 };
    const report = buildReport(inputs, { event: 'log file sync', baseline: 1, bootstrap, generatorVersion: 'test', createdAt: '2026-12-01T00:00:00Z' });
    const side = (d: (typeof inputs)[number]) => ({ label: d.label, sample: sampleOf(d.values, d.sessions) });
    const pair = comparePair(side(inputs[0]!), side(inputs[1]!), { event: 'log file sync', bootstrap });
    const page = answerOfComparison(report, report.comparisons[0]!);
    expect(page).toBe(pair.answer);
    // One session on B: single waits were resampled, and the sentence says why.
    expect(page).toMatch(/\(12,000 \+ 3,000 waits; single waits resampled, not sessions: off has 1 session\)\.$/);
  });
});
