'use client';
import { capitalized } from '@/lib/stats/minimum-counts';
/**
 * Issue 6: from a slow wait to its trace line, its moment, and what happened around it. Lists come
 * from the worker (the top waits by default, or the waits of a clicked bucket or a brushed time
 * window); a row opens its trace lines; clusters list what co-occurred; the timeline shows them all.
 */
import { useEffect, useRef, useState } from 'react';
import type { WindowSummary } from '@/lib/outliers/analyze';
import type { TraceContext } from '@/lib/outliers/context';
import type { DatasetOutliers, DatasetRow, SelectionPage, SelectionPart } from '@/lib/worker/outlier-requests';
import type { Ask, ReportDatasetSpec } from '@/lib/worker/protocol';
import { TimelineFigure } from '../charts/TimelineFigure';
import { download as save } from '../download';
import { formatTime, type DisplayUnit } from '../display-units';
import { ClusterList, type DatasetClusters } from './ClusterList';
import { ContextView } from './ContextView';
import { LatencyOverTime } from './LatencyOverTime';
import { OutlierWarnings } from './OutlierWarnings';
import { windowHeading, type FigureSelection } from './figure-selection';
import { PAGE_ROWS, SelectionList } from './SelectionList';
import { TopWaitLists } from './TopWaitLists';
import { SpanWindowAction, type BrushedSpan } from './SpanWindowAction';
import type { WindowSpec } from '../workbench/window-spec';
import { singular, useValuesNoun } from '../values-noun';


export type { FigureSelection } from './figure-selection';

interface Props {
  datasets: ReportDatasetSpec[];
  /** Changes whenever the data behind the report changes. */
  dataKey: string;
  unit: DisplayUnit;
  ask: Ask;
  selection: FigureSelection | null;
  onClearSelection: () => void;
  /** Makes a brushed span the analysis window of these datasets (issue 15 §1); absent: no such action. */
  onUseSpan?: (datasetIds: string[], spec: WindowSpec) => void;
  /**
   * The view drawn (components/layout/views.ts): the waits over time (heat maps, timeline, and the
   * waits brushed there), or the outliers (lists, trace lines, clusters); null: none, while another
   * view is shown, the panel keeps its lists and what was picked.
   */
  part?: OutlierPart | null;
}

export type OutlierPart = 'over-time' | 'outliers';

/** The list under the timeline: each dataset's top waits, or the waits of a selection a page at a time. */
type Listing = { kind: 'top' } | { kind: 'selection'; heading: string; parts: SelectionPart[]; page: SelectionPage | null };

const TOP = 100;
const FIVE_HUNDRED_MS = 500_000;

/** lo–hi with the unit, or "lo and up" for Oracle's open top bucket (hi = Infinity). */
function rangeText(lo: number, hi: number, unit: DisplayUnit): string {
  return Number.isFinite(hi) ? `${formatTime(lo, unit)}–${formatTime(hi, unit, { withUnit: true })}` : `${formatTime(lo, unit, { withUnit: true })} and up`;
}

export function OutlierPanel({ datasets, dataKey, unit, ask, selection, onClearSelection, onUseSpan, part = 'outliers' }: Props) {
  const [brushed, setBrushed] = useState<BrushedSpan | null>(null);
  const noun = useValuesNoun();
  const [outliers, setOutliers] = useState<DatasetOutliers[] | null>(null);
  const [listing, setListing] = useState<Listing>({ kind: 'top' });
  const [download, setDownload] = useState<'idle' | 'writing' | { problem: string }>('idle');
  const [clusters, setClusters] = useState<DatasetClusters[]>([]);
  const [picked, setPicked] = useState<DatasetRow | null>(null);
  const [context, setContext] = useState<TraceContext | string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picks = useRef(0);
  const lists = useRef(0);
  const labels = useRef(datasets);
  labels.current = datasets;
  // Ids, not labels: renaming a dataset must not recompute its outliers. The worker's results and
  // lists carry the labels of when they were asked for; what is shown (and the CSV) takes them from `datasets`.
  const idKey = datasets.map((d) => d.datasetId).join(',');
  const labelOf = (id: string) => datasets.find((d) => d.datasetId === id)?.label ?? id;
  const withLabelsNow = (parts: SelectionPart[]) => parts.map((p) => ({ ...p, label: labelOf(p.datasetId) }));

  useEffect(() => {
    let live = true;
    setPicked(null);
    setContext(null);
    setProblem(null);
    setOutliers(null);
    setBrushed(null);
    lists.current++; // a page of the old data still on its way is dropped
    setListing({ kind: 'top' });
    const specs = labels.current;
    void ask('outliers', { datasets: specs, top: TOP, thresholds: [] }).then(async (reply) => {
      if (!live) return;
      if (reply.type !== 'outliers') return setProblem(`The outliers could not be listed: ${reply.message}`);
      setOutliers(reply.results);
      setClusters(reply.results.map((r) => ({ datasetId: r.datasetId, threshold: r.analysis.threshold, thresholdNote: r.analysis.thresholdNote, minCount: r.analysis.minCount, outliers: r.analysis.outliers, windows: r.analysis.windows, activity: null, activityProblem: null, hasTraceLines: r.hasTraceLines })));
      for (const r of reply.results) {
        if (!r.hasTraceLines || r.analysis.windows.length === 0) continue;
        const act = await ask('co-occurrence', { datasetId: r.datasetId, windows: r.analysis.windows });
        if (!live) return; // a newer request owns the panel: start no more passes over the files
        setClusters((all) =>
          all.map((c) => (c.datasetId !== r.datasetId ? c : act.type === 'co-occurrence' ? { ...c, activity: act.activity } : { ...c, activityProblem: act.message })),
        );
      }
    });
    return () => void (live = false);
  }, [dataKey, idKey, ask]);

  /** Page `offset` of a list; a reply to an older list or page is dropped. */
  const showPage = async (heading: string, parts: SelectionPart[], offset: number) => {
    const mine = ++lists.current;
    setProblem(null);
    const reply = await ask('select', { parts, offset, limit: PAGE_ROWS });
    if (mine !== lists.current) return;
    if (reply.type !== 'selection') return setProblem(`Those waits could not be listed: ${reply.message}`);
    setListing({ kind: 'selection', heading, parts, page: reply.page });
  };

  const select = (heading: string, parts: { datasetId: string; by: SelectionPart['by'] }[]) => {
    const known = parts.flatMap((p) => labels.current.filter((d) => d.datasetId === p.datasetId).map((d) => ({ ...p, label: d.label })));
    setDownload('idle');
    setListing({ kind: 'selection', heading, parts: known, page: null });
    void showPage(heading, known, 0);
  };

  const downloadCsv = async (parts: SelectionPart[]) => {
    setDownload('writing');
    const reply = await ask('export-selection', { parts: withLabelsNow(parts) });
    if (reply.type !== 'selection-csv') return setDownload({ problem: `The CSV could not be written: ${reply.message}` });
    save('waitscope-listed-waits.csv', reply.blob);
    setDownload('idle');
  };

  const backToTop = () => {
    lists.current++;
    setListing({ kind: 'top' });
    onClearSelection();
  };

  useEffect(() => {
    if (!selection) return;
    select(`Waits of ${rangeText(selection.lo, selection.hi, unit)} in ${selection.where}`, selection.ranges.map((r) => ({ datasetId: r.datasetId, by: { kind: 'range', lo: r.lo, hi: r.hi } })));
    // A new selection object is a new click; unit changes only relabel.
  }, [selection]);

  const pick = async (row: DatasetRow) => {
    const mine = ++picks.current; // replies to older clicks are dropped (a .gz context is slow)
    setPicked(row);
    setContext(null);
    const has = outliers?.find((o) => o.datasetId === row.datasetId)?.hasTraceLines;
    if (!has) return setContext('This wait is synthetic (the book demo): there is no trace line to show.');
    const reply = await ask('context', { datasetId: row.datasetId, fileIndex: row.fileIndex, offset: row.offset, line: row.line, before: 30, after: 10 });
    if (mine !== picks.current) return;
    setContext(reply.type === 'context' ? reply.context : reply.message);
  };

  const onWindow = (c: DatasetClusters, w: WindowSummary) => {
    if (w.kind === 'tim') return;
    const kind = w.kind === 'utc' ? 'utc' : 'local';
    // The title goes on with the dataset's current label and count (SelectionList): no label frozen in here.
    select(`Waits in the cluster ${w.startIso ?? ''} – ${w.endIso ?? ''}`, [{ datasetId: c.datasetId, by: { kind: 'window', kindOfTime: kind, fromMs: w.start / 1000, toMs: w.end / 1000 } }]);
  };

  const timeline = (outliers ?? []).filter((o) => o.timeline.kind !== 'none');
  const timeKind = timeline[0]?.timeline.kind === 'utc' ? 'utc' : 'local';
  const sameAxis = timeline.filter((o) => o.timeline.kind === timeKind);
  // Only datasets with the 1,000 waits a p99.9 needs have one (lib/outliers/clusters.ts): no line otherwise.
  const p999 = Math.min(...(outliers ?? []).flatMap((o) => (o.analysis.threshold === null ? [] : [o.analysis.threshold])));
  const pickRow = (r: DatasetRow) => void pick(r);

  if (part === null) return null;
  const selectionList = (
    <>
      {listing.kind === 'selection' && !listing.page && <p className="computing" data-testid="outlier-list-title">{listing.heading}: listing…</p>}
      {listing.kind === 'selection' && listing.page && (
        <SelectionList
          heading={listing.heading}
          page={listing.page}
          unit={unit}
          onPage={(offset) => void showPage(listing.heading, listing.parts, offset)}
          onDownload={() => void downloadCsv(listing.parts)}
          download={download}
          onPick={pickRow}
          picked={picked}
          labelOf={labelOf}
        >
          <button type="button" onClick={backToTop}>
            back to the top {TOP}
          </button>
        </SelectionList>
      )}
      {picked && typeof context === 'string' && <p className="hint" role="status">{context}</p>}
      {picked && context && typeof context !== 'string' && <ContextView file={picked.file} context={context} />}
    </>
  );

  if (part === 'over-time') {
    return (
      <section className="outlier-panel" data-testid="over-time-panel">
        <h2>{capitalized(noun)} over time</h2>
        {problem && <p role="alert" className="failure">{problem}</p>}
        <LatencyOverTime
          datasets={datasets}
          dataKey={dataKey}
          unit={unit}
          ask={ask}
          onWindow={select}
          onSpan={(t0, t1, kind, ids) => setBrushed({ t0, t1, kind, datasets: ids.map((datasetId) => ({ datasetId, label: labelOf(datasetId) })) })}
        />
        {brushed && onUseSpan && <SpanWindowAction span={brushed} onUse={onUseSpan} />}
        {!outliers && !problem && <p className="computing">Finding the outliers…</p>}
        {sameAxis.length > 0 && (
          <TimelineFigure
            series={sameAxis.map((o) => ({ label: labelOf(o.datasetId), colorIndex: datasets.findIndex((d) => d.datasetId === o.datasetId), points: { t: o.timeline.t, ela: o.timeline.ela }, keepAbove: o.timeline.keepAbove }))}
            unit={unit}
            thresholds={[...(Number.isFinite(p999) ? [p999] : []), FIVE_HUNDRED_MS]}
            timeKind={timeKind}
            onBrush={(t0, t1) => {
              setBrushed({ t0, t1, kind: timeKind, datasets: sameAxis.map((o) => ({ datasetId: o.datasetId, label: labelOf(o.datasetId) })) });
              select(windowHeading(t0, t1, timeKind, 'the timeline'), sameAxis.map((o) => ({ datasetId: o.datasetId, by: { kind: 'window', kindOfTime: timeKind, fromMs: t0, toMs: t1 } })));
            }}
          />
        )}
        {selectionList}
      </section>
    );
  }

  return (
    <section className="outlier-panel" data-testid="outlier-panel">
      <h2>Outliers: from a slow {singular(noun)} to its trace line</h2>
      {!outliers && !problem && <p className="computing">Finding the outliers…</p>}
      {problem && <p role="alert" className="failure">{problem}</p>}
      {outliers && <OutlierWarnings outliers={outliers} labelOf={labelOf} />}
      {listing.kind === 'top' && outliers && (
        <TopWaitLists top={TOP} outliers={outliers} unit={unit} onPick={pickRow} picked={picked} labelOf={labelOf} />
      )}
      {selectionList}
      {clusters.length > 0 && <ClusterList clusters={clusters} unit={unit} onWindow={onWindow} labelOf={labelOf} />}
    </section>
  );
}

