import { describe, expect, it } from 'vitest';
import { buildReport } from '@/lib/report/build-report';
import { answerOfComparison } from '@/lib/report/comparison-answer';
import { reportSchema } from '@/lib/report/report-schema';
import { bookExperimentWaits } from '@/lib/synth/book-experiment';

const md = { oracleVersion: '11.2.0.4.0' };

describe('the answer sentence, end to end', () => {
  it('answers the book demo (20 + 20 sessions × 200,000 commits) as worked out by hand', () => {
    // The demo's numbers (README, Table 15.1 synthesised): means 723.3 vs 876.7 → 17.5% lower; p99 1656 vs
    // 4653 → 64.4% lower; medians 650 vs 627 → 3.7% higher; each significant by the cluster bootstrap.
    const on = bookExperimentWaits('flash-on');
    const off = bookExperimentWaits('flash-off');
    const report = buildReport(
      [
        { id: 'on', label: 'flash-on', source: 'synthetic', values: on.values, sessions: on.sessions, metadata: md, files: [] },
        { id: 'off', label: 'flash-off', source: 'synthetic', values: off.values, sessions: off.sessions, metadata: md, files: [] },
      ],
      { event: 'log file sync', baseline: 1, generatorVersion: 'test', createdAt: '2026-12-01T00:00:00Z' },
    );
    const [sa, sb] = report.datasets.map((d) => d.summary);
    expect([sa!.median, sb!.median, sa!.p99, sb!.p99]).toEqual([650, 627, 1656, 4653]);
    expect(answerOfComparison(report, report.comparisons[0]!)).toBe(
      "With flash-on rather than flash-off, 'log file sync' waits were 17.5% shorter on average and p99 was 64.4% shorter; " +
        'the median wait was 3.7% longer (20 + 20 sessions).',
    );
  }, 120_000);

  it('says the same from a stored report as from the report the CLI prints', () => {
    const on = bookExperimentWaits('flash-on', { sessions: 4, commits: 3000 });
    const off = bookExperimentWaits('flash-off', { sessions: 1, commits: 3000 });
    const inputs = [
      { id: 'on', label: 'on', source: 'synthetic' as const, values: on.values, sessions: on.sessions, files: [] },
      { id: 'off', label: 'off', source: 'synthetic' as const, values: off.values, sessions: off.sessions, files: [] },
    ];
    const bootstrap = { replicates: 300, seed: 1 };
    const report = buildReport(inputs, { event: 'log file sync', baseline: 1, bootstrap, generatorVersion: 'test', createdAt: '2026-12-01T00:00:00Z' });
    // The page reads the report back (a stored or shared one passes the schema); the CLI prints it as built.
    const stored = reportSchema.parse(JSON.parse(JSON.stringify(report)));
    const page = answerOfComparison(stored, stored.comparisons[0]!);
    expect(page).toBe(answerOfComparison(report, report.comparisons[0]!));
    // One session on B: single waits were resampled, and the sentence says why.
    expect(page).toMatch(/\(12,000 \+ 3,000 waits; single waits resampled, not sessions: off has 1 session\)\.$/);
  });
});
