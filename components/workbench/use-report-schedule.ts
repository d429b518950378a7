'use client';
/**
 * When the page asks for a report: whenever the loaded data, the event or the baseline changes, once
 * nothing is loading (and no automatic event switch is due). The user's thresholds are counted apart
 * (useThresholdCounts), so editing them asks for no report; labels are applied when drawn (relabel).
 */
import { useEffect, useMemo } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { measureLabel } from '@/lib/trace/measure';
import type { DatasetStatus } from '@/lib/worker/protocol';
import type { Slot } from './demo-plan';
import type { useAnalysis } from './use-analysis';
import { useAutoEvent } from './use-auto-event';
import { useThresholdCounts } from './use-threshold-counts';
import type { Workspace } from './workspace';

/** The report with the labels as they are now: renaming a dataset needs no new statistics. */
function relabel(report: WaitscopeReport, slots: readonly Slot[]): WaitscopeReport {
  const label = new Map(slots.map((s) => [s.id, s.label]));
  return { ...report, datasets: report.datasets.map((d) => ({ ...d, label: label.get(d.id) ?? d.label })) };
}

export function useReportSchedule(analysis: ReturnType<typeof useAnalysis>, ws: Workspace, chooseEvent: (event: string) => void) {
  const { statuses, requestReport, clearReport } = analysis;
  const { slots, view } = ws;
  const event = measureLabel(view.measure);
  const loading = slots.some((s) => statuses[s.id]?.state === 'loading');
  const included = slots.filter((s) => statuses[s.id] && statuses[s.id]!.source !== 'empty' && statuses[s.id]!.state !== 'loading');
  const autoEvent = useAutoEvent(included.map((s): DatasetStatus => statuses[s.id]!), event, loading, chooseEvent);
  const baselineId = slots[view.baseline]?.id;
  const baselineIndex = Math.max(0, included.findIndex((s) => s.id === baselineId));
  // What the report depends on; not the thresholds, which are counted apart (useThresholdCounts).
  // The datasets' time windows too (use-dataset-windows.ts): the worker computes every statistic of a dataset for its window.
  const dataKey = JSON.stringify([included.map((s) => [s.id, statuses[s.id]!.waits, statuses[s.id]!.files.length, statuses[s.id]!.event, statuses[s.id]!.state, s.window ?? null]), event, baselineIndex]);
  useEffect(() => {
    if (loading || autoEvent.pending) return;
    if (included.length === 0) {
      clearReport();
      return;
    }
    void requestReport({ event, datasets: included.map((s) => ({ datasetId: s.id, label: s.label })), baseline: baselineIndex }, dataKey);
    // The key holds everything the report depends on; labels are applied at render time.
  }, [dataKey, loading, autoEvent.pending]);

  const report = useMemo(() => (analysis.report ? relabel(analysis.report.report, slots) : null), [analysis.report, slots]);
  const thresholdCounts = useThresholdCounts(
    analysis.ask,
    analysis.report && !loading ? { key: analysis.report.key, event, datasetIds: analysis.report.report.datasets.map((d) => d.id), thresholds: view.thresholds } : null,
  );
  return { loading, included, baselineIndex, dataKey, report, thresholdCounts, eventNote: autoEvent.note };
}
