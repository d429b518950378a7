/**
 * The echarts option of Figure 15.16: the top-N waits of every dataset in bins shared by all
 * datasets (shared-bins.ts), on a linear time axis as in the book (how far out each
 * configuration's slowest waits reach) or on a log one (when the top N still span decades).
 *
 * N is a view setting (url-state.ts): the report keeps each dataset's top DEFAULT_TOP_N waits,
 * descending, and the figure takes the first N of them, so changing N recomputes nothing but
 * these bins.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { valuesNoun, valueTimeName } from '@/lib/trace/measure';
import { DEFAULT_TOP_N, defaultTopCount } from '@/lib/stats/top-n';
import { formatCount, formatTime, numberFormat, type DisplayUnit } from '../display-units';
import { formatTimeTick, timeAxisName } from './axis-format';
import { datasetNames } from './dataset-names';
import type { EChartsCoreOption } from './echarts-setup';
import { datasetColor, datasetFill, INK } from './palette';
import { binAt, justBelow, type HitBin } from './range-selection';
import { shareBins, type BinScale, type SharedBins } from './shared-bins';
import { stepOutline } from './step-outline';
import { tooltipRow } from './tooltip';

export const TOP_WAITS_BINS = 60;

/** What the viewer chose: N (null: the default for the datasets' sizes) and the x axis. */
export interface TopWaitsSettings {
  count: number | null;
  axis: BinScale;
}

export const DEFAULT_TOP_WAITS_SETTINGS: TopWaitsSettings = { count: null, axis: 'linear' };

export interface TopWaitsView {
  /** The N in effect: the setting, or defaultTopCount, at most what the report keeps. */
  count: number;
  /** Per dataset, its top `count` waits (fewer when it has fewer), descending. */
  tops: number[][];
  bins: SharedBins;
  /** The drawn bars, per dataset: what a click hits AND what the tooltip describes (one mapping). */
  hit: HitBin[][];
  axis: BinScale;
}

export function topWaitsView(report: WaitscopeReport, settings: TopWaitsSettings = DEFAULT_TOP_WAITS_SETTINGS): TopWaitsView {
  const asked = settings.count ?? defaultTopCount(report.datasets.map((d) => d.summary.count));
  const count = Math.max(1, Math.min(DEFAULT_TOP_N, Math.round(asked)));
  const tops = report.datasets.map((d) => d.distributions.top.slice(0, count));
  const bins = shareBins(tops, TOP_WAITS_BINS, settings.axis);
  const hit = bins.counts.map((row) => row.map((y, i) => ({ lo: bins.edges[i]!, hi: bins.edges[i + 1]!, y })));
  return { count, tops, bins, hit, axis: settings.axis };
}

/**
 * The bin under data value x, as both the click (chart-interaction.ts, pickBin) and the tooltip
 * find it: lo ≤ x < hi of the drawn bars. −1 outside them.
 */
export function topWaitsBinAt(view: TopWaitsView, x: number): number {
  return binAt(view.hit[0] ?? [], x);
}

/**
 * Where echarts' axis tooltip may land. It does not report the pointer: it snaps to the nearest
 * data point of the series it involves and reports that point's x. On the step outlines those
 * points are the bar edges, so the right half of a bar snapped to its right edge and the tooltip
 * described the NEXT bar, while a click there selected the bar under the pointer (the bug of
 * issue 12 §2). The tooltip therefore involves only this invisible series: for each bar its
 * first value lo and its last value justBelow(hi), so the point nearest any x inside the bar is
 * one of the bar's own, and topWaitsBinAt of it is the bar topWaitsBinAt(x) finds.
 */
function tooltipAnchors(edges: readonly number[]): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i + 1 < edges.length; i++) points.push([edges[i]!, 0], [justBelow(edges[i + 1]!), 0]);
  return points;
}

export function topWaitsOption(report: WaitscopeReport, unit: DisplayUnit, view: TopWaitsView): EChartsCoreOption {
  const names = datasetNames(report);
  const { edges, counts } = view.bins;
  const series = report.datasets.map((_, i) => ({
    name: names[i],
    id: `top-${i}`,
    type: 'line',
    showSymbol: false,
    animation: false,
    color: datasetColor(i),
    lineStyle: { width: 1.5 },
    areaStyle: { color: datasetFill(i, 0.18) },
    // Not a tooltip target: its points are bar edges (see tooltipAnchors).
    tooltip: { show: false },
    // Each dataset's largest wait, marked: at this y scale the last few outliers are too few to
    // see, and how far out they reach is half of the figure's story.
    markLine: maxLine(view.tops[i]![0], i, unit),
    data: stepOutline(counts[i]!.map((y, b) => ({ lo: edges[b]!, hi: edges[b + 1]!, y }))),
  }));
  const anchors = {
    id: 'tooltip-anchors',
    type: 'line',
    silent: true,
    symbol: 'none',
    animation: false,
    lineStyle: { opacity: 0 },
    data: tooltipAnchors(edges),
  };
  return {
    color: report.datasets.map((_, i) => datasetColor(i)),
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    legend: { top: 0, data: names, icon: 'roundRect' },
    grid: { top: 40, left: 64, right: 40, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      // A pointer line would sit at the anchor, a bar edge, not where the pointer is.
      axisPointer: { type: 'none' },
      formatter: (params: { axisValue?: number }[]) => tooltipAt(Number(params[0]?.axisValue), names, view, unit, valuesNoun(report.measure)),
    },
    xAxis: {
      type: view.axis === 'log' ? 'log' : 'value',
      ...(view.axis === 'log' ? { logBase: 10, minorTick: { show: true, splitNumber: 10 } } : {}),
      ...(edges.length > 0 ? { min: edges[0], max: edges[edges.length - 1] } : {}),
      name: timeAxisName(unit, view.axis, valueTimeName(report.measure)),
      nameLocation: 'middle',
      nameGap: 32,
      axisLabel: { formatter: (v: number) => formatTimeTick(v, unit), color: INK.muted, hideOverlap: true },
      splitLine: { show: view.axis === 'log', lineStyle: { color: INK.grid } },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: `${valuesNoun(report.measure)} per bin`,
      nameLocation: 'middle',
      nameGap: 48,
      axisLabel: { formatter: (v: number) => formatCount(v), color: INK.muted },
      splitLine: { lineStyle: { color: INK.grid } },
    },
    series: [...series, anchors],
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

/** The bar at x: its range (data-bin holds its index, for tests) and each dataset's count in it. */
export function tooltipAt(x: number, names: string[], view: TopWaitsView, unit: DisplayUnit, noun = 'waits'): string {
  const b = topWaitsBinAt(view, x);
  if (b < 0) return '';
  const { edges, counts } = view.bins;
  const range = `<span data-bin="${b}">${formatTime(edges[b], unit)}–${formatTime(edges[b + 1], unit, { withUnit: true })}</span>`;
  return [range, ...names.map((name, i) => tooltipRow(i, name, `${formatCount(counts[i]![b])} ${noun}`))].join('<br/>');
}

/** "2.5 %", "0.25 %", "100 %": a share with two significant digits. */
export function formatShare(part: number, whole: number): string {
  if (!(whole > 0)) return '–';
  return `${numberFormat({ maximumSignificantDigits: 2 }).format((100 * part) / whole)} %`;
}

/**
 * What N is, as a share of each dataset: "top 10,000 waits of each dataset (0.25 % of 4,000,000)",
 * or one share per dataset when their sizes differ.
 */
export function topWaitsCaption(report: WaitscopeReport, view: TopWaitsView): string {
  const shares = report.datasets.map((d, i) => {
    const shown = view.tops[i]!.length;
    const total = d.summary.count;
    return `${formatShare(shown, total)} of ${formatCount(total)}${shown < view.count ? `: all of its ${valuesNoun(report.measure)}` : ''}`;
  });
  const same = shares.every((s) => s === shares[0]);
  return `top ${formatCount(view.count)} ${valuesNoun(report.measure)} of each dataset (${same ? shares[0] : shares.join('; ')})`;
}
