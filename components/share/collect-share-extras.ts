/**
 * What only the worker can add before sharing: a fresh report with the labels as they are now (the
 * comparison texts name the datasets too), the same with each folder-made label as `Dataset N` when
 * there is one, each file's SHA-256, and each dataset's outliers with what
 * co-occurred in its clusters. A plain function of the worker protocol, so the payload tests drive the
 * very steps the page takes (test/share/share-payload.test.ts).
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { numberedLabel, type ShareExtras } from '@/lib/report/share-content';
import { outlierSection } from '@/lib/worker/outlier-requests';
import type { Ask, ReportDatasetSpec } from '@/lib/worker/protocol';
import { withThresholdCounts } from '@/lib/worker/threshold-counts';


export interface ShareDatasetSpec extends ReportDatasetSpec {
  /** The label was made from a dropped folder's name (and not typed since): see numberedLabels. */
  labelFromFolder?: boolean;
}

export interface ShareRequest {
  event: string;
  datasets: ShareDatasetSpec[];
  baseline: number;
  thresholds: number[];
}

/** The top waits a shared report carries per dataset. */
export const SHARED_TOP_WAITS = 100;

export async function collectShareExtras(ask: Ask, r: ShareRequest): Promise<ShareExtras | string> {
  const specs = r.datasets.map(({ datasetId, label }) => ({ datasetId, label }));
  // The user's thresholds travel with the report, counted as the page counts them.
  const counted = r.thresholds.length === 0
    ? null
    : await ask('threshold-counts', { event: r.event, datasetIds: specs.map((s) => s.datasetId), thresholds: r.thresholds });
  if (counted && counted.type !== 'threshold-counts') return counted.message;
  const reportWith = async (datasets: ReportDatasetSpec[]) => {
    const reply = await ask('report', { event: r.event, datasets, baseline: r.baseline });
    return reply.type === 'report' && counted ? { ...reply, report: withThresholdCounts(reply.report, counted.counts) } : reply;
  };
  const fresh = await reportWith(specs);
  if (fresh.type !== 'report') return fresh.message;
  // The comparisons' texts name the datasets (the resampling note, the warnings; a viewer writes the
  // answer sentence from the labels): for a folder-made label the worker writes the report again with
  // `Dataset N`, rather than a search-and-replace through texts. It costs a second report, only then.
  let numbered: WaitscopeReport | undefined;
  if (r.datasets.some((d) => d.labelFromFolder)) {
    const again = await reportWith(r.datasets.map(({ datasetId, label, labelFromFolder }, i) => ({ datasetId, label: labelFromFolder ? numberedLabel(i) : label })));
    if (again.type !== 'report') return again.message;
    numbered = again.report;
  }
  const hashes = await ask('fingerprints', { datasetIds: r.datasets.map((s) => s.datasetId) });
  if (hashes.type !== 'fingerprints') return hashes.message;
  const found = await ask('outliers', { datasets: specs, top: SHARED_TOP_WAITS, thresholds: [] });
  if (found.type !== 'outliers') return found.message;
  const outliers: ShareExtras['outliers'] = {};
  for (const o of found.results) {
    const act = o.hasTraceLines && o.analysis.windows.length > 0
      ? await ask('co-occurrence', { datasetId: o.datasetId, windows: o.analysis.windows })
      : null;
    outliers[o.datasetId] = outlierSection(o, act?.type === 'co-occurrence' ? act.activity : null);
  }
  return { report: fresh.report, ...(numbered && { numberedLabels: numbered }), fingerprints: hashes.files, outliers };
}
