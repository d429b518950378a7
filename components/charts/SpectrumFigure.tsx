'use client';
/**
 * The percentile spectrum of every dataset: where the p50 … p99.99 waits lie, one line each, so a
 * configuration that helps the tail but not the median (flash logging) shows at a glance.
 */
import { useMemo } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatTime, type DisplayUnit } from '../display-units';
import { ChartFrame } from './ChartFrame';
import { spectrumFloor, spectrumOption } from './spectrum-option';

export interface SpectrumFigureProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
}

export function SpectrumFigure({ report, unit }: SpectrumFigureProps) {
  const option = useMemo(() => spectrumOption(report, unit), [report, unit]);
  const floor = spectrumFloor(report.datasets.map((d) => d.distributions.spectrum));
  const lowest = Math.min(...report.datasets.map((d) => d.summary.min ?? Infinity));
  const below = floor !== null && lowest < floor ? ` The lowest minimum (${formatTime(lowest, unit, { withUnit: true })}) lies below the axis.` : '';
  return (
    <ChartFrame
      testId="figure-spectrum"
      figure="spectrum"
      title={`Percentile spectrum of '${report.event}' waits`}
      subtitle={`The wait at each percentile (R type-7 quantiles) from the minimum to p = 1 − 1/n: each step right adds a 9.${below}`}
      option={option}
      seriesCount={report.datasets.length}
    />
  );
}
