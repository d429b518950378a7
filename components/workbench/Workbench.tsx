'use client';
/**
 * The page: datasets in, comparison out. It holds only view state; the files, their parsing and
 * every statistic live in the analysis worker (lib/worker), reached through useAnalysis.
 */
import { memo, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { measureLabel, valuesNoun, type Measure } from '@/lib/trace/measure';
import { ValuesNounContext } from '../values-noun';
import { measureFields } from '@/lib/worker/measure-fields';
import type { InputFile } from '@/lib/worker/protocol';
import { datasetColor } from '../charts/palette';
import { OutlierPanel, type FigureSelection } from '../outliers/OutlierPanel';
import { ProfileResults } from '../profile/ProfileResults';
import { CommitPathResults } from '../lgwr/CommitPathResults';
import { LOG_WRITE_WARNING_NOTE } from '@/lib/lgwr/lgwr-sources';
import { LOG_WRITE_WARNING } from '@/lib/trace/log-write-warning';
import { GroupResults } from '../group/GroupResults';
import { ResultsView } from '../ResultsView';
import { CellFlashLogPanel } from '../cell/CellFlashLogPanel';
import { MySharedReports } from '../share/MySharedReports';
import { KeyboardShortcuts } from '../keys/KeyboardShortcuts';
import { SharePanel } from '../share/SharePanel';
import { DatasetCard } from './DatasetCard';
import { DemoConfirm } from './DemoConfirm';
import { EventPicker } from './EventPicker';
import { useAnalysis } from './use-analysis';
import { useBookDemo } from './use-book-demo';
import { usePageDrop } from './use-page-drop';
import { useReportSchedule } from './use-report-schedule';
import { useSampleExport } from './use-sample-export';
import { useShare } from './use-share';
import { useWorkspaceUrl } from './use-workspace-url';
import { useWorkerMeasure } from './use-worker-measure';
import { useDatasetWindows } from './use-dataset-windows';
import type { WindowSpec } from './window-spec';
import { WindowControls } from './WindowControls';
import { windowText, WindowLines } from '../WindowLines';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { AppHeader } from '../layout/AppHeader';
import { DatasetChips } from '../layout/DatasetChips';
import { DownloadMenu } from '../layout/DownloadMenu';
import headerStyles from '../layout/layout.module.css';
import { comparisonTitle, useDocumentTitle } from '../layout/use-document-title';
import { isReportView } from '../layout/views';
import { ViewTabs } from '../layout/ViewTabs';
import { headlineOfComparison } from '@/lib/report/comparison-answer';
import { ExportBar } from './ExportBar';
import { MAX_DATASETS } from './url-state';
import { ViewControls } from './ViewControls';
import { INITIAL_WORKSPACE, workspaceReducer, type View } from './workspace';

/** The outlier panel redraws only when its own inputs change, not on every view change of the page (a threshold edit). */
const OutlierPanelOnce = memo(OutlierPanel);

export function Workbench() {
  const analysis = useAnalysis();
  const { statuses, progress } = analysis;
  const [ws, dispatch] = useReducer(workspaceReducer, INITIAL_WORKSPACE);
  const { slots, view } = ws;
  // Every request goes through this send, so new files are read for the measure last sent, even before it is drawn.
  const { send, measureNow } = useWorkerMeasure(view.measure, analysis.send);
  const setView = (change: Partial<View>) => dispatch({ type: 'view', change });
  useWorkspaceUrl(ws, dispatch, send);
  const demo = useBookDemo({ ws, dispatch, statuses, send });

  const addFiles = useCallback(
    (id: string, files: InputFile[]) => {
      if (files.length === 0) return;
      dispatch({ type: 'files-added' });
      send({ type: 'add-files', datasetId: id, files, ...measureNow() });
    },
    [send, measureNow],
  );
  const isEmpty = (id: string) => !statuses[id] || statuses[id]!.source === 'empty';
  const dropNote = usePageDrop(ws, dispatch, isEmpty, addFiles);

  const chooseMeasure = (measure: Measure) => {
    setView({ measure });
    send({ type: 'set-event', ...measureFields(measure) });
  };
  // Before the report is scheduled: a changed window reaches the worker before the report asked for it.
  useDatasetWindows(slots, send);
  const applyWindow = useCallback((ids: readonly string[], spec: WindowSpec) => dispatch({ type: 'window', ids, spec }), []);
  const { loading, included, baselineIndex, dataKey, report, thresholdCounts, eventNote } = useReportSchedule(analysis, ws, (event) => chooseMeasure({ kind: 'event', event }));

  // The figures colour datasets by their place in the report; a dataset not in it yet keeps its own place.
  const colorOf = (id: string, slotIndex: number) => {
    const inReport = included.findIndex((x) => x.id === id);
    return datasetColor(inReport >= 0 ? inReport : slotIndex);
  };

  // A figure selection (a clicked bucket) belongs to the data it was made on. Once the data changes (a
  // file removed, another event, Undo of Clear…) its ranges and title are stale, and the outlier panel,
  // remounted after loading, would list them again: it is dropped, and the panel shows the top waits.
  const [selected, setSelected] = useState<{ selection: FigureSelection; dataKey: string } | null>(null);
  useEffect(() => setSelected((s) => (s && s.dataKey !== dataKey ? null : s)), [dataKey]);
  const selection = selected?.dataKey === dataKey ? selected.selection : null;
  const clearSelection = useCallback(() => setSelected(null), []);
  const outlierDatasetsKey = JSON.stringify(included.map((s) => [s.id, s.label]));
  const outlierDatasets = useMemo(() => included.map((s) => ({ datasetId: s.id, label: s.label })), [outlierDatasetsKey]);
  // A share made while the profile or the statements are shown carries them (without SQL text unless ticked).
  const shareProfile = view.tab === 'profile' || view.tab === 'statements' ? { thinkTimeMicros: view.thinkTime } : undefined;
  const share = useShare(
    analysis.ask,
    {
      event: measureLabel(view.measure),
      datasets: included.map((s) => ({ datasetId: s.id, label: s.label, labelFromFolder: s.labelSource === 'folder' })),
      baseline: baselineIndex,
      thresholds: view.thresholds,
      ...(shareProfile && { profile: shareProfile }),
    },
    dataKey,
  );
  // The profile depends on the datasets' files only (not the event): the worker keeps it while they stay.
  // …and their time windows (the profile takes their From and To).
  const profileKey = JSON.stringify(included.map((s) => [s.id, statuses[s.id]!.files.map((f) => [f.name, f.bytes, f.state]), s.window ?? null]));
  // An LGWR trace in a dataset offers the Commit path view (issue 16 §2).
  const hasLgwr = included.some((s) => statuses[s.id]?.files.some((f) => f.lgwr === true));
  const baselineId = included[baselineIndex]?.id;
  const profilePairs = included.filter((s) => s.id !== baselineId && baselineId !== undefined).map((s) => ({ a: s.id, b: baselineId as string }));
  const [focusStatement, setFocusStatement] = useState<string | null>(null);

  const { exportSamples, exportProblem } = useSampleExport(analysis.exportSamples);

  const measureName = measureLabel(view.measure);
  useDocumentTitle(comparisonTitle(included.map((s) => s.label), measureName));
  const answers = report ? report.comparisons.map((c) => headlineOfComparison(report, c)) : [];
  const reportView = isReportView(view.tab);

  return (
    <div className="workbench">
      <AppHeader
        chips={<DatasetChips chips={slots.map((s, i) => ({ id: s.id, label: s.label, color: colorOf(s.id, i), baseline: view.baseline === i }))} onLabel={(id, label) => dispatch({ type: 'rename', id, label })} />}
        answers={answers}
        actions={
          <>
            <button type="button" className={headerStyles.headerButton} data-testid="share-button" aria-expanded={share.sharing} onClick={share.open} disabled={!report || analysis.computing || loading || share.sharing}>
              Share…
            </button>
            <DownloadMenu disabled={!report}>
              {/* The offline report holds what the share preview shows, so it is saved from there, under its choices. */}
              <button type="button" data-testid="offline-report-menu" onClick={share.open} disabled={analysis.computing || loading || share.sharing}>
                Offline report (HTML)…
              </button>
              {report && <ExportBar report={report} buckets={view.buckets} parquet={(datasetId, label, sqlText) => analysis.ask('parquet', { datasetId, label, sqlText })} />}
            </DownloadMenu>
          </>
        }
        tabs={<ViewTabs tab={view.tab} commitPath={hasLgwr} onTab={(tab) => setView({ tab })} />}
      />
      <div className={headerStyles.body}>
        <aside className={headerStyles.side} aria-label="Datasets">
          <section className="intro">
            <p>
              Drop Oracle 10046 trace files (or whole folders, <code>.trc</code>, <code>.trc.gz</code> or <code>.trc.xz</code>, archives <code>.zip</code>, <code>.tar</code>, <code>.tar.gz</code>, <code>.tar.xz</code>, or{' '}
              <code>strace -T</code> and fio logs) onto a dataset, or anywhere on the page. Everything is computed in this browser: no trace leaves your machine.
            </p>
            <p>
              <button type="button" className="demo-button" data-testid="demo-button" onClick={demo.start}>
                Try the book&apos;s experiment
              </button>{' '}
              <span className="hint">4,000,000 synthetic waits per setting, calibrated to Table 15.1 of the book.</span>
            </p>
            {demo.question && <DemoConfirm question={demo.question} onOthers={demo.intoOthers} onReplace={demo.replace} onCancel={demo.cancel} />}
          </section>
          <div className="datasets">
            {slots.map((s, i) => (
              <DatasetCard
                key={s.id}
                id={s.id}
                index={i}
                color={colorOf(s.id, i)}
                label={s.label}
                labelInHeader
                status={statuses[s.id]}
                progress={progress[s.id]}
                isBaseline={view.baseline === i}
                canRemove={i >= 2}
                onLabel={(label) => dispatch({ type: 'rename', id: s.id, label })}
                onBaseline={() => setView({ baseline: i })}
                onFiles={(files) => addFiles(s.id, files)}
                onCancel={() => send({ type: 'cancel', datasetId: s.id })}
                onClear={() => send({ type: 'clear', datasetId: s.id })}
                onUndoClear={() => send({ type: 'undo-clear', datasetId: s.id })}
                onRemoveFile={(name) => send({ type: 'remove-file', datasetId: s.id, name })}
                onRemove={() => {
                  send({ type: 'clear', datasetId: s.id });
                  dispatch({ type: 'remove-dataset', id: s.id });
                }}
                onExportSamples={() => void exportSamples(s.id, s.label)}
                windowNote={s.window && windowNoteOf(report, s.id)}
                onCellText={(text) => send({ type: 'cell-text', datasetId: s.id, text })}
              />
            ))}
            {slots.length < MAX_DATASETS && (
              <button type="button" className="add-dataset" onClick={() => dispatch({ type: 'add-dataset' })}>
                + Add a dataset
              </button>
            )}
          </div>
        </aside>

        <div className={headerStyles.main}>
          {analysis.failure && <p role="alert" className="failure">{analysis.failure}</p>}
          {dropNote && <p role="status" className="failure">{dropNote}</p>}
          {exportProblem && <p role="alert" className="failure">{exportProblem}</p>}
          <div className="controls">
            <EventPicker
              datasets={slots.flatMap((s, i) => (statuses[s.id] && statuses[s.id]!.source !== 'empty' ? [{ id: s.id, label: s.label, color: colorOf(s.id, i), status: statuses[s.id]! }] : []))}
              measure={view.measure}
              onMeasure={chooseMeasure}
            />
            {reportView && (
              <ViewControls
                unit={view.unit}
                buckets={view.buckets}
                topWaits={view.tab === 'tail' ? { topN: view.topN, topAxis: view.topAxis } : undefined}
                onUnit={(unit) => setView({ unit })}
                onBuckets={(buckets) => setView({ buckets })}
                onTopWaits={(t) => setView(t)}
              />
            )}
          </div>

          {included.length > 0 && <WindowControls targets={included} onApply={applyWindow} noun={valuesNoun(view.measure)} />}
          {eventNote && <p className="hint" data-testid="event-note">{eventNote}</p>}
          {view.measure.kind === 'event' && view.measure.event === LOG_WRITE_WARNING && <p className="hint" data-testid="log-write-warning-note">{LOG_WRITE_WARNING_NOTE}</p>}
          {report && share.sharing && <SharePanel report={report} prepare={share.prepare} onClose={share.close} onShared={share.onShared} />}
          <div
            className="results"
            role="tabpanel"
            id="view-panel"
            aria-labelledby={`tab-${view.tab}`}
            data-testid="results"
            data-view={view.tab}
            data-report={report && !loading ? 'shown' : 'none'}
            aria-busy={analysis.computing || loading}
            data-computing={analysis.computing ? 'yes' : 'no'}
            data-reports-built={analysis.report?.built}
            data-report-ms={analysis.report && Math.round(analysis.report.elapsedMs)}
          >
            {included.length === 0 && !loading && <p className="hint" data-testid="no-data">No data yet: drop trace files on a dataset above, or try the book&apos;s experiment.</p>}
            {analysis.computing && <p className="computing">Computing the statistics…</p>}
            {analysis.reportError && <p role="alert" className="failure">{analysis.reportError}</p>}
            {view.tab === 'commit-path' && included.length > 0 && !loading && (
              <CommitPathResults ask={analysis.ask} datasets={included.map((s) => ({ id: s.id, label: s.label }))} dataKey={profileKey} />
            )}
            {view.tab === 'groups' && included.length > 0 && !loading && (
              <GroupResults
                ask={analysis.ask}
                datasets={included.map((s) => ({ id: s.id, label: s.label, color: colorOf(s.id, slots.indexOf(s)) }))}
                pairs={profilePairs}
                dataKey={`${profileKey}|${measureName}`}
                groupKey={view.groupKey}
                onGroupKey={(groupKey) => setView({ groupKey })}
                noun={valuesNoun(view.measure)}
              />
            )}
            {(view.tab === 'profile' || view.tab === 'statements') && included.length > 0 && !loading && (
              <ProfileResults
                ask={analysis.ask}
                tab={view.tab}
                datasets={included.map((s) => ({ id: s.id, label: s.label, color: colorOf(s.id, slots.indexOf(s)) }))}
                pairs={profilePairs}
                dataKey={profileKey}
                thinkTime={view.thinkTime}
                onThinkTime={(thinkTime) => setView({ thinkTime })}
                statements={{ sort: view.statementSort, top: view.statementTop, depth: view.statementDepth, dataset: view.statementDataset }}
                onStatements={(c) => setView({
                  ...(c.sort !== undefined && { statementSort: c.sort }),
                  ...(c.top !== undefined && { statementTop: c.top }),
                  ...(c.depth !== undefined && { statementDepth: c.depth }),
                  ...(c.dataset !== undefined && { statementDataset: c.dataset }),
                })}
                onOpenStatement={(index, key) => {
                  setFocusStatement(key);
                  setView({ tab: 'statements', statementDataset: index });
                }}
                focus={focusStatement}
              />
            )}
            {report && (view.tab === 'comparison' || view.tab === 'distribution' || view.tab === 'tail') && (
              <ResultsView
                report={report}
                part={view.tab}
                exports={false}
                unit={view.unit}
                buckets={view.buckets}
                topWaits={{ count: view.topN, axis: view.topAxis }}
                thresholdCounts={thresholdCounts}
                onThresholdsChange={(thresholds) => setView({ thresholds })}
                onSelectRange={(s) => {
                  // A clicked bucket or bar lists its waits in the Outliers view.
                  setSelected({ selection: s, dataKey });
                  setView({ tab: 'outliers' });
                }}
                besideComparison={<CellFlashLogPanel report={report} unit={view.unit} datasets={slots.flatMap((s, i) => (statuses[s.id]?.cell ? [{ id: s.id, label: s.label, color: colorOf(s.id, i), cell: statuses[s.id]!.cell! }] : []))} />}
              />
            )}
            {/* The Comparison, Distribution and Tail say which window they are of (ResultsView); so do these two. */}
            {report && (view.tab === 'over-time' || view.tab === 'outliers') && <WindowLines report={report} />}
            {/* Keyed on the report shown: a new window's outliers are asked for after its table, not ahead of it in the worker.
                Mounted under every view of the report, so its lists and what was picked stay while another view is shown. */}
            {report && !loading && reportView && (
              <ValuesNounContext.Provider value={valuesNoun(view.measure)}>
                <OutlierPanelOnce
                  datasets={outlierDatasets}
                  dataKey={analysis.report?.key ?? dataKey}
                  unit={view.unit}
                  ask={analysis.ask}
                  selection={selection}
                  onClearSelection={clearSelection}
                  onUseSpan={applyWindow}
                  part={view.tab === 'over-time' || view.tab === 'outliers' ? view.tab : null}
                />
              </ValuesNounContext.Provider>
            )}
          </div>
          <MySharedReports refreshKey={share.sharedVersion} />
        </div>
      </div>
      <KeyboardShortcuts unit={view.unit} onUnit={(unit) => setView({ unit })} />
    </div>
  );
}

/** A dataset's window line from the report shown (WindowLines.tsx); null until the report of it is in. */
function windowNoteOf(report: WaitscopeReport | null, id: string): string | null {
  const d = report?.datasets.find((x) => x.id === id);
  return d && report ? windowText(d, report) : null;
}
