/**
 * Share, as the page does it: reduce the report to what may leave (share-content.ts), describe its
 * JSON (what it holds, and any private name still in it), and seal that JSON. The page and the
 * payload tests call these functions, so the tests search exactly the text that is encrypted.
 *
 * The description needs no cryptography, so a page opened over plain HTTP, where the browser has no
 * `crypto.subtle` and nothing can be sealed, still shows what a downloaded report will hold.
 */
import type { WaitscopeReport } from '../report/report-schema';
import { contentToShare, type ShareChoices, type ShareExtras } from '../report/share-content';
import { findPrivateStrings, privateStrings, type PrivateHit } from './private-strings';
import { sealJson, type SealedReport } from './seal-report';
import { summarizeShare, type ShareSummary } from './share-summary';

/** What a share or a downloaded report holds, under the user's choices. */
export interface SharePreview {
  /** The content itself: the share seals its JSON, a download writes it into the file. */
  report: WaitscopeReport;
  /** The exact JSON text that is sealed: what the preview shows and tests search. */
  json: string;
  summary: ShareSummary;
  /** Names the user kept private that the payload still holds (in a label, typically). */
  exposed: PrivateHit[];
}

export type SealedShare = SealedReport & Omit<SharePreview, 'report'>;

export function previewShare(extras: ShareExtras, choices: ShareChoices): SharePreview {
  const report = contentToShare(extras, choices);
  const json = JSON.stringify(report);
  // The summary reads the JSON back, as a recipient will, rather than the object it came from.
  const payload = JSON.parse(json) as WaitscopeReport;
  return { report, json, summary: summarizeShare(json, payload), exposed: findPrivateStrings(payload, privateStrings(extras.report, choices)) };
}

/** Seals what `previewShare` described: the very JSON text it shows. */
export async function sealPreview(preview: SharePreview): Promise<SealedShare> {
  const sealed = await sealJson(preview.json);
  return { ...sealed, summary: preview.summary, exposed: preview.exposed };
}

export function sealShare(extras: ShareExtras, choices: ShareChoices): Promise<SealedShare> {
  return sealPreview(previewShare(extras, choices));
}
