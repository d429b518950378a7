'use client';
/**
 * Issue 6: from a slow wait to its trace line, its moment, and what happened around it. Lists come
 * from the worker (the top waits by default, or the waits of a clicked bucket or a brushed time
 * window); a row opens its trace lines; clusters list what co-occurred; the timeline shows them all.
 */
import { useEffect, useState } from 'react';
import type { WindowSummary } from '@/lib/outliers/analyze';
import type { WaitList, WaitRow } from '@/lib/outliers/top-list';
import type { TraceContext } from '@/lib/outliers/context';
import type { DatasetOutliers, Selection } from '@/lib/worker/outlier-requests';
import type { ReportDatasetSpec, WorkerRequest, WorkerResponse } from '@/lib/worker/protocol';
import { TimelineFigure } from '../charts/TimelineFigure';
import { formatTime, type DisplayUnit } from '../display-units';
import { ClusterList, type DatasetClusters } from './ClusterList';
import { ContextView } from './ContextView';
import { WaitTable } from './WaitTable';

type Reply = Extract<WorkerResponse, { requestId: number }>;
export type Ask = <T extends Reply>(make: (requestId: number) => WorkerRequest) => Promise<T | Extract<Reply, { type: 'request-failed' }>>;

export interface FigureSelection {
  datasetIndex: number | null;
  lo: number;
  hi: number;
  source: string;
}

interface Props {
  datasets: ReportDatasetSpec[];
  /** Changes whenever the data behind the report changes. */
  dataKey: string;
  unit: DisplayUnit;
  ask: Ask;
  selection: FigureSelection | null;
  onClearSelection: () => void;
}

const TOP = 100;
const FIVE_HUNDRED_MS = 500_000;

export function OutlierPanel({ datasets, dataKey, unit, ask, selection, onClearSelection }: Props) {
  const [outliers, setOutliers] = useState<DatasetOutliers[] | null>(null);
  const [list, setList] = useState<{ title: string; lists: WaitList[] } | null>(null);
  const [clusters, setClusters] = useState<DatasetClusters[]>([]);
  const [picked, setPicked] = useState<WaitRow | null>(null);
  const [context, setContext] = useState<TraceContext | string | null>(null);
  const specKey = JSON.stringify(datasets);

  useEffect(() => {
    let live = true;
    setPicked(null);
    setContext(null);
    void ask<Extract<Reply, { type: 'outliers' }>>((requestId) => ({ type: 'outliers', requestId, datasets, top: TOP, thresholds: [] })).then(async (reply) => {
      if (!live || reply.type !== 'outliers') return;
      setOutliers(reply.results);
      setList({ title: `The ${TOP} longest waits of each dataset`, lists: reply.results.map((r) => r.analysis.top) });
      const base = reply.results.map((r) => ({ datasetId: r.datasetId, label: r.label, threshold: r.analysis.threshold, minCount: r.analysis.minCount, outliers: r.analysis.outliers, windows: r.analysis.windows, activity: null, hasTraceLines: r.hasTraceLines }));
      setClusters(base);
      for (const r of reply.results) {
        if (!r.hasTraceLines || r.analysis.windows.length === 0) continue;
        const act = await ask<Extract<Reply, { type: 'co-occurrence' }>>((requestId) => ({ type: 'co-occurrence', requestId, datasetId: r.datasetId, windows: r.analysis.windows }));
        if (!live || act.type !== 'co-occurrence') continue;
        setClusters((all) => all.map((c) => (c.datasetId === r.datasetId ? { ...c, activity: act.activity } : c)));
      }
    });
    return () => void (live = false);
    // specKey stands for `datasets`; dataKey for the data behind them.
  }, [dataKey, specKey, ask]);

  const select = async (title: string, by: Selection, only: ReportDatasetSpec[] = datasets) => {
    const reply = await ask<Extract<Reply, { type: 'selection' }>>((requestId) => ({ type: 'select', requestId, datasets: only, by, limit: 1000 }));
    if (reply.type === 'selection') setList({ title, lists: reply.lists });
  };

  useEffect(() => {
    if (!selection) return;
    const only = selection.datasetIndex === null ? datasets : datasets.slice(selection.datasetIndex, selection.datasetIndex + 1);
    void select(`Waits from ${formatTime(selection.lo, unit, { withUnit: true })} to ${formatTime(selection.hi, unit, { withUnit: true })} (${selection.source})`, { kind: 'range', lo: selection.lo, hi: selection.hi }, only);
    // A new selection object is a new click; unit changes only relabel.
  }, [selection]);

  const pick = async (row: WaitRow) => {
    setPicked(row);
    setContext(null);
    const id = datasets.find((d) => d.label === row.dataset)?.datasetId;
    const has = outliers?.find((o) => o.datasetId === id)?.hasTraceLines;
    if (!id || !has) return setContext('This wait is synthetic (the book demo): there is no trace line to show.');
    const reply = await ask<Extract<Reply, { type: 'context' }>>((requestId) => ({ type: 'context', requestId, datasetId: id, fileIndex: row.fileIndex, offset: row.offset, line: row.line, before: 30, after: 10 }));
    setContext(reply.type === 'context' ? reply.context : reply.message);
  };

  const onWindow = (c: DatasetClusters, w: WindowSummary) => {
    const spec = datasets.filter((d) => d.datasetId === c.datasetId);
    const kind = w.kind === 'utc' ? 'utc' : 'local';
    if (w.kind === 'tim') return;
    void select(`Waits of ${c.label} in the cluster ${w.startIso ?? ''} – ${w.endIso ?? ''}`, { kind: 'window', kindOfTime: kind, fromMs: w.start / 1000, toMs: w.end / 1000 }, spec);
  };

  const timeline = (outliers ?? []).filter((o) => o.timeline.kind !== 'none');
  const timeKind = timeline[0]?.timeline.kind === 'utc' ? 'utc' : 'local';
  const sameAxis = timeline.filter((o) => o.timeline.kind === timeKind);
  const p999 = Math.min(...(outliers ?? []).map((o) => o.analysis.threshold));

  return (
    <section className="outlier-panel" data-testid="outlier-panel">
      <h2>Outliers: from a slow wait to its trace line</h2>
      {!outliers && <p className="computing">Finding the outliers…</p>}
      {sameAxis.length > 0 && (
        <TimelineFigure
          series={sameAxis.map((o) => ({ label: o.label, colorIndex: datasets.findIndex((d) => d.datasetId === o.datasetId), points: { t: o.timeline.t, ela: o.timeline.ela } }))}
          unit={unit}
          thresholds={[...(Number.isFinite(p999) ? [p999] : []), FIVE_HUNDRED_MS]}
          timeKind={timeKind}
          onBrush={(t0, t1) => void select(`Waits between ${new Date(t0).toISOString()} and ${new Date(t1).toISOString()} (timeline)`, { kind: 'window', kindOfTime: timeKind, fromMs: t0, toMs: t1 })}
        />
      )}
      {list && (
        <>
          <h3 data-testid="outlier-list-title">
            {list.title}{' '}
            {selection && (
              <button type="button" onClick={onClearSelection}>
                back to the top {TOP}
              </button>
            )}
          </h3>
          <WaitTable lists={list.lists} unit={unit} onPick={(r) => void pick(r)} picked={picked} />
        </>
      )}
      {picked && typeof context === 'string' && <p className="hint" role="status">{context}</p>}
      {picked && context && typeof context !== 'string' && <ContextView file={picked.file} context={context} />}
      {clusters.length > 0 && <ClusterList clusters={clusters} unit={unit} onWindow={onWindow} />}
    </section>
  );
}
