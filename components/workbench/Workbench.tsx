'use client';
/**
 * The page: datasets in, comparison out. It holds only view state; the files, their parsing and
 * every statistic live in the analysis worker (lib/worker), reached through useAnalysis.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { DatasetStatus, InputFile } from '@/lib/worker/protocol';
import { datasetColor } from '../charts/palette';
import { OutlierPanel, type FigureSelection } from '../outliers/OutlierPanel';
import { ResultsView } from '../ResultsView';
import { MySharedReports } from '../share/MySharedReports';
import { SharePanel } from '../share/SharePanel';
import { collectShareExtras } from '../share/collect-share-extras';
import { DatasetCard } from './DatasetCard';
import { DemoConfirm } from './DemoConfirm';
import { defaultLabel, type Slot as DatasetSlot } from './demo-plan';
import { filesFromDrop, groupByTopFolder } from './drop-files';
import { download } from '../download';
import { EventPicker } from './EventPicker';
import { useAnalysis } from './use-analysis';
import { useAutoEvent } from './use-auto-event';
import { useBookDemo } from './use-book-demo';
import { useThresholdCounts } from './use-threshold-counts';
import { DEFAULT_LABELS, DEFAULT_VIEW, formatViewState, MAX_DATASETS, parseViewState, type ViewState } from './url-state';
import { ViewControls } from './ViewControls';

/** The datasets of a URL's view: the URL says which labels were made from a folder's name (LabelSource). */
const slotsOf = (labels: string[], folderLabels: readonly number[] = []): DatasetSlot[] =>
  labels.map((label, i) => ({ id: `d${i + 1}`, label, labelSource: folderLabels.includes(i) ? 'folder' : label === defaultLabel(i) ? 'default' : 'typed' }));

/** The report with the labels as they are now: renaming a dataset needs no new statistics. */
function relabel(report: WaitscopeReport, slots: DatasetSlot[]): WaitscopeReport {
  const label = new Map(slots.map((s) => [s.id, s.label]));
  return { ...report, datasets: report.datasets.map((d) => ({ ...d, label: label.get(d.id) ?? d.label })) };
}

/** The outlier panel redraws only when its own inputs change, not on every view change of the page (a threshold edit). */
const OutlierPanelOnce = memo(OutlierPanel);

export function Workbench() {
  const analysis = useAnalysis();
  const { statuses, progress, send, requestReport, clearReport } = analysis;
  const [view, setView] = useState<ViewState>(DEFAULT_VIEW);
  const [slots, setSlots] = useState<DatasetSlot[]>(slotsOf(DEFAULT_LABELS));
  const [loadedUrl, setLoadedUrl] = useState(false);
  const viewEvent = useRef(view.event);
  viewEvent.current = view.event;
  const nextId = useRef(3);

  const demo = useBookDemo({ slots, setSlots, statuses, setView, send, event: viewEvent, nextId });

  // The URL is read once, after hydration (the server render cannot see it).
  const readUrl = useRef(false);
  useEffect(() => {
    if (readUrl.current) return; // StrictMode runs mount effects twice in development
    readUrl.current = true;
    const parsed = parseViewState(window.location.search);
    const v = parsed.demo ? { ...parsed, event: 'log file sync' } : parsed; // the demo's waits are 'log file sync'
    setView(v);
    setSlots(slotsOf(v.labels, v.folderLabels));
    nextId.current = v.labels.length + 1;
    setLoadedUrl(true);
    if (v.demo) {
      send({ type: 'demo', datasetId: 'd1', preset: 'flash-on', event: 'log file sync' });
      send({ type: 'demo', datasetId: 'd2', preset: 'flash-off', event: 'log file sync' });
    }
  }, [send]);

  useEffect(() => {
    if (!loadedUrl) return;
    const search = formatViewState({ ...view, labels: slots.map((s) => s.label), folderLabels: slots.flatMap((s, i) => (s.labelSource === 'folder' ? [i] : [])) });
    if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}`);
  }, [view, slots, loadedUrl]);

  const addFiles = useCallback(
    (id: string, files: InputFile[]) => {
      if (files.length === 0) return;
      setView((v) => ({ ...v, demo: false }));
      send({ type: 'add-files', datasetId: id, files, event: view.event });
    },
    [send, view.event],
  );

  const [dropNote, setDropNote] = useState<string | null>(null);
  const onPageDrop = async (data: DataTransfer) => {
    const groups = [...groupByTopFolder(await filesFromDrop(data))].sort(([a], [b]) => a.localeCompare(b));
    if (groups.length === 0) return;
    const isEmpty = (s: DatasetSlot) => !statuses[s.id] || statuses[s.id]!.source === 'empty';
    setDropNote(null);
    if (groups.length === 1) {
      const target = slots.find(isEmpty) ?? slots[0]!;
      addFiles(target.id, groups[0]![1]);
      return;
    }
    // Several folders at once: one dataset per folder, named after it. Empty datasets are used first,
    // then new ones up to the limit; a dataset holding data is never mixed with a new run.
    const empty = slots.filter(isEmpty);
    const all = [...slots];
    const targets: string[] = [];
    for (const [folder] of groups) {
      let slot = empty.shift();
      if (!slot && all.length < MAX_DATASETS) {
        slot = { id: `d${nextId.current++}`, label: folder, labelSource: 'folder' };
        all.push(slot);
      }
      if (!slot) break;
      targets.push(slot.id);
    }
    const named = new Map(targets.map((id, i) => [id, groups[i]![0]]));
    setSlots(all.map((s) => (named.get(s.id) ? { ...s, label: named.get(s.id)!, labelSource: 'folder' } : s)));
    targets.forEach((id, i) => addFiles(id, groups[i]![1]));
    const left = groups.slice(targets.length).map(([folder]) => folder || '(loose files)');
    if (left.length > 0) {
      setDropNote(`Not loaded: ${left.join(', ')}. There are at most ${MAX_DATASETS} datasets and the others hold data: clear one, then drop ${left.length === 1 ? 'it' : 'them'} again.`);
    }
  };
  // Files dropped anywhere on the page (outside a dataset, which stops the event) land here.
  const pageDrop = useRef(onPageDrop);
  pageDrop.current = onPageDrop;
  useEffect(() => {
    const over = (e: globalThis.DragEvent) => e.preventDefault(); // else the browser opens the file
    const dropped = (e: globalThis.DragEvent) => {
      e.preventDefault();
      if (e.dataTransfer) void pageDrop.current(e.dataTransfer);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', dropped);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', dropped);
    };
  }, []);

  // A new report whenever the loaded data or what the report depends on changes, once nothing is loading.
  const slotStatuses = slots.map((s) => statuses[s.id]).filter((s): s is DatasetStatus => s !== undefined);
  const loading = slotStatuses.some((s) => s.state === 'loading');
  const included = slots.filter((s) => statuses[s.id] && statuses[s.id]!.source !== 'empty' && statuses[s.id]!.state !== 'loading');
  const chooseEvent = (event: string) => {
    setView((v) => ({ ...v, event }));
    send({ type: 'set-event', event });
  };
  const autoEvent = useAutoEvent(included.map((s) => statuses[s.id]!), view.event, loading, chooseEvent);
  const baselineId = slots[view.baseline]?.id;
  const baselineIndex = Math.max(0, included.findIndex((s) => s.id === baselineId));
  // What the report depends on; not the thresholds, which are counted apart (useThresholdCounts).
  const dataKey = JSON.stringify([included.map((s) => [s.id, statuses[s.id]!.waits, statuses[s.id]!.files.length, statuses[s.id]!.event, statuses[s.id]!.state]), view.event, baselineIndex]);
  useEffect(() => {
    if (loading || autoEvent.pending) return;
    if (included.length === 0) {
      clearReport();
      return;
    }
    void requestReport({ event: view.event, datasets: included.map((s) => ({ datasetId: s.id, label: s.label })), baseline: baselineIndex }, dataKey);
    // The key holds everything the report depends on; labels are applied at render time.
  }, [dataKey, loading, autoEvent.pending]);

  const report = useMemo(() => (analysis.report ? relabel(analysis.report.report, slots) : null), [analysis.report, slots]);
  const thresholdCounts = useThresholdCounts(
    analysis.ask,
    analysis.report && !loading ? { key: analysis.report.key, event: view.event, datasetIds: analysis.report.report.datasets.map((d) => d.id), thresholds: view.thresholds } : null,
  );

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
  const [sharing, setSharing] = useState(false);
  const [sharedVersion, setSharedVersion] = useState(0);
  const { ask } = analysis;
  const latestIncluded = useRef(included);
  latestIncluded.current = included;
  const prepareShare = useCallback(
    // dataKey stands for the data (and `included`); the labels are read when Share is pressed.
    () => collectShareExtras(ask, { event: view.event, datasets: latestIncluded.current.map((s) => ({ datasetId: s.id, label: s.label, labelFromFolder: s.labelSource === 'folder' })), baseline: baselineIndex, thresholds: view.thresholds }),
    [ask, dataKey],
  );

  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const exportSamples = async (id: string, label: string) => {
    const reply = await analysis.exportSamples(id);
    if (reply.type === 'samples') download(`waitscope-samples-${label.replace(/[^A-Za-z0-9]+/g, '-')}.csv`, reply.blob);
    setExportProblem(reply.type === 'samples' ? null : `The samples of ${label} could not be exported: ${reply.message}`);
  };

  return (
    <div className="workbench">
      <section className="intro">
        <p>
          Drop Oracle 10046 trace files (or whole folders, <code>.trc</code> or <code>.trc.gz</code>) onto a dataset, or anywhere on
          the page. Everything is computed in this browser: no trace leaves your machine.
        </p>
        <button type="button" className="demo-button" data-testid="demo-button" onClick={demo.start}>
          Try the book&apos;s experiment
        </button>{' '}
        <span className="hint">4,000,000 synthetic waits per setting, calibrated to Table 15.1 of the book.</span>
        {demo.question && <DemoConfirm question={demo.question} onOthers={demo.intoOthers} onReplace={demo.replace} onCancel={demo.cancel} />}
      </section>
      {analysis.failure && <p role="alert" className="failure">{analysis.failure}</p>}
      {dropNote && <p role="status" className="failure">{dropNote}</p>}
      {exportProblem && <p role="alert" className="failure">{exportProblem}</p>}

      <div className="datasets">
        {slots.map((s, i) => (
          <DatasetCard
            key={s.id}
            id={s.id}
            index={i}
            color={colorOf(s.id, i)}
            label={s.label}
            status={statuses[s.id]}
            progress={progress[s.id]}
            isBaseline={view.baseline === i}
            canRemove={i >= 2}
            onLabel={(label) => setSlots((all) => all.map((x) => (x.id === s.id ? { ...x, label, labelSource: 'typed' } : x)))}
            onBaseline={() => setView((v) => ({ ...v, baseline: i }))}
            onFiles={(files) => addFiles(s.id, files)}
            onCancel={() => send({ type: 'cancel', datasetId: s.id })}
            onClear={() => send({ type: 'clear', datasetId: s.id })}
            onUndoClear={() => send({ type: 'undo-clear', datasetId: s.id })}
            onRemoveFile={(name) => send({ type: 'remove-file', datasetId: s.id, name })}
            onRemove={() => {
              send({ type: 'clear', datasetId: s.id });
              setSlots((all) => all.filter((x) => x.id !== s.id));
              setView((v) => ({ ...v, baseline: v.baseline === i ? 0 : v.baseline > i ? v.baseline - 1 : v.baseline }));
            }}
            onExportSamples={() => void exportSamples(s.id, s.label)}
          />
        ))}
        {slots.length < MAX_DATASETS && (
          <button type="button" className="add-dataset" onClick={() => setSlots((all) => [...all, { id: `d${nextId.current++}`, label: defaultLabel(all.length), labelSource: 'default' }])}>
            + Add a dataset
          </button>
        )}
      </div>

      <div className="controls">
        <EventPicker
          datasets={slots.flatMap((s, i) => (statuses[s.id] && statuses[s.id]!.source !== 'empty' ? [{ id: s.id, label: s.label, color: colorOf(s.id, i), status: statuses[s.id]! }] : []))}
          event={view.event}
          onEvent={chooseEvent}
        />
        <ViewControls
          unit={view.unit}
          buckets={view.buckets}
          topWaits={{ topN: view.topN, topAxis: view.topAxis }}
          onUnit={(unit) => setView((v) => ({ ...v, unit }))}
          onBuckets={(buckets) => setView((v) => ({ ...v, buckets }))}
          onTopWaits={(t) => setView((v) => ({ ...v, ...t }))}
        />
      </div>

      {autoEvent.note && <p className="hint" data-testid="event-note">{autoEvent.note}</p>}
      <div
        className="results"
        data-testid="results"
        aria-busy={analysis.computing || loading}
        data-computing={analysis.computing ? 'yes' : 'no'}
        data-reports-built={analysis.report?.built}
        data-report-ms={analysis.report && Math.round(analysis.report.elapsedMs)}
      >
        {analysis.computing && <p className="computing">Computing the statistics…</p>}
        {analysis.reportError && <p role="alert" className="failure">{analysis.reportError}</p>}
        {report && !sharing && (
          <button type="button" className="share-button" data-testid="share-button" onClick={() => setSharing(true)} disabled={analysis.computing || loading}>
            Share…
          </button>
        )}
        {report && sharing && (
          <SharePanel report={report} prepare={prepareShare} onClose={() => setSharing(false)} onShared={() => setSharedVersion((v) => v + 1)} />
        )}
        {report && (
          <ResultsView
            report={report}
            unit={view.unit}
            buckets={view.buckets}
            topWaits={{ count: view.topN, axis: view.topAxis }}
            thresholdCounts={thresholdCounts}
            onThresholdsChange={(thresholds) => setView((v) => ({ ...v, thresholds }))}
            onSelectRange={(s) => setSelected({ selection: s, dataKey })}
          />
        )}
        {report && !loading && (
          <OutlierPanelOnce datasets={outlierDatasets} dataKey={dataKey} unit={view.unit} ask={analysis.ask} selection={selection} onClearSelection={clearSelection} />
        )}
      </div>
      <MySharedReports refreshKey={sharedVersion} />
    </div>
  );
}
