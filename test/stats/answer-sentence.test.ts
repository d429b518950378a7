import { describe, expect, it } from 'vitest';
import { answerHeadline } from '@/lib/stats/answer-headline';
import { answerSentence, type AnswerInput } from '@/lib/stats/answer-sentence';
import type { Verdict } from '@/lib/stats/verdict';

// Verdicts are given directly (their own tests are in verdict.test.ts); every expected sentence is
// written by hand. The book demo: means 723.3 vs 876.7 → (723.3 − 876.7)/876.7 = −17.497% ;
// p99 1656 vs 4653 → −64.410%; medians 650 vs 627 → +3.668%.
const v = (statistic: Verdict['statistic'], relative: number | null, direction: Verdict['direction'], interval = true): Verdict => ({
  statistic,
  direction,
  ciSource: interval ? 'bootstrap-cluster' : null,
  relative,
  interval: interval ? { lower: -1, upper: 1 } : null,
  text: '',
});
const BOOK: AnswerInput = {
  event: 'log file sync',
  labels: { a: 'flash-on', b: 'flash-off' },
  verdicts: [v('mean', (723.3 - 876.7) / 876.7, 'lower'), v('median', (650 - 627) / 627, 'higher'), v('p99', (1656 - 4653) / 4653, 'lower')],
  counts: { a: 4e6, b: 4e6 },
  bootstrap: { method: 'cluster', sessionCounts: { a: 20, b: 20 } },
  whySingleWaits: null,
};

describe('answerSentence', () => {
  it('answers the book demo in one sentence', () => {
    expect(answerSentence(BOOK)).toBe(
      "With flash-on rather than flash-off, 'log file sync' waits were 17.5% shorter on average and p99 was 64.4% shorter; " +
        'the median wait was 3.7% longer (20 + 20 sessions).',
    );
  });

  it('names a call or commit measure by its values, not as waits (issue 14 §4)', () => {
    const commits = { ...BOOK, event: 'commit (from its request to the end of its log file sync)', values: { phrase: 'commits', noun: 'commits' } };
    expect(answerSentence(commits)).toBe('With flash-on rather than flash-off, commits were 17.5% shorter on average and p99 was 64.4% shorter; the median was 3.7% longer (20 + 20 sessions).');
    const exec = { ...BOOK, event: 'EXEC elapsed', values: { phrase: "'EXEC elapsed' calls", noun: 'calls' }, bootstrap: { method: 'poisson' as const }, counts: { a: 150, b: 11 } };
    expect(answerSentence({ ...exec, verdicts: [] })).toBe("With flash-on rather than flash-off, no change in 'EXEC elapsed' calls can be stated (150 + 11 calls; single calls resampled, not sessions).");
    expect(answerSentence({ ...exec, counts: { a: 0, b: 11 } })).toBe("No answer: flash-on has no 'EXEC elapsed' calls to compare.");
  });

  it('names any event and labels, and says what did not change significantly', () => {
    const s = answerSentence({
      ...BOOK,
      event: 'db file sequential read',
      labels: { a: 'new SAN', b: 'old SAN' },
      verdicts: [v('mean', 0.02, 'no-significant-difference'), v('median', 0.1, 'higher'), v('p99', 0.005, 'no-significant-difference')],
    });
    expect(s).toBe(
      "With new SAN rather than old SAN, 'db file sequential read' waits did not change significantly on average and " +
        'p99 did not change significantly; the median wait was 10.0% longer (20 + 20 sessions).',
    );
  });

  it('says when single waits were resampled, and why; a missing p99 verdict is simply left out', () => {
    const s = answerSentence({
      ...BOOK,
      verdicts: [v('mean', 0.455, 'higher'), v('median', -0.2, 'no-significant-difference')],
      counts: { a: 12, b: 5 },
      bootstrap: { method: 'poisson' },
      whySingleWaits: 'flash-off has 1 session',
    });
    expect(s).toBe(
      "With flash-on rather than flash-off, 'log file sync' waits were 45.5% longer on average; the median did not change significantly " +
        '(12 + 5 waits; single waits resampled, not sessions: flash-off has 1 session).',
    );
  });

  it('marks changes without a CI and refuses to answer for an empty side', () => {
    const s = answerSentence({ ...BOOK, verdicts: [v('mean', -0.1, 'unknown', false)], bootstrap: null });
    expect(s).toBe(
      "With flash-on rather than flash-off, 'log file sync' waits were 10.0% shorter on average (no CI) " +
        "(4,000,000 + 4,000,000 waits; no bootstrap, so no claim of significance except Welch's on the mean).",
    );
    expect(answerSentence({ ...BOOK, counts: { a: 10, b: 0 } })).toBe("No answer: flash-off has no 'log file sync' waits to compare.");
  });
});

describe('answerHeadline (issue 17 §4: the one-line answer in the header)', () => {
  it('says the book demo in one line, mean, p99, median in that order, with the sessions resampled', () => {
    expect(answerHeadline(BOOK)).toBe('flash-on vs flash-off: mean 17.5% shorter, p99 64.4% shorter, median 3.7% longer (20 + 20 sessions)');
  });

  it('leaves out a statistic the sample is too small for (it has no verdict), and says what did not change', () => {
    const small = { ...BOOK, verdicts: [v('mean', 0.02, 'no-significant-difference'), v('median', 0.1, 'higher')], bootstrap: { method: 'poisson' as const }, counts: { a: 150, b: 1_200 } };
    expect(answerHeadline(small)).toBe('flash-on vs flash-off: mean no significant change, median 10.0% longer (150 + 1,200 waits)');
  });

  it('marks a change without a CI, names calls by their noun, and says when a side is empty', () => {
    const noCi = { ...BOOK, verdicts: [v('mean', -0.5, 'no-significant-difference', false)], bootstrap: null, values: { phrase: 'calls', noun: 'calls' } };
    expect(answerHeadline(noCi)).toBe('flash-on vs flash-off: mean 50.0% shorter (no CI) (4,000,000 + 4,000,000 calls)');
    expect(answerHeadline({ ...BOOK, counts: { a: 0, b: 3 } })).toBe('flash-on vs flash-off: no answer, flash-on has no values');
    expect(answerHeadline({ ...BOOK, verdicts: [] })).toBe('flash-on vs flash-off: no change can be stated (20 + 20 sessions)');
  });
});
