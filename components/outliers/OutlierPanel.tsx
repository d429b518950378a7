'use client';
/**
 * Issue 6: from a slow wait to its trace line, its moment, and what happened around it. Lists come
 * from the worker (the top waits by default, or the waits of a clicked bucket or a brushed time
 * window); a row opens its trace lines; clusters list what co-occurred; the timeline shows them all.
 */
import { useEffect, useRef, useState } from 'react';
import type { WindowSummary } from '@/lib/outliers/analyze';
import type { TraceContext } from '@/lib/outliers/context';
import type { DatasetOutliers, DatasetRow, DatasetWaitList, Selection } from '@/lib/worker/outlier-requests';
import type { ReportDatasetSpec, WorkerRequest, WorkerResponse } from '@/lib/worker/protocol';
import { TimelineFigure } from '../charts/TimelineFigure';
import { formatTime, type DisplayUnit } from '../display-units';
import { ClusterList, type DatasetClusters } from './ClusterList';
import { ContextView } from './ContextView';
import type { FigureSelection } from './figure-selection';
import { WaitTable } from './WaitTable';

type Reply = Extract<WorkerResponse, { requestId: number }>;
export type Ask = <T extends Reply>(make: (requestId: number) => WorkerRequest) => Promise<T | Extract<Reply, { type: 'request-failed' }>>;

export type { FigureSelection } from './figure-selection';

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
  const [list, setList] = useState<{ title: string; lists: DatasetWaitList[] } | null>(null);
  const [clusters, setClusters] = useState<DatasetClusters[]>([]);
  const [picked, setPicked] = useState<DatasetRow | null>(null);
  const [context, setContext] = useState<TraceContext | string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picks = useRef(0);
  const labels = useRef(datasets);
  labels.current = datasets;
  // Ids, not labels: renaming a dataset must not recompute its outliers (labels are shown from `datasets`).
  const idKey = datasets.map((d) => d.datasetId).join(',');

  useEffect(() => {
    let live = true;
    setPicked(null);
    setContext(null);
    setProblem(null);
    setOutliers(null);
    const specs = labels.current;
    void ask<Extract<Reply, { type: 'outliers' }>>((requestId) => ({ type: 'outliers', requestId, datasets: specs, top: TOP, thresholds: [] })).then(async (reply) => {
      if (!live) return;
      if (reply.type !== 'outliers') return setProblem(`The outliers could not be listed: ${reply.message}`);
      setOutliers(reply.results);
      setList({ title: `The ${TOP} longest waits of each dataset`, lists: reply.results.map((r) => r.top) });
      setClusters(reply.results.map((r) => ({ datasetId: r.datasetId, label: r.label, threshold: r.analysis.threshold, minCount: r.analysis.minCount, outliers: r.analysis.outliers, windows: r.analysis.windows, activity: null, activityProblem: null, hasTraceLines: r.hasTraceLines })));
      for (const r of reply.results) {
        if (!r.hasTraceLines || r.analysis.windows.length === 0) continue;
        const act = await ask<Extract<Reply, { type: 'co-occurrence' }>>((requestId) => ({ type: 'co-occurrence', requestId, datasetId: r.datasetId, windows: r.analysis.windows }));
        if (!live) return; // a newer request owns the panel: start no more passes over the files
        setClusters((all) =>
          all.map((c) => (c.datasetId !== r.datasetId ? c : act.type === 'co-occurrence' ? { ...c, activity: act.activity } : { ...c, activityProblem: act.message })),
        );
      }
    });
    return () => void (live = false);
  }, [dataKey, idKey, ask]);

  const select = async (title: string, parts: { datasetId: string; by: Selection }[]) => {
    setProblem(null);
    const lists: DatasetWaitList[] = [];
    for (const part of parts) {
      const spec = labels.current.filter((d) => d.datasetId === part.datasetId);
      if (spec.length === 0) continue;
      const reply = await ask<Extract<Reply, { type: 'selection' }>>((requestId) => ({ type: 'select', requestId, datasets: spec, by: part.by, limit: 1000 }));
      if (reply.type !== 'selection') return setProblem(`Those waits could not be listed: ${reply.message}`);
      lists.push(...reply.lists);
    }
    setList({ title, lists });
  };

  useEffect(() => {
    if (!selection) return;
    const title = `Waits from ${formatTime(selection.lo, unit, { withUnit: true })} to ${formatTime(selection.hi, unit, { withUnit: true })} (${selection.source})`;
    void select(title, selection.ranges.map((r) => ({ datasetId: r.datasetId, by: { kind: 'range', lo: r.lo, hi: r.hi } })));
    // A new selection object is a new click; unit changes only relabel.
  }, [selection]);

  const pick = async (row: DatasetRow) => {
    const mine = ++picks.current; // replies to older clicks are dropped (a .gz context is slow)
    setPicked(row);
    setContext(null);
    const has = outliers?.find((o) => o.datasetId === row.datasetId)?.hasTraceLines;
    if (!has) return setContext('This wait is synthetic (the book demo): there is no trace line to show.');
    const reply = await ask<Extract<Reply, { type: 'context' }>>((requestId) => ({ type: 'context', requestId, datasetId: row.datasetId, fileIndex: row.fileIndex, offset: row.offset, line: row.line, before: 30, after: 10 }));
    if (mine !== picks.current) return;
    setContext(reply.type === 'context' ? reply.context : reply.message);
  };

  const onWindow = (c: DatasetClusters, w: WindowSummary) => {
    if (w.kind === 'tim') return;
    const kind = w.kind === 'utc' ? 'utc' : 'local';
    void select(`Waits of ${c.label} in the cluster ${w.startIso ?? ''} – ${w.endIso ?? ''}`, [{ datasetId: c.datasetId, by: { kind: 'window', kindOfTime: kind, fromMs: w.start / 1000, toMs: w.end / 1000 } }]);
  };

  const timeline = (outliers ?? []).filter((o) => o.timeline.kind !== 'none');
  const timeKind = timeline[0]?.timeline.kind === 'utc' ? 'utc' : 'local';
  const sameAxis = timeline.filter((o) => o.timeline.kind === timeKind);
  const p999 = Math.min(...(outliers ?? []).map((o) => o.analysis.threshold));

  return (
    <section className="outlier-panel" data-testid="outlier-panel">
      <h2>Outliers: from a slow wait to its trace line</h2>
      {!outliers && !problem && <p className="computing">Finding the outliers…</p>}
      {problem && <p role="alert" className="failure">{problem}</p>}
      {sameAxis.length > 0 && (
        <TimelineFigure
          series={sameAxis.map((o) => ({ label: o.label, colorIndex: datasets.findIndex((d) => d.datasetId === o.datasetId), points: { t: o.timeline.t, ela: o.timeline.ela }, keepAbove: o.timeline.keepAbove }))}
          unit={unit}
          thresholds={[...(Number.isFinite(p999) ? [p999] : []), FIVE_HUNDRED_MS]}
          timeKind={timeKind}
          onBrush={(t0, t1) =>
            void select(
              `Waits between ${new Date(t0).toISOString()} and ${new Date(t1).toISOString()} (timeline)`,
              sameAxis.map((o) => ({ datasetId: o.datasetId, by: { kind: 'window', kindOfTime: timeKind, fromMs: t0, toMs: t1 } })),
            )
          }
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
          <WaitTable lists={list.lists} unit={unit} onPick={(r) => void pick(r)} picked={picked} labelOf={(id) => datasets.find((d) => d.datasetId === id)?.label ?? id} />
        </>
      )}
      {picked && typeof context === 'string' && <p className="hint" role="status">{context}</p>}
      {picked && context && typeof context !== 'string' && <ContextView file={picked.file} context={context} />}
      {clusters.length > 0 && <ClusterList clusters={clusters} unit={unit} onWindow={onWindow} />}
    </section>
  );
}
