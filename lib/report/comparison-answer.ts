/**
 * The answer sentence of one comparison of a report (lib/stats/answer-sentence.ts), from what the
 * report stores, so the workbench, a shared report and a joined one all say it the same way the
 * CLI does.
 */
import { answerHeadline } from '../stats/answer-headline';
import { answerSentence, type AnswerInput } from '../stats/answer-sentence';
import { valuesNoun, valuesPhrase } from '../trace/measure';
import { whyNotClustered } from './compare-pair';
import type { ComparisonEntry, WaitscopeReport } from './report-schema';

export function answerOfComparison(report: WaitscopeReport, c: ComparisonEntry): string {
  return answerSentence(answerInputOf(report, c));
}

/** The same answer in one short line, for the page header (answer-headline.ts). */
export function headlineOfComparison(report: WaitscopeReport, c: ComparisonEntry): string {
  return answerHeadline(answerInputOf(report, c));
}

function answerInputOf(report: WaitscopeReport, c: ComparisonEntry): AnswerInput {
  const a = report.datasets[c.treatment];
  const b = report.datasets[c.baseline];
  const labels = { a: a?.label ?? `dataset ${c.treatment + 1}`, b: b?.label ?? `dataset ${c.baseline + 1}` };
  const sessions = { a: a?.sessions ?? null, b: b?.sessions ?? null };
  return {
    event: report.event,
    ...(report.measure && { values: { phrase: valuesPhrase(report.event, report.measure), noun: valuesNoun(report.measure) } }),
    labels,
    verdicts: c.verdicts,
    counts: { a: a?.summary.count ?? 0, b: b?.summary.count ?? 0 },
    bootstrap: c.bootstrap,
    whySingleWaits: c.bootstrap?.method === 'poisson' ? whyNotClustered(sessions, labels) : null,
  };
}
