/**
 * The report as the offline viewer reads it back from its `<script type="application/json">`.
 *
 * The file carries its viewer and its data together, written by the same waitscope, so the data is
 * of the version the viewer draws; the checks here are for a file that was cut short or edited by
 * hand, each with one line for a person. zod is not used: it would triple the viewer's size
 * (~450 KB of ~1 MB) to re-check what this same build wrote, and whoever can edit the data can edit
 * the script beside it. What a check misses and breaks a view is caught by the viewer's error boundary.
 */
import { REPORT_VERSION } from '../report/report-constants';
import type { WaitscopeReport } from '../report/report-schema';

export type OfflinePayload = { ok: true; report: WaitscopeReport } | { ok: false; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseOfflinePayload(text: string | null | undefined): OfflinePayload {
  if (!text || text.trim() === '') return { ok: false, message: 'This file holds no report: its data element is missing or empty (was the file cut short?).' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The report in this file is not valid JSON (${error instanceof Error ? error.message : String(error)}): the file was edited or cut short.` };
  }
  if (!isRecord(json)) return { ok: false, message: 'The data in this file is not a waitscope report.' };
  if (json.version !== REPORT_VERSION) return { ok: false, message: `The report in this file is version ${String(json.version)}; its viewer draws version ${REPORT_VERSION} (the file was edited).` };
  if (!Array.isArray(json.datasets) || json.datasets.length === 0 || !json.datasets.every(isRecord)) return { ok: false, message: 'The report in this file has no datasets.' };
  if (!Array.isArray(json.comparisons) || typeof json.event !== 'string') return { ok: false, message: 'The report in this file lacks its comparisons or its event.' };
  return { ok: true, report: json as unknown as WaitscopeReport };
}
