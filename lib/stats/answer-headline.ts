/**
 * The page header's one-line answer (issue 17 §4), the short form of answerSentence over the same
 * input, so it can never say more than the verdicts do:
 *
 *   "Flash logging on vs Flash logging off: mean 17.5% shorter, p99 64.4% shorter, median 3.7% longer (20 + 20 sessions)"
 *
 * Statistics in the order mean, p99, median. A statistic a side has too few values for has no
 * verdict (verdict.ts, minimum-counts.ts) and so no part here; one without a significant change says
 * so; a change without a CI is marked as carrying no claim.
 */
import type { AnswerInput } from './answer-sentence';
import { percentMagnitude, type Verdict } from './verdict';

const ORDER = ['mean', 'p99', 'median'] as const;

function part(v: Verdict): string | null {
  if (v.relative === null) return null;
  const amount = `${percentMagnitude(v.relative)}% ${v.relative > 0 ? 'longer' : 'shorter'}`;
  if (v.direction === 'lower' || v.direction === 'higher') return `${v.statistic} ${amount}`;
  if (v.direction === 'within-resolution') return `${v.statistic} within the clock's resolution`;
  if (v.interval === null) return `${v.statistic} ${amount} (no CI)`;
  return v.direction === 'unknown' ? `${v.statistic} unclear` : `${v.statistic} no significant change`;
}

/** "20 + 20 sessions" when whole sessions were resampled, else the values counted: "150 + 11 calls". */
function sample(input: AnswerInput): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const b = input.bootstrap;
  if (b?.method === 'cluster' && b.sessionCounts) return `${n(b.sessionCounts.a)} + ${n(b.sessionCounts.b)} sessions`;
  return `${n(input.counts.a)} + ${n(input.counts.b)} ${input.values?.noun ?? 'waits'}`;
}

export function answerHeadline(input: AnswerInput): string {
  const { labels, counts } = input;
  const head = `${labels.a} vs ${labels.b}`;
  const empty = counts.a === 0 ? labels.a : counts.b === 0 ? labels.b : null;
  if (empty !== null) return `${head}: no answer, ${empty} has no values`;
  const parts = ORDER.flatMap((stat) => {
    const v = input.verdicts.find((x) => x.statistic === stat);
    const text = v && part(v);
    return text ? [text] : [];
  });
  return `${head}: ${parts.length > 0 ? parts.join(', ') : 'no change can be stated'} (${sample(input)})`;
}
