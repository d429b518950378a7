'use client';
/**
 * Figure 15.16 of the Oracle Exadata Expert's Handbook: the distribution of the top-N waits of
 * every dataset on a linear time axis, where flash logging shows as the slow tail pulled back.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { ChartFrame } from './ChartFrame';
import { pickBinsOn } from './chart-interaction';
import { datasetNames } from './dataset-names';
import type { EChartsInstance } from './echarts-setup';
import { topWaitsHitBins, topWaitsSelection } from './figure-selection';
import type { RangeSelection } from './range-selection';
import { TOP_WAITS_BINS, topWaitsBins, topWaitsOption } from './top-waits-option';

export interface TopWaitsFigureProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  /**
   * A click on a bar (anywhere in its column: inside the lowest outline there, or above the
   * tallest) selects that bin's waits of that dataset: [lo, hi] inclusive, µs, hi just below the
   * bin's exclusive edge (the last bin is closed), lo raised to the dataset's smallest top-N wait.
   */
  onSelectRange?: (selection: RangeSelection) => void;
}

/** "10,000" when every dataset has the same N, else each one's N. */
function topCounts(report: WaitscopeReport): string {
  const ns = report.datasets.map((d) => d.distributions.top.length);
  return ns.every((n) => n === ns[0]) ? formatCount(ns[0]) : ns.map(formatCount).join(' / ');
}

export function TopWaitsFigure({ report, unit, onSelectRange }: TopWaitsFigureProps) {
  const shared = useMemo(() => topWaitsBins(report), [report]);
  const option = useMemo(() => topWaitsOption(report, unit, shared), [report, unit, shared]);
  const onSelect = useRef(onSelectRange);
  useEffect(() => {
    onSelect.current = onSelectRange;
  }, [onSelectRange]);
  const selectable = onSelectRange !== undefined;
  const interact = useCallback(
    (chart: EChartsInstance) =>
      pickBinsOn(chart, datasetNames(report), topWaitsHitBins(shared), (d, b) => topWaitsSelection(report, shared, d, b), (s) => onSelect.current?.(s)),
    [report, shared],
  );
  const { edges } = shared;
  const width = edges.length > 1 ? formatTime(edges[1]! - edges[0]!, unit, { withUnit: true }) : '–';
  const n = topCounts(report);
  return (
    <ChartFrame
      testId="figure-top-waits"
      figure="top-waits"
      title={`Distribution of the top ${n} '${report.event}' waits`}
      subtitle={`The ${n} longest waits of each dataset, counted in ${TOP_WAITS_BINS} shared bins of ${width} from ${formatTime(edges[0], unit)} to ${formatTime(edges[edges.length - 1], unit, { withUnit: true })}.`}
      option={option}
      seriesCount={report.datasets.length}
      interact={selectable ? interact : undefined}
    />
  );
}
