'use client';
/**
 * Figure 15.16 of the Oracle Exadata Expert's Handbook: the distribution of the top-N waits of
 * every dataset on a linear (or log) time axis, where flash logging shows as the slow tail pulled back.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { ChartFrame } from './ChartFrame';
import { useUnitOverlay, type UnitAxis } from './unit-overlay';
import { pickBinsOn } from './chart-interaction';
import { datasetNames } from './dataset-names';
import type { EChartsInstance } from './echarts-setup';
import { topWaitsSelection } from './figure-selection';
import type { RangeSelection } from './range-selection';
import { DEFAULT_TOP_WAITS_SETTINGS, topWaitsCaption, topWaitsOption, topWaitsView, type TopWaitsSettings } from './top-waits-option';
import { valuesNoun, valuesPhrase } from '@/lib/trace/measure';

export interface TopWaitsFigureProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  /** N (null: the default for the datasets' sizes) and the x axis. */
  settings?: TopWaitsSettings;
  /**
   * A click on a bar (anywhere in its column: inside the lowest outline there, or above the
   * tallest) selects that bin's waits of that dataset: [lo, hi] inclusive, µs, hi just below the
   * bin's exclusive edge (the last bin is closed), lo raised to the dataset's smallest top-N wait.
   * The bar is found as the tooltip finds it (topWaitsBinAt), so a click lists what the tooltip shows.
   */
  onSelectRange?: (selection: RangeSelection) => void;
}

const X_AXIS: readonly UnitAxis[] = ['xAxis'];

export function TopWaitsFigure({ report, unit, settings = DEFAULT_TOP_WAITS_SETTINGS, onSelectRange }: TopWaitsFigureProps) {
  const { count, axis } = settings;
  const view = useMemo(() => topWaitsView(report, { count, axis }), [report, count, axis]);
  // The bars are drawn once per view; a units switch redraws the time axis' text and the max lines' labels on the overlay.
  const { option, overlay, exportOption } = useUnitOverlay((u) => topWaitsOption(report, u, view), unit, X_AXIS, view);
  const onSelect = useRef(onSelectRange);
  useEffect(() => {
    onSelect.current = onSelectRange;
  }, [onSelectRange]);
  const selectable = onSelectRange !== undefined;
  const interact = useCallback(
    (chart: EChartsInstance) => pickBinsOn(chart, datasetNames(report), view.hit, (d, b) => topWaitsSelection(view, d, b), (s) => onSelect.current?.(s)),
    [report, view],
  );
  const { edges, excluded } = view.bins;
  const from = formatTime(edges[0], unit);
  const to = formatTime(edges[edges.length - 1], unit, { withUnit: true });
  const bins =
    edges.length < 2
      ? 'no bins'
      : axis === 'log'
        ? `${edges.length - 1} shared bins of equal width in log10 from ${from} to ${to}`
        : `${edges.length - 1} shared bins of ${formatTime(edges[1]! - edges[0]!, unit, { withUnit: true })} from ${from} to ${to}`;
  const zeros = excluded.reduce((sum, n) => sum + n, 0);
  return (
    <ChartFrame
      testId="figure-top-waits"
      figure="top-waits"
      title={`Distribution of the top ${formatCount(view.count)} ${valuesPhrase(report.event, report.measure)}`}
      subtitle={`The ${topWaitsCaption(report, view)}, counted in ${bins}${zeros > 0 ? `; ${formatCount(zeros)} ${valuesNoun(report.measure)} of 0 µs have no place on the log axis` : ''}.`}
      option={option}
      overlay={overlay}
      exportOption={exportOption}
      seriesCount={report.datasets.length}
      interact={selectable ? interact : undefined}
    />
  );
}
