'use client';
/**
 * The offline report's page (issue 17 §3): a report that arrived inside an HTML file, drawn with the
 * same read-only views as a shared link (SharedReportView): the answers, the comparison table and
 * verdicts, every figure, the thresholds, the outliers as shared and the profile when it travelled.
 * Nothing here talks to a server or starts a worker: the file opens from `file://` without a network.
 */
import { useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { DisplayUnit } from '../display-units';
import { SharedOutliers } from '../outliers/SharedOutliers';
import { SharedProfile } from '../profile/SharedProfile';
import { ResultsView } from '../ResultsView';
import { isoDateTime } from '../share/share-formats';
import type { BucketMode } from '../workbench/url-state';
import { ViewControls } from '../workbench/ViewControls';

export function OfflineReport({ report }: { report: WaitscopeReport }) {
  const [unit, setUnit] = useState<DisplayUnit>('us');
  const [buckets, setBuckets] = useState<BucketMode>('log10');
  return (
    <div data-testid="offline-report">
      <h1>waitscope report</h1>
      <p className="shared-meta">
        <strong>{report.datasets.map((d) => d.label).join(' vs ')}</strong> ({report.event}), made <time dateTime={report.createdAt}>{isoDateTime(report.createdAt)}</time> with
        waitscope {report.generator.version}. A file of its own: the numbers were computed from the traces when it was written, and it opens without a
        network. It holds the derived data of a shared report, and names only what its author chose to include.
      </p>
      <div className="controls">
        <ViewControls unit={unit} buckets={buckets} onUnit={setUnit} onBuckets={setBuckets} />
      </div>
      <div className="results" data-testid="results" data-computing="no">
        <ResultsView report={report} unit={unit} buckets={buckets} />
        <SharedOutliers report={report} unit={unit} />
        {report.profile && <SharedProfile report={report} />}
      </div>
    </div>
  );
}

/** What the file shows when its report cannot be read: the reason, never a blank page. */
export function OfflineFailure({ message }: { message: string }) {
  return (
    <section className="failure-page" data-testid="offline-error">
      <h1>waitscope report</h1>
      <h2>This report cannot be shown</h2>
      <p role="alert">{message}</p>
    </section>
  );
}
