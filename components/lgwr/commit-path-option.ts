/**
 * The two histograms of the commit path side by side (Oracle's advice for the Smart Flash Log:
 * compare the foreground's `log file sync` with LGWR's `log file parallel write`; lib/lgwr/lgwr-sources.ts):
 * two grids with the same log2 buckets (V$EVENT_HISTOGRAM_MICRO's, computed in lib/lgwr) on the
 * same log time axis, so a tail in one and not the other is seen at a glance. Counts are on a log
 * axis too: a tail of a few waits next to thousands would vanish on a linear one; an empty bucket
 * is drawn at the axis floor (½), below the first tick.
 */
import type { HistogramRow } from '@/lib/lgwr/pair-commit-path';
import { formatTimeTick } from '../charts/axis-format';
import type { EChartsCoreOption } from '../charts/echarts-setup';
import { datasetColor, datasetFill } from '../charts/palette';
import { stepOutline } from '../charts/step-outline';

const FLOOR = 0.5;

function series(rows: readonly HistogramRow[], key: 'syncs' | 'writes', grid: number, color: number, name: string) {
  const bins = rows.map((r) => ({ lo: Math.max(r.lowerBound, FLOOR), hi: r.upperBound ?? r.lowerBound * 2, y: Math.max(r[key], FLOOR) }));
  return {
    type: 'line',
    name,
    xAxisIndex: grid,
    yAxisIndex: grid,
    data: stepOutline(bins).map(([x, y]) => [x, Math.max(y, FLOOR)]),
    symbol: 'none',
    lineStyle: { color: datasetColor(color), width: 1.5 },
    // The legend's swatch takes the item colour.
    itemStyle: { color: datasetColor(color) },
    areaStyle: { color: datasetFill(color, 0.25), origin: 'start' },
    animation: false,
  };
}

export function commitPathHistogramOption(rows: readonly HistogramRow[], writeName: string): EChartsCoreOption {
  const lo = Math.max(FLOOR, rows[0]?.lowerBound ?? 1);
  const last = rows[rows.length - 1];
  const hi = last ? (last.upperBound ?? last.lowerBound * 2) : 2;
  // The next power of ten above the highest bucket: a round top tick.
  const peak = 10 ** Math.ceil(Math.log10(Math.max(2, ...rows.map((r) => Math.max(r.syncs, r.writes))) * 1.05));
  const xAxis = (gridIndex: number) => ({
    type: 'log',
    logBase: 2,
    gridIndex,
    min: lo,
    max: hi,
    name: 'wait time (µs, log2 buckets)',
    nameLocation: 'middle',
    nameGap: 28,
    axisLabel: { formatter: (v: number) => formatTimeTick(v, 'us'), hideOverlap: true },
  });
  const yAxis = (gridIndex: number) => ({ type: 'log', gridIndex, min: FLOOR, max: peak, name: gridIndex === 0 ? 'waits (log scale)' : '', axisLabel: { formatter: (v: number) => (v < 1 ? '' : String(v)) } });
  return {
    legend: { top: 0 },
    grid: [
      { left: '7%', right: '53%', top: 36, bottom: 48 },
      { left: '57%', right: '3%', top: 36, bottom: 48 },
    ],
    xAxis: [xAxis(0), xAxis(1)],
    yAxis: [yAxis(0), yAxis(1)],
    tooltip: { trigger: 'axis' },
    series: [series(rows, 'syncs', 0, 0, "foreground: 'log file sync' (left)"), series(rows, 'writes', 1, 1, `LGWR: '${writeName}' (right)`)],
  };
}
