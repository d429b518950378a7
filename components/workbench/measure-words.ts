/**
 * How the page counts a measure's values in words: an event's waits, a call type's calls, the
 * commits. One place, so the card's summary, its file list and its notes say the same.
 */
import type { CallMeasure } from '@/lib/worker/measure-fields';

export type ValuesNoun = 'waits' | 'calls' | 'commits';

export function valuesNoun(measure: CallMeasure | undefined): ValuesNoun {
  return measure === undefined ? 'waits' : measure.kind === 'call' ? 'calls' : 'commits';
}
