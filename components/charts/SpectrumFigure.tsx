'use client';
/**
 * The percentile spectrum of every dataset: where the p50 … p99.99 waits lie, one line each, so a
 * configuration that helps the tail but not the median (flash logging) shows at a glance.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatTime, type DisplayUnit } from '../display-units';
import { ChartFrame } from './ChartFrame';
import { useUnitOverlay, type UnitAxis } from './unit-overlay';
import { onXBrush, trackLegend } from './chart-interaction';
import { datasetNames } from './dataset-names';
import type { EChartsInstance } from './echarts-setup';
import { spectrumSelection } from './figure-selection';
import type { RangeSelection } from './range-selection';
import { spectrumFloor, spectrumOption } from './spectrum-option';
import { valuesPhrase } from '@/lib/trace/measure';

export interface SpectrumFigureProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  /**
   * A drag across the x axis selects the waits whose percentile lies in the dragged stretch, as
   * each shown dataset's value range rounded outward to the report's spectrum points; with one
   * dataset shown datasetIndex is that dataset, with several it is null and lo/hi is the union
   * (each dataset's own range in `ranges`). Inclusive, µs (figure-selection.ts).
   */
  onSelectRange?: (selection: RangeSelection) => void;
}

const Y_AXIS: readonly UnitAxis[] = ['yAxis'];

export function SpectrumFigure({ report, unit, onSelectRange }: SpectrumFigureProps) {
  const selectable = onSelectRange !== undefined;
  // The lines are drawn from the report (and the brush from selectable): a new unit only redraws the time axis' text, on the overlay.
  const dataKey = useMemo(() => ({ report, selectable }), [report, selectable]);
  const { option, overlay, exportOption } = useUnitOverlay((u) => spectrumOption(report, u, { brush: selectable }), unit, Y_AXIS, dataKey);
  const onSelect = useRef(onSelectRange);
  useEffect(() => {
    onSelect.current = onSelectRange;
  }, [onSelectRange]);
  const interact = useCallback(
    (chart: EChartsInstance) => {
      const legend = trackLegend(chart, datasetNames(report));
      const stop = onXBrush(chart, (x0, x1) => {
        const selection = spectrumSelection(report, x0, x1, legend.shown());
        if (selection) onSelect.current?.(selection);
      });
      return () => {
        stop();
        legend.dispose();
      };
    },
    [report],
  );
  const floor = spectrumFloor(report.datasets.map((d) => d.distributions.spectrum));
  const lowest = Math.min(...report.datasets.map((d) => d.summary.min ?? Infinity));
  const below = floor !== null && lowest < floor ? ` The lowest minimum (${formatTime(lowest, unit, { withUnit: true })}) lies below the axis.` : '';
  return (
    <ChartFrame
      testId="figure-spectrum"
      figure="spectrum"
      title={`Percentile spectrum of ${valuesPhrase(report.event, report.measure)}`}
      subtitle={`The wait at each percentile (R type-7 quantiles) from the minimum to p = 1 − 1/n: each step right adds a 9.${below}`}
      option={option}
      overlay={overlay}
      exportOption={exportOption}
      seriesCount={report.datasets.length}
      interact={selectable ? interact : undefined}
    />
  );
}
