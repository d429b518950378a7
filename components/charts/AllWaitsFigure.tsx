'use client';
/**
 * Figure 15.15 of the Oracle Exadata Expert's Handbook: the distribution of all waits of every
 * dataset, overlaid on a log time axis. The KDE line shows the shape (with flash logging on, the
 * hump just above the median); the lighter steps are the histogram it smooths.
 */
import { useMemo } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatCount, UNIT_LABEL, type DisplayUnit } from '../display-units';
import { formatTimeTick } from './axis-format';
import { allWaitsOption, allWaitsView, type BucketMode } from './all-waits-option';
import { ChartFrame } from './ChartFrame';

export type { BucketMode } from './all-waits-option';

export interface AllWaitsFigureProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  /** Log-spaced bins of the report (log10) or Oracle's V$EVENT_HISTOGRAM_MICRO buckets (log2). */
  bucketMode: BucketMode;
}

export function AllWaitsFigure({ report, unit, bucketMode }: AllWaitsFigureProps) {
  const view = useMemo(() => allWaitsView(report, bucketMode), [report, bucketMode]);
  const option = useMemo(() => allWaitsOption(report, unit, bucketMode, view), [report, unit, bucketMode, view]);
  const counts = report.datasets.map((d) => formatCount(d.summary.count));
  const waits = counts.every((c) => c === counts[0]) ? `${counts[0]} each` : counts.join(', ');
  const outside = Math.max(0, ...view.outsidePercent);
  const cut = view.range
    ? ` Axis ${formatTimeTick(view.range.min, unit)}–${formatTimeTick(view.range.max, unit)} ${UNIT_LABEL[unit]}: ${
        outside === 0 ? 'every wait is inside' : `${outside < 0.01 ? 'under 0.01' : `at most ${outside.toFixed(2)}`}% of a dataset's waits lie outside`
      }.`
    : '';
  const bins =
    bucketMode === 'log2'
      ? "Oracle's log2 µs buckets (V$EVENT_HISTOGRAM_MICRO)"
      : `${report.datasets[0]?.distributions.log10Bins.perDecade ?? 20} log-spaced bins per decade`;
  return (
    <ChartFrame
      testId="figure-all-waits"
      figure="all-waits"
      title={`Distribution of all '${report.event}' waits`}
      subtitle={`All waits of each dataset (${waits}). Lines: kernel density of log10(wait); shaded steps: histogram in ${bins}; both in % of the dataset's waits.${cut}`}
      option={option}
      seriesCount={report.datasets.length}
    />
  );
}
