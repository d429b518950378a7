/**
 * Everything a share adds to the page's report, in one request to the worker: the report with the
 * labels as they are now and the user's thresholds, the same with each folder-made label as `Dataset N`
 * when there is one (the comparisons' texts name the datasets too), each file's SHA-256, and each
 * dataset's outliers with what co-occurred in its clusters. The report and the outlier passes are the
 * ones the page already asked for when nothing changed since (the session's caches), not new ones.
 */
import type { WindowActivity } from '../outliers/co-occurrence';
import type { OutlierWindow } from '../outliers/clusters';
import type { WaitscopeReport } from '../report/report-schema';
import { profileSectionOf } from '../report/profile-section';
import { numberedLabel, type ShareExtras } from '../report/share-content';
import type { DatasetProfile } from '../profile/profile-model';
import { outlierSection, type DatasetOutliers } from './outlier-requests';
import type { DatasetOverTime } from '../outliers/dataset-over-time';
import { sharedHeatMap } from '../report/shared-heat-map';
import type { DatasetCallProfile } from './profile-request';
import type { Questions, ReportDatasetSpec } from './protocol';
import { withThresholdCounts, type DatasetThresholdCounts } from './threshold-counts';

/** The top waits a shared report carries per dataset: as many as the outlier panel lists, so its pass is reused. */
export const SHARED_TOP_WAITS = 100;

/** What the session provides: each is the page's own request, answered from its cache when it can be. */
export interface ShareSources {
  report(spec: Questions['report']): WaitscopeReport;
  thresholdCounts(datasetIds: string[], thresholds: number[]): DatasetThresholdCounts[];
  fingerprints(datasetIds: string[]): Promise<Record<string, Record<string, string>>>;
  outliers(datasetId: string, label: string, options: { top: number; thresholds: number[] }): DatasetOutliers | null;
  coOccurrence(datasetId: string, windows: OutlierWindow[]): Promise<WindowActivity[]>;
  /** The datasets' response-time profiles (profile-request.ts), kept from the page's Profile view when it was open. */
  profiles(datasetIds: string[], thinkTimeMicros: number): Promise<DatasetCallProfile[]>;
  /** The heat maps of latency over time at the automatic interval (over-time-request.ts). */
  heatMaps(specs: ReportDatasetSpec[]): (DatasetOverTime & { datasetId: string })[];
}

export async function shareContent(src: ShareSources, r: Questions['share-content']): Promise<ShareExtras> {
  const ids = r.datasets.map((d) => d.datasetId);
  const counts = r.thresholds.length > 0 ? src.thresholdCounts(ids, r.thresholds) : [];
  // The profile is asked for only when the share is to carry it (the user was looking at it).
  const profiles = new Map<string, DatasetProfile>();
  if (r.profile) for (const p of await src.profiles(ids, r.profile.thinkTimeMicros)) if (p.profile) profiles.set(p.datasetId, p.profile);
  const withProfile = (report: WaitscopeReport): WaitscopeReport =>
    r.profile && profiles.size > 0 ? { ...report, profile: profileSectionOf(report, profiles, r.profile.thinkTimeMicros) } : report;
  const reportWith = (datasets: ReportDatasetSpec[]) => withProfile(withThresholdCounts(src.report({ event: r.event, datasets, baseline: r.baseline }), counts));
  const specs = r.datasets.map(({ datasetId, label }) => ({ datasetId, label }));
  const report = reportWith(specs);
  // A folder-made label is written into the report again as `Dataset N`, rather than searched and
  // replaced through texts. It costs a second report, only then.
  const numbered = r.datasets.some((d) => d.labelFromFolder)
    ? reportWith(r.datasets.map(({ datasetId, label, labelFromFolder }, i) => ({ datasetId, label: labelFromFolder ? numberedLabel(i) : label })))
    : undefined;
  const fingerprints = await src.fingerprints(ids);
  const outliers: ShareExtras['outliers'] = {};
  for (const spec of specs) {
    const o = src.outliers(spec.datasetId, spec.label, { top: SHARED_TOP_WAITS, thresholds: [] });
    if (!o) continue;
    // Without what co-occurred (a file no longer readable), the clusters still travel.
    const activity = o.hasTraceLines && o.analysis.windows.length > 0 ? await src.coOccurrence(o.datasetId, o.analysis.windows).catch(() => null) : null;
    outliers[o.datasetId] = outlierSection(o, activity);
  }
  // The heat map travels with the outliers, at the interval the page chose by default.
  for (const m of src.heatMaps(specs)) {
    const section = outliers[m.datasetId];
    if (section && m.intervals > 0) outliers[m.datasetId] = { ...section, heatMap: sharedHeatMap(m) };
  }
  return { report, ...(numbered && { numberedLabels: numbered }), fingerprints, outliers };
}
