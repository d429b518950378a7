/**
 * What of a figure's option changes with the display unit alone: its axes (names and tick labels),
 * its tooltip and its series' markers (labelled lines such as "max 1.234 ms"). ChartFrame merges this
 * into a chart whose data have not changed, so a units switch does not rebuild the chart: echarts
 * keeps every series' data and drawing and patches the text (issue 13 §2: a redraw in under 50 ms).
 * The axes carry no data, so the patch is small whatever the figure draws.
 */
import type { EChartsCoreOption } from './echarts-setup';

interface SeriesOption {
  id?: string;
  markLine?: unknown;
}

export function labelPatch(option: EChartsCoreOption): EChartsCoreOption {
  const series = Array.isArray(option.series) ? (option.series as SeriesOption[]) : [];
  return {
    // Merged text would otherwise slide from the old labels to the new ones (echarts' update
    // animation), where a whole redraw shows them at once; the series already draw unanimated.
    animation: false,
    ...(option.tooltip !== undefined ? { tooltip: option.tooltip } : {}),
    ...(option.xAxis !== undefined ? { xAxis: option.xAxis } : {}),
    ...(option.yAxis !== undefined ? { yAxis: option.yAxis } : {}),
    // By id, as echarts merges series; a series without markers gets nothing new.
    series: series.map((s) => ({ ...(s.id !== undefined ? { id: s.id } : {}), ...(s.markLine !== undefined ? { markLine: s.markLine } : {}) })),
  };
}
