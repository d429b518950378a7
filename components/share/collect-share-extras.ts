/**
 * What only the worker can add before sharing: a fresh report with the labels as they are now (the
 * comparison texts name the datasets too), each file's SHA-256, and each dataset's outliers with what
 * co-occurred in its clusters. A plain function of the worker protocol, so the payload tests drive the
 * very steps the page takes (test/share/share-payload.test.ts).
 */
import type { ShareExtras } from '@/lib/report/share-content';
import { outlierSection } from '@/lib/worker/outlier-requests';
import type { ReportDatasetSpec, WorkerRequest, WorkerResponse } from '@/lib/worker/protocol';

type Failed = Extract<WorkerResponse, { type: 'request-failed' }>;
/** Sends one request and resolves with its reply (use-analysis's `ask`). */
export type Ask = <T extends Extract<WorkerResponse, { requestId: number }>>(make: (requestId: number) => WorkerRequest) => Promise<T | Failed>;

export interface ShareRequest {
  event: string;
  datasets: ReportDatasetSpec[];
  baseline: number;
  thresholds: number[];
}

/** The top waits a shared report carries per dataset. */
export const SHARED_TOP_WAITS = 100;

export async function collectShareExtras(ask: Ask, r: ShareRequest): Promise<ShareExtras | string> {
  const fresh = await ask<Extract<WorkerResponse, { type: 'report' }>>((requestId) => ({ type: 'report', requestId, ...r }));
  if (fresh.type !== 'report') return fresh.message;
  const hashes = await ask<Extract<WorkerResponse, { type: 'fingerprints' }>>((requestId) => ({ type: 'fingerprints', requestId, datasetIds: r.datasets.map((s) => s.datasetId) }));
  if (hashes.type !== 'fingerprints') return hashes.message;
  const found = await ask<Extract<WorkerResponse, { type: 'outliers' }>>((requestId) => ({ type: 'outliers', requestId, datasets: r.datasets, top: SHARED_TOP_WAITS, thresholds: [] }));
  if (found.type !== 'outliers') return found.message;
  const outliers: ShareExtras['outliers'] = {};
  for (const o of found.results) {
    const act = o.hasTraceLines && o.analysis.windows.length > 0
      ? await ask<Extract<WorkerResponse, { type: 'co-occurrence' }>>((requestId) => ({ type: 'co-occurrence', requestId, datasetId: o.datasetId, windows: o.analysis.windows }))
      : null;
    outliers[o.datasetId] = outlierSection(o, act?.type === 'co-occurrence' ? act.activity : null);
  }
  return { report: fresh.report, fingerprints: hashes.files, outliers };
}
