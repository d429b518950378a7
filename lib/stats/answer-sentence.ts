/**
 * The one sentence that answers a comparison's question before any table (issue 12 §3 "A plain
 * answer first"), built from the verdicts so it can never say more than they do:
 *
 *   "With flash-on rather than flash-off, 'log file sync' waits were 17.5% shorter on average and
 *    p99 was 64.4% shorter; the median wait was 3.7% longer (20 + 20 sessions)."
 *
 * Clauses come in the order mean, p99, median; a clause joins the previous one with "and" when it
 * points the same way and with ";" when it does not. A change is stated only when its verdict is
 * significant; otherwise the clause says it did not change significantly. The parenthesis names
 * what was resampled, so a reader sees at once whether sessions or single waits carry the claim.
 */
import type { ComparisonBootstrap } from './compare';
import { percentMagnitude, type Verdict, type VerdictDirection } from './verdict';

export interface AnswerInput {
  event: string;
  /** The values when they are not the event's waits: "'EXEC elapsed' calls" and "calls", "commits" (lib/trace/measure.ts valuesPhrase, valuesNoun). */
  values?: { phrase: string; noun: string };
  labels: { a: string; b: string };
  verdicts: readonly Verdict[];
  counts: { a: number; b: number };
  bootstrap: Pick<ComparisonBootstrap, 'method' | 'sessionCounts'> | null;
  /** Why single waits were resampled instead of sessions, e.g. "flash-on has 1 session". */
  whySingleWaits: string | null;
}

const CLAUSE_ORDER = ['mean', 'p99', 'median'] as const;

function amount(v: Verdict): string {
  const longer = (v.relative ?? 0) > 0;
  return `${percentMagnitude(v.relative ?? 0)}% ${longer ? 'longer' : 'shorter'}`;
}

/** The clause for one verdict, or null when it has nothing to say (no relative change exists). */
function clause(v: Verdict, values: string, isWaits: boolean): string | null {
  if (v.relative === null) return null;
  const subject = { mean: `${values} were`, p99: 'p99 was', median: isWaits ? 'the median wait was' : 'the median was' }[v.statistic];
  const tail = v.statistic === 'mean' ? ' on average' : '';
  if (v.direction === 'lower' || v.direction === 'higher') return `${subject} ${amount(v)}${tail}`;
  if (v.direction === 'within-resolution') return `${{ mean: values, p99: 'p99', median: 'the median' }[v.statistic]} differed by less than the clock's resolution${tail}`;
  // No CI (no bootstrap): the change is stated, marked as carrying no claim.
  if (v.interval === null) return `${subject} ${amount(v)}${tail} (no CI)`;
  const name = { mean: values, p99: 'p99', median: 'the median' }[v.statistic];
  return v.direction === 'unknown' ? `${name} gave no clear answer${tail}` : `${name} did not change significantly${tail}`;
}

function sampleNote(input: AnswerInput): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const b = input.bootstrap;
  if (b?.method === 'cluster' && b.sessionCounts) return `${n(b.sessionCounts.a)} + ${n(b.sessionCounts.b)} sessions`;
  const noun = input.values?.noun ?? 'waits';
  const waits = `${n(input.counts.a)} + ${n(input.counts.b)} ${noun}`;
  if (b) return `${waits}; single ${noun} resampled, not sessions${input.whySingleWaits ? `: ${input.whySingleWaits}` : ''}`;
  return `${waits}; no bootstrap, so no claim of significance except Welch's on the mean`;
}

export function answerSentence(input: AnswerInput): string {
  const { labels, event, counts } = input;
  const values = input.values?.phrase ?? `'${event}' waits`;
  const empty = counts.a === 0 ? labels.a : counts.b === 0 ? labels.b : null;
  if (empty !== null) return `No answer: ${empty} has no ${values} to compare.`;
  const parts: { text: string; direction: VerdictDirection }[] = [];
  for (const stat of CLAUSE_ORDER) {
    const v = input.verdicts.find((x) => x.statistic === stat);
    const text = v && clause(v, values, input.values === undefined);
    if (v && text) parts.push({ text, direction: v.direction });
  }
  if (parts.length === 0) return `With ${labels.a} rather than ${labels.b}, no change in ${values} can be stated (${sampleNote(input)}).`;
  let body = parts[0]!.text;
  for (let i = 1; i < parts.length; i++) body += `${parts[i]!.direction === parts[i - 1]!.direction ? ' and ' : '; '}${parts[i]!.text}`;
  return `With ${labels.a} rather than ${labels.b}, ${body} (${sampleNote(input)}).`;
}
