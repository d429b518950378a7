'use client';
/**
 * Figure 15.15 of the Oracle Exadata Expert's Handbook: the distribution of all waits of every
 * dataset, overlaid on a log time axis. The KDE line shows the shape (with flash logging on, the
 * hump just above the median); the lighter steps are the histogram it smooths.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { KDE_MIN_WAITS } from '@/lib/stats/kde';
import { formatCount, UNIT_LABEL, type DisplayUnit } from '../display-units';
import { formatTimeTick } from './axis-format';
import { allWaitsNoKde, allWaitsOption, allWaitsView, type BucketMode } from './all-waits-option';
import { ChartFrame } from './ChartFrame';
import { useUnitOverlay, type UnitAxis } from './unit-overlay';
import { pickBinsOn } from './chart-interaction';
import { datasetNames } from './dataset-names';
import type { EChartsInstance } from './echarts-setup';
import { allWaitsSelection } from './figure-selection';
import type { RangeSelection } from './range-selection';
import { valueNoun, valuesNoun, valuesPhrase } from '@/lib/trace/measure';
import { BucketPicker } from '../keys/BucketPicker';

export type { BucketMode } from './all-waits-option';
export type { RangeSelection } from './range-selection';

export interface AllWaitsFigureProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  /** Log-spaced bins of the report (log10) or Oracle's V$EVENT_HISTOGRAM_MICRO buckets (log2). */
  bucketMode: BucketMode;
  /**
   * A click on a histogram bin (anywhere in its column: inside the lowest outline there, or above
   * the tallest) selects that bucket's waits of that dataset: [lo, hi] inclusive, µs, hi just below
   * the bucket's exclusive edge (range-selection.ts, figure-selection.ts).
   */
  onSelectRange?: (selection: RangeSelection) => void;
}

const X_AXIS: readonly UnitAxis[] = ['xAxis'];

export function AllWaitsFigure({ report, unit, bucketMode, onSelectRange }: AllWaitsFigureProps) {
  const view = useMemo(() => allWaitsView(report, bucketMode), [report, bucketMode]);
  // The data are drawn once per view; a units switch redraws the time axis' text on the overlay.
  const { option, overlay, exportOption } = useUnitOverlay((u) => allWaitsOption(report, u, bucketMode, view), unit, X_AXIS, view);
  // The latest callback, so a parent passing a new function each render does not rewire the chart.
  const onSelect = useRef(onSelectRange);
  useEffect(() => {
    onSelect.current = onSelectRange;
  }, [onSelectRange]);
  const selectable = onSelectRange !== undefined;
  const interact = useCallback(
    (chart: EChartsInstance) =>
      pickBinsOn(chart, datasetNames(report), view.bins, (d, b) => allWaitsSelection(report, bucketMode, d, b), (s) => onSelect.current?.(s)),
    [report, bucketMode, view],
  );
  // What the values are (waits, calls, commits), and one of them.
  const values = valuesNoun(report.measure);
  const value = valueNoun(report.measure);
  const counts = report.datasets.map((d) => formatCount(d.summary.count));
  const waits = counts.every((c) => c === counts[0]) ? `${counts[0]} each` : counts.join(', ');
  const outside = Math.max(0, ...view.outsidePercent);
  const cut = view.range
    ? ` Axis ${formatTimeTick(view.range.min, unit)}–${formatTimeTick(view.range.max, unit)} ${UNIT_LABEL[unit]}: ${
        outside === 0 ? `every ${value} is inside` : `${outside < 0.01 ? 'under 0.01' : `at most ${outside.toFixed(2)}`}% of a dataset's ${values} lie outside`
      }.`
    : '';
  const bins =
    bucketMode === 'log2'
      ? "Oracle's log2 µs buckets (V$EVENT_HISTOGRAM_MICRO)"
      : `${report.datasets[0]?.distributions.log10Bins.perDecade ?? 20} log-spaced bins per decade`;
  const names = datasetNames(report);
  const noKde = allWaitsNoKde(report).map((i) => `${names[i]} (${formatCount(report.datasets[i]!.summary.count)} ${values})`);
  const noKdeNote =
    noKde.length > 0
      ? ` No density line for ${noKde.join(', ')}: with fewer than ${KDE_MIN_WAITS} ${values} a kernel density shows the shape of its kernel, not of the data.`
      : '';
  return (
    <>
      <ChartFrame
        testId="figure-all-waits"
        figure="all-waits"
        title={`Distribution of all ${valuesPhrase(report.event, report.measure)}`}
        subtitle={`All ${values} of each dataset (${waits}). Lines: kernel density of log10(${value}), as the share of ${values} within one bin's width around each point; shaded steps: histogram in ${bins}; both in % of the dataset's ${values} per bin.${cut}${noKdeNote}`}
        option={option}
        overlay={overlay}
        exportOption={exportOption}
        seriesCount={report.datasets.length}
        interact={selectable ? interact : undefined}
      />
      {onSelectRange && <BucketPicker report={report} mode={bucketMode} unit={unit} onSelect={onSelectRange} />}
    </>
  );
}
