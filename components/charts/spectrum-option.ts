/**
 * The echarts option of the percentile spectrum (HdrHistogram's percentile plot): the wait at
 * percentile p against 1/(1−p), both on log axes, so p90, p99, p99.9 … are one decade apart and
 * the whole tail shows without the "top 10,000" cut of Figure 15.16.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatTime, type DisplayUnit } from '../display-units';
import { formatPercentile, formatTimeTick, percentileTickLabel, timeAxisName } from './axis-format';
import { datasetNames } from './dataset-names';
import type { EChartsCoreOption } from './echarts-setup';
import { X_BRUSH } from './chart-interaction';
import { datasetColor, INK } from './palette';
import { tooltipRow } from './tooltip';

interface AxisParam {
  seriesIndex?: number;
  data?: unknown;
}

/** `brush`: a drag on the x axis selects percentiles (SpectrumFigure's onSelectRange). */
export function spectrumOption(report: WaitscopeReport, unit: DisplayUnit, options: { brush?: boolean } = {}): EChartsCoreOption {
  const names = datasetNames(report);
  // A wait of 0 µs has no place on a log axis: such points (only ever the lowest percentiles) are left out.
  const points = report.datasets.map((d) => d.distributions.spectrum.filter((s) => s.value > 0));
  const maxTail = Math.max(1, ...points.flat().map((s) => s.inverseTail));
  const yMin = spectrumFloor(report.datasets.map((d) => d.distributions.spectrum));
  const series = report.datasets.map((_, i) => ({
    name: names[i],
    id: `spectrum-${i}`,
    type: 'line',
    showSymbol: false,
    animation: false,
    color: datasetColor(i),
    lineStyle: { width: 2.5 },
    data: points[i]!.map((s) => [s.inverseTail, s.value, s.p]),
  }));
  return {
    color: report.datasets.map((_, i) => datasetColor(i)),
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    legend: { top: 0, data: names, icon: 'roundRect' },
    grid: { top: 40, left: 64, right: 40, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: AxisParam[]) =>
        params
          .map((param) => {
            const [, value, p] = param.data as [number, number, number];
            const i = param.seriesIndex ?? 0;
            return tooltipRow(i, names[i]!, `${formatPercentile(p)} = ${formatTime(value, unit, { withUnit: true })}`);
          })
          .join('<br/>'),
    },
    xAxis: {
      type: 'log',
      logBase: 10,
      min: 1,
      max: 10 ** Math.ceil(Math.log10(maxTail) - 1e-9),
      name: 'percentile (log scale of 1/(1−p))',
      nameLocation: 'middle',
      nameGap: 32,
      axisLabel: { formatter: (v: number) => percentileTickLabel(v), color: INK.muted },
      splitLine: { show: true, lineStyle: { color: INK.grid } },
    },
    yAxis: {
      type: 'log',
      logBase: 10,
      ...(yMin === null ? {} : { min: yMin }),
      name: timeAxisName(unit, 'log'),
      nameLocation: 'middle',
      nameGap: 48,
      axisLabel: { formatter: (v: number) => formatTimeTick(v, unit), color: INK.muted },
      splitLine: { lineStyle: { color: INK.grid } },
    },
    ...(options.brush ? { ...X_BRUSH } : {}),
    series,
  };
}

/**
 * The decade below every dataset's second point (p ≈ 0.2), or null for too few points. The
 * minimum alone (a single 1 µs wait in the book's data) would otherwise add three empty decades
 * under the percentiles people read; its line segment runs out through the bottom of the axis.
 */
export function spectrumFloor(points: readonly { value: number }[][]): number | null {
  const seconds = points.map((own) => own.filter((s) => s.value > 0)[1]?.value).filter((v): v is number => v !== undefined);
  if (seconds.length === 0) return null;
  return 10 ** Math.floor(Math.log10(Math.min(...seconds)) + 1e-9);
}
