/**
 * The echarts option of Figure 15.16: the top-N waits of every dataset on a LINEAR time axis, in
 * bins shared by all datasets (linear-bins.ts), so it shows how far out each configuration's
 * slowest waits reach.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { formatTimeTick, timeAxisName } from './axis-format';
import { datasetNames } from './dataset-names';
import type { EChartsCoreOption } from './echarts-setup';
import { shareLinearBins, type SharedLinearBins } from './linear-bins';
import { datasetColor, datasetFill, INK } from './palette';
import { stepOutline } from './step-outline';
import { tooltipRow } from './tooltip';

export const TOP_WAITS_BINS = 60;

export function topWaitsBins(report: WaitscopeReport): SharedLinearBins {
  return shareLinearBins(
    report.datasets.map((d) => d.distributions.top),
    TOP_WAITS_BINS,
  );
}

export function topWaitsOption(report: WaitscopeReport, unit: DisplayUnit, shared: SharedLinearBins): EChartsCoreOption {
  const names = datasetNames(report);
  const { edges, counts } = shared;
  const series = report.datasets.map((_, i) => ({
    name: names[i],
    id: `top-${i}`,
    type: 'line',
    showSymbol: false,
    animation: false,
    color: datasetColor(i),
    lineStyle: { width: 1.5 },
    areaStyle: { color: datasetFill(i, 0.18) },
    // Each dataset's largest wait, marked: at this y scale the last few outliers are too few to
    // see, and how far out they reach is half of the figure's story.
    markLine: maxLine(report.datasets[i]!.distributions.top[0], i, unit),
    data: stepOutline(counts[i]!.map((y, b) => ({ lo: edges[b]!, hi: edges[b + 1]!, y }))),
  }));
  return {
    color: report.datasets.map((_, i) => datasetColor(i)),
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    legend: { top: 0, data: names, icon: 'roundRect' },
    grid: { top: 40, left: 64, right: 40, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { axisValue?: number }[]) => tooltipAt(Number(params[0]?.axisValue), names, shared, unit),
    },
    xAxis: {
      type: 'value',
      ...(edges.length > 0 ? { min: edges[0], max: edges[edges.length - 1] } : {}),
      name: timeAxisName(unit, 'linear'),
      nameLocation: 'middle',
      nameGap: 32,
      axisLabel: { formatter: (v: number) => formatTimeTick(v, unit), color: INK.muted, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: 'waits per bin',
      nameLocation: 'middle',
      nameGap: 48,
      axisLabel: { formatter: (v: number) => formatCount(v), color: INK.muted },
      splitLine: { lineStyle: { color: INK.grid } },
    },
    series,
  };
}

function maxLine(max: number | undefined, index: number, unit: DisplayUnit) {
  if (max === undefined) return undefined;
  return {
    silent: true,
    symbol: 'none',
    animation: false,
    lineStyle: { color: datasetColor(index), type: 'dashed', width: 1.5 },
    label: { formatter: `max ${formatTime(max, unit, { withUnit: true })}`, color: datasetColor(index), position: 'insideEndTop' },
    data: [{ xAxis: max }],
  };
}

function tooltipAt(x: number, names: string[], { edges, counts }: SharedLinearBins, unit: DisplayUnit): string {
  if (!Number.isFinite(x) || edges.length < 2) return '';
  let b = edges.findIndex((edge, i) => i > 0 && x < edge) - 1;
  if (b < 0) b = edges.length - 2;
  const range = `${formatTime(edges[b], unit)}–${formatTime(edges[b + 1], unit, { withUnit: true })}`;
  return [range, ...names.map((name, i) => tooltipRow(i, name, `${formatCount(counts[i]![b])} waits`))].join('<br/>');
}
