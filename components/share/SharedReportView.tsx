'use client';
/**
 * /r/<id>#k=<key>: fetch the ciphertext, decrypt it here with the key from the fragment, validate it,
 * then take the key out of the address bar (so it is not left in history or screenshots) and draw the
 * same results view, read-only. Local traces can be dropped as another dataset: they are parsed and
 * compared in this browser and nothing new is uploaded.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { joinLocalDatasets } from '@/lib/report/compare-with-shared';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { keyFromFragment, openReport } from '@/lib/share';
import type { InputFile } from '@/lib/worker/protocol';
import { withThresholdCounts } from '@/lib/worker/threshold-counts';
import type { DisplayUnit } from '../display-units';
import { SharedOutliers } from '../outliers/SharedOutliers';
import { SharedProfile } from '../profile/SharedProfile';
import { ResultsView } from '../ResultsView';
import { userThresholds } from '../ThresholdTable';
import { datasetColor } from '../charts/palette';
import { DatasetCard } from '../workbench/DatasetCard';
import { useAnalysis } from '../workbench/use-analysis';
import { useThresholdCounts } from '../workbench/use-threshold-counts';
import type { BucketMode } from '../workbench/url-state';
import { ViewControls } from '../workbench/ViewControls';
import { fetchReport } from './share-api';
import { isoDateTime } from './share-formats';

/** `final`: retrying cannot help (no such report, wrong key), so the key may leave the address bar. */
type Loaded = { state: 'loading' } | { state: 'failed'; title: string; message: string; final: boolean } | { state: 'ready'; report: WaitscopeReport };

const LOCAL_ID = 'local';

async function load(id: string, hash: string): Promise<Loaded> {
  const key = keyFromFragment(hash);
  if (key === null) {
    return { state: 'failed', title: 'This link has no key', message: 'A shared report link ends with #k=… (the key that decrypts it). Ask the sender for the whole link.', final: true };
  }
  if (!window.isSecureContext || !crypto.subtle) {
    return { state: 'failed', title: 'This page needs HTTPS', message: 'Shared reports are decrypted in the browser, which needs HTTPS (or localhost); this page was opened over plain HTTP.', final: false };
  }
  const fetched = await fetchReport(id);
  if (!fetched.ok) {
    return fetched.status === 404
      ? { state: 'failed', title: 'No such report', message: 'This report does not exist, has expired, or was deleted by the person who shared it.', final: true }
      : { state: 'failed', title: 'The report could not be loaded', message: `${fetched.message}. Try again in a moment: the link still holds its key.`, final: false };
  }
  const opened = await openReport(fetched.bytes, key);
  if (!opened.ok) {
    const title = opened.error.code === 'wrong-key-or-tampered' || opened.error.code === 'malformed-key' ? 'Wrong key' : 'The report could not be opened';
    return { state: 'failed', title, message: opened.error.message, final: true };
  }
  return { state: 'ready', report: opened.report };
}

export function SharedReportView({ id }: { id: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [unit, setUnit] = useState<DisplayUnit>('us');
  const [buckets, setBuckets] = useState<BucketMode>('log10');
  const [label, setLabel] = useState('My traces');
  const analysis = useAnalysis();
  const { statuses, progress, send, requestReport } = analysis;

  useEffect(() => {
    let live = true;
    void load(id, window.location.hash).then((result) => {
      if (!live) return;
      // The key has done its work (or cannot): take it out of the address bar and history entry.
      // After a network or server error it stays, so a reload can try again.
      const done = result.state === 'ready' || (result.state === 'failed' && result.final);
      if (done && window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
      setLoaded(result);
    });
    return () => void (live = false);
  }, [id]);

  const shared = loaded.state === 'ready' ? loaded.report : null;
  const local = statuses[LOCAL_ID];
  const localKey = local && local.state !== 'loading' && local.waits > 0 ? `${local.waits}/${local.files.length}/${local.state}` : null;
  useEffect(() => {
    if (!shared || localKey === null) return;
    void requestReport({ event: shared.event, datasets: [{ datasetId: LOCAL_ID, label }], baseline: 0 }, localKey);
    // Label changes are applied below without recomputing, so the label is not a dependency.
  }, [localKey, shared, requestReport]);
  // The shared report's own thresholds, counted in the local dataset too.
  const mineReady = analysis.report && analysis.report.key === localKey ? analysis.report : null;
  const localCounts = useThresholdCounts(
    analysis.ask,
    shared && mineReady ? { key: mineReady.key, event: shared.event, datasetIds: [LOCAL_ID], thresholds: userThresholds(shared) } : null,
  );

  const view = useMemo(() => {
    if (!shared) return null;
    const mine = analysis.report?.report;
    // Only a local report of the files as they are now (not one from before more files were dropped).
    if (!mine || localKey === null || mine.datasets[0]?.summary.count !== local?.waits) return shared;
    const relabelled = withThresholdCounts({ ...mine, datasets: mine.datasets.map((d) => ({ ...d, label })) }, localCounts);
    return joinLocalDatasets(shared, relabelled);
  }, [shared, analysis.report, localKey, label, localCounts]);

  const onFiles = useCallback((files: InputFile[]) => {
    // Your files are read for what the shared report measured: its event, or its call or commit measure.
    if (shared) send({ type: 'add-files', datasetId: LOCAL_ID, files, event: shared.event, ...(shared.measure && { measure: shared.measure }) });
  }, [send, shared]);

  if (loaded.state === 'loading') return <p className="computing" data-testid="shared-loading">Fetching and decrypting the report…</p>;
  if (loaded.state === 'failed') {
    return (
      <section className="failure-page" data-testid="shared-error">
        <h2>{loaded.title}</h2>
        <p>{loaded.message}</p>
        {!loaded.final && (
          <p>
            <button type="button" onClick={() => window.location.reload()}>Try again</button>
          </p>
        )}
        <p><a href="/">Open waitscope</a> to analyse your own traces.</p>
      </section>
    );
  }
  const r = loaded.report;
  return (
    <div data-testid="shared-report">
      <p className="shared-meta">
        Shared report of <strong>{r.datasets.map((d) => d.label).join(' vs ')}</strong> ({r.event}), made <time dateTime={r.createdAt}>{isoDateTime(r.createdAt)}</time> with
        waitscope {r.generator.version}. Read-only: the numbers were computed by the sender from their traces; this page only decrypted them.
      </p>
      <div className="controls">
        <ViewControls unit={unit} buckets={buckets} onUnit={setUnit} onBuckets={setBuckets} />
      </div>
      <section className="compare-local">
        <h2>Compare my traces with this report</h2>
        <p className="hint">
          Your files are parsed in this browser and never uploaded. Your dataset&apos;s statistics are exact; its comparison with the shared datasets uses their
          exact summaries (differences, Welch&apos;s test on the mean), since a shared report has no samples to resample.
        </p>
        <DatasetCard
          id={LOCAL_ID}
          index={r.datasets.length}
          color={datasetColor(r.datasets.length)}
          label={label}
          status={local}
          progress={progress[LOCAL_ID]}
          isBaseline={null}
          canRemove={false}
          onLabel={setLabel}
          onBaseline={() => {}}
          onFiles={onFiles}
          onCancel={() => send({ type: 'cancel', datasetId: LOCAL_ID })}
          onClear={() => send({ type: 'clear', datasetId: LOCAL_ID })}
          onRemove={() => {}}
          onExportSamples={() => {}}
        />
      </section>
      {analysis.failure && <p role="alert" className="failure">{analysis.failure}</p>}
      {analysis.reportError && <p role="alert" className="failure">{analysis.reportError}</p>}
      {analysis.computing && <p className="computing">Computing the statistics of your traces…</p>}
      <div className="results" data-testid="results" data-computing={analysis.computing ? 'yes' : 'no'}>
        {view && <ResultsView report={view} unit={unit} buckets={buckets} />}
        {shared && <SharedOutliers report={shared} unit={unit} />}
        {shared?.profile && <SharedProfile report={shared} />}
      </div>
    </div>
  );
}
