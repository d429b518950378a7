/**
 * Share, as the page does it: reduce the report to what may leave (share-content.ts), seal it, and
 * describe the sealed JSON (what it holds, and any private name still in it). The page and the
 * payload tests call this one function, so the tests search exactly the text that is encrypted.
 */
import type { WaitscopeReport } from '../report/report-schema';
import { contentToShare, type ShareChoices, type ShareExtras } from '../report/share-content';
import { findPrivateStrings, privateStrings, type PrivateHit } from './private-strings';
import { sealReport, type SealedReport } from './seal-report';
import { summarizeShare, type ShareSummary } from './share-summary';

export interface SealedShare extends SealedReport {
  summary: ShareSummary;
  /** Names the user kept private that the payload still holds (in a label, typically). */
  exposed: PrivateHit[];
}

export async function sealShare(extras: ShareExtras, choices: ShareChoices): Promise<SealedShare> {
  const content = contentToShare(extras, choices);
  const sealed = await sealReport(content);
  const payload = JSON.parse(sealed.json) as WaitscopeReport;
  return { ...sealed, summary: summarizeShare(sealed.json, payload), exposed: findPrivateStrings(payload, privateStrings(extras.report, choices)) };
}
