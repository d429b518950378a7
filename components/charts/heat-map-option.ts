/**
 * The echarts option of one dataset's heat map of latency over time (issue 15 §3, after
 * PyLatencyMap): x = time, y = Oracle's log2 buckets (V$EVENT_HISTOGRAM_MICRO), colour = the waits
 * of a cell (frequency) or their time waited (intensity), with the p50 and p99 of each interval as
 * lines over it. Every wait is counted in its cell: nothing is sampled. The cells and quantiles come
 * from the worker (lib/worker/over-time-request.ts); this file only lays them out.
 *
 * Axes: echarts' heatmap needs two category axes. They are laid over two value axes of the same
 * extent, which carry what a category axis cannot:
 * - x: a value axis in ms (axis 0, visible, the one a drag reads: onXDrag converts pixels on the
 *   grid's first axes) from the start of the first interval to the end of the last, and the
 *   intervals as a hidden category axis (1) whose bands fill exactly the same width;
 * - y: the buckets as a category axis (0, labelled "< 1,024 µs"), and a hidden log2 axis (1) from the
 *   lowest bucket's lower edge to the highest's upper edge: one doubling per band, so a p99 of 700 µs
 *   lies inside the band of [512, 1024) µs, at its log position.
 * Time on x: ms on the axis as the timeline has it (UTC epoch ms, or the trace's local wall time as if
 * UTC), or ms since the dataset's first wait.
 *
 * Colour is log10 of the cell's value on a scale shared by every dataset's figure (the caller passes
 * the range), light for few waits, dark for many; an empty cell is not drawn (white). The scale starts
 * at 1 wait (or 1 µs waited), not at the smallest cell: stretched over the data's own narrow range, a
 * steady load's ±20 % from one interval to the next painted stripes. Twice the waits is always the
 * same step of colour.
 *
 * The first interval starts before the first wait and the last ends after the last one (intervals
 * sit on round times): those stretches had no trace, and are greyed so that the thin edge columns do
 * not read as a drop in load.
 */
import type { DatasetHeatMap } from '@/lib/worker/over-time-request';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { echarts, type EChartsCoreOption } from './echarts-setup';
import { INK } from './palette';
import { timelineAxisName } from './timeline-option';
import { formatTimeTickLabel, timeTicks, timeTickStep } from './time-ticks';
import { escapeHtml } from './tooltip';

export type HeatColour = 'count' | 'time';
export type HeatAxis = 'clock' | 'since-start';

/** The plot area's margins (px); the visual map sits in the right margin. */
export const HEAT_GRID = { top: 36, left: 124, right: 104, bottom: 60 } as const;

/** Light to dark (ColorBrewer YlOrBr, 7 classes as a continuous ramp): more waits, darker; readable in greyscale. */
export const HEAT_COLOURS = ['#fff7bc', '#fee391', '#fec44f', '#fe9929', '#ec7014', '#cc4c02', '#8c2d04'] as const;
const P50_COLOUR = '#1f3a5f';
const P99_COLOUR = '#0072B2';

export interface HeatMapInput {
  map: DatasetHeatMap;
  unit: DisplayUnit;
  colour: HeatColour;
  axis: HeatAxis;
  /** log10 range of the colour, shared by every dataset's figure (heatColourRange). */
  colourRange: { min: number; max: number };
  /** ms: the x extent, shared by the figures in since-start mode so they line up; null: this map's own. */
  xMax?: number | null;
}

/** The values colour reads, µs or waits. */
function cellValues(map: DatasetHeatMap, colour: HeatColour): Float64Array {
  return colour === 'count' ? map.count : map.timeWaited;
}

/**
 * The log10 range of one colour scale over the maps: from 1 wait or 1 µs (lower for cells of under
 * 1 µs waited) to the largest cell, at least one decade; {0, 1} when there is no cell.
 */
export function heatColourRange(maps: readonly DatasetHeatMap[], colour: HeatColour): { min: number; max: number } {
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of maps) {
    const values = cellValues(m, colour);
    for (let c = 0; c < values.length; c++) {
      const v = values[c] as number;
      if (v > 0 && m.count[c]! > 0) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
  }
  if (!(lo <= hi)) return { min: 0, max: 1 };
  const min = Math.min(0, Math.floor(Math.log10(lo)));
  const max = Math.log10(hi);
  return { min, max: Math.max(max, min + 1) };
}

/** Where interval 0 starts on the x axis, ms. */
export function heatX0(map: DatasetHeatMap, axis: HeatAxis): number {
  return axis === 'clock' ? map.start / 1000 : 0;
}

/** The end of the x axis, ms. */
export function heatX1(map: DatasetHeatMap, axis: HeatAxis): number {
  return heatX0(map, axis) + (map.intervals * map.intervalMicros) / 1000;
}

/** "< 1,024 µs", "< 1.024 ms", "≥ 4,294,967,296 µs": Oracle's labels, in the page's unit. */
export function bucketLabel(b: DatasetHeatMap['buckets'][number], unit: DisplayUnit): string {
  return b.upperBound === null ? `≥ ${formatTime(b.lowerBound, unit, { withUnit: true })}` : `< ${formatTime(b.upperBound, unit, { withUnit: true })}`;
}

/** "+0:00:30": time since the start, h:mm:ss (with ms below a second). */
export function sinceStartLabel(given: number): string {
  const ms = Math.round(given);
  const whole = Math.floor(ms / 1000);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const frac = ms % 1000;
  return `+${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${frac !== 0 ? `.${String(Math.round(frac)).padStart(3, '0')}` : ''}`;
}

const MAX_X_TICKS = 8;

function xAxisOf(map: DatasetHeatMap, axis: HeatAxis, xMax: number | null | undefined) {
  const min = heatX0(map, axis);
  const max = axis === 'since-start' && xMax != null ? Math.max(xMax, heatX1(map, axis)) : heatX1(map, axis);
  const step = timeTickStep(min, max, MAX_X_TICKS);
  const ticks = timeTicks(min, max, step);
  const name =
    axis === 'since-start'
      ? "time since the dataset's first wait (h:mm:ss), by each wait's end"
      : `${timelineAxisName(map.axis)}, by each wait's end`;
  return {
    type: 'value',
    min,
    max,
    name,
    nameLocation: 'middle',
    nameGap: axis === 'clock' ? 40 : 28,
    splitLine: { show: false },
    axisTick: { customValues: ticks },
    axisLabel: { color: INK.muted, hideOverlap: true, margin: 10, lineHeight: 14, customValues: ticks, formatter: (v: number) => (axis === 'since-start' ? sinceStartLabel(v - min) : map.axis === 'tim' ? formatCount(Math.round(v * 1000)) : formatTimeTickLabel(v, step)) },
  };
}

/** The log2 axis' ends, µs: the "< 1 µs" bucket gets [0.5, 1), the open top bucket one doubling. */
function log2Extent(map: DatasetHeatMap): { min: number; max: number } {
  const first = map.buckets[0];
  const last = map.buckets[map.buckets.length - 1];
  if (!first || !last) return { min: 1, max: 2 };
  return { min: first.lowerBound > 0 ? first.lowerBound : 0.5, max: last.upperBound ?? last.lowerBound * 2 };
}

/**
 * What an option draws (as the timeline's parts, timeline-option.ts): 'whole' for exports and tests;
 * 'cells' all but the text in the page's unit (the buckets' labels), so a units switch does not draw
 * the cells again (issue 13 §2); 'labels' that text alone, on the same grid, for ChartFrame's overlay.
 */
export type HeatMapPart = 'whole' | 'cells' | 'labels';

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

function bucketAxis(map: DatasetHeatMap, unit: DisplayUnit, visible: boolean) {
  return {
    type: 'category',
    boundaryGap: true,
    data: map.buckets.map((b) => bucketLabel(b, unit)),
    min: 0,
    max: Math.max(0, map.buckets.length - 1),
    name: `wait time (Oracle's log2 buckets, ${unit === 'us' ? 'µs' : 'ms'})`,
    nameLocation: 'middle',
    nameGap: 104,
    nameTextStyle: { color: visible ? INK.text : TRANSPARENT },
    axisLabel: { color: visible ? INK.muted : TRANSPARENT, fontSize: 11 },
    splitLine: { show: false },
  };
}

export function heatMapOption(input: HeatMapInput, part: HeatMapPart = 'whole', unitNow: () => DisplayUnit = () => input.unit): EChartsCoreOption {
  const { map, unit, colour, axis, colourRange, xMax } = input;
  if (part === 'labels') {
    return {
      textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
      grid: { ...HEAT_GRID, outerBoundsMode: 'none' },
      xAxis: { type: 'value', show: false, min: 0, max: 1 },
      yAxis: { ...bucketAxis(map, unit, true), axisLine: { show: false }, axisTick: { show: false } },
      series: [],
    };
  }
  const nb = map.buckets.length;
  const values = cellValues(map, colour);
  const cells: { value: number[]; itemStyle: { color: string; borderColor: string; borderWidth: number } }[] = [];
  for (let iv = 0; iv < map.intervals; iv++) {
    for (let b = 0; b < nb; b++) {
      const c = iv * nb + b;
      const n = map.count[c] as number;
      if (n === 0) continue;
      const v = values[c] as number;
      // A cell of 0 µs waits has no log: it takes the lightest colour, as the fewest waits do.
      const level = v > 0 ? Math.log10(v) : colourRange.min;
      cells.push({ value: [iv, b, level, n, map.timeWaited[c] as number], itemStyle: cellStyle(level, colourRange) });
    }
  }
  const x0 = heatX0(map, axis);
  const width = map.intervalMicros / 1000;
  const extent = log2Extent(map);
  const line = (q: Float64Array) => Array.from(q, (v, iv) => [x0 + (iv + 0.5) * width, Number.isNaN(v) ? null : Math.max(v, extent.min)]);
  const startText = (iv: number) => (axis === 'clock' ? formatTimeTickLabel(x0 + iv * width, 1).replace('\n', ' ') : sinceStartLabel(iv * width));
  return {
    animation: false,
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    // Fixed margins, not laid out around the labels: the cells lie in the same place in µs and ms.
    grid: { ...HEAT_GRID, outerBoundsMode: 'none' },
    legend: { top: 4, right: HEAT_GRID.right, selectedMode: false, data: ['p50', 'p99'], textStyle: { color: INK.text } },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesType?: string; data?: unknown; value?: number[] }) => {
        if (p.seriesType !== 'heatmap' || !p.data) return '';
        const [iv, b, , n, waited] = p.value as [number, number, number, number, number];
        const bucket = map.buckets[b]!;
        const unit = unitNow();
        return [
          `<b>${escapeHtml(startText(iv))}</b> (${escapeHtml(sinceStartLabel(width))} interval)`,
          `${escapeHtml(bucketLabel(bucket, unit))}${bucket.lowerBound > 0 ? ` (from ${escapeHtml(formatTime(bucket.lowerBound, unit, { withUnit: true }))})` : ''}`,
          `${formatCount(n)} wait${n === 1 ? '' : 's'}, ${escapeHtml(formatTime(waited, unit, { withUnit: true }))} waited`,
        ].join('<br>');
      },
    },
    xAxis: [xAxisOf(map, axis, xMax), { type: 'category', show: false, boundaryGap: true, data: Array.from({ length: map.intervals }, (_, i) => i) }],
    yAxis: [
      bucketAxis(map, unit, part === 'whole'),
      { type: 'log', logBase: 2, ...extent, show: false },
    ],
    visualMap: {
      type: 'continuous',
      seriesIndex: 0,
      dimension: 2,
      min: colourRange.min,
      max: colourRange.max,
      calculable: false,
      orient: 'vertical',
      right: 8,
      top: 'middle',
      itemHeight: 160,
      // The ends of the scale are in the caption, in the page's unit (heatColourEnds): nothing here changes with it.
      text: ['more', 'fewer'],
      textStyle: { color: INK.muted, fontSize: 11 },
      inRange: { color: [...HEAT_COLOURS] },
    },
    series: [
      { type: 'heatmap', name: 'cells', xAxisIndex: 1, yAxisIndex: 0, data: cells, progressive: 0, emphasis: { disabled: true } },
      // A white halo under each line keeps it visible on the darkest and the lightest cells alike.
      ...quantileLine('p50', line(map.perInterval.p50), P50_COLOUR, 'solid'),
      ...quantileLine('p99', line(map.perInterval.p99), P99_COLOUR, 'dashed'),
      uncovered(map, axis),
    ],
  };
}

function quantileLine(name: string, data: (number | null)[][], color: string, type: 'solid' | 'dashed') {
  const common = { type: 'line', xAxisIndex: 0, yAxisIndex: 1, data, showSymbol: false, connectNulls: false, silent: true, animation: false };
  return [
    { ...common, name: `${name} halo`, color: '#ffffff', lineStyle: { color: '#ffffff', width: 4.5, opacity: 0.9 }, z: 3 },
    { ...common, name, color, lineStyle: { color, width: 2, type }, z: 4 },
  ];
}

/** Grey over the parts of the first and last interval before the first wait and after the last one. */
function uncovered(map: DatasetHeatMap, axis: HeatAxis) {
  const x0 = heatX0(map, axis);
  const shift = axis === 'clock' ? 0 : map.start / 1000;
  const first = map.first / 1000 - shift;
  const last = map.last / 1000 - shift;
  const areas = [
    ...(first > x0 ? [[{ xAxis: x0 }, { xAxis: first }]] : []),
    ...(last < heatX1(map, axis) ? [[{ xAxis: last }, { xAxis: heatX1(map, axis) }]] : []),
  ];
  return {
    type: 'line',
    name: 'no trace',
    xAxisIndex: 0,
    yAxisIndex: 1,
    data: [],
    silent: true,
    z: 5,
    markArea: { silent: true, itemStyle: { color: 'rgba(140, 149, 159, 0.45)' }, data: areas },
  };
}

/**
 * A cell's colour, as the visual map's bar shows it, for its fill and its border: a border of its
 * own colour covers the hairline that anti-aliasing leaves between two cells, which on a dark band
 * reads as a stripe at every interval.
 */
function cellStyle(level: number, range: { min: number; max: number }) {
  const t = Math.min(1, Math.max(0, (level - range.min) / (range.max - range.min)));
  const color = echarts.color.lerp(t, [...HEAT_COLOURS]) as string;
  return { color, borderColor: color, borderWidth: 0.6 };
}

/** The colour scale's ends in words, for the caption: "1 wait to 12,516 waits", "1 µs to 31,016 µs". */
export function heatColourEnds(range: { min: number; max: number }, colour: HeatColour, unit: DisplayUnit): string {
  return `${visualMapEnd(range.min, colour, unit)} (lightest) to ${visualMapEnd(range.max, colour, unit)} (darkest)`;
}

/** An end of the colour scale, 10^v waits or µs waited, in words. */
function visualMapEnd(v: number, colour: HeatColour, unit: DisplayUnit): string {
  const value = 10 ** v;
  const n = Math.round(value);
  return colour === 'count' ? `${formatCount(n)} wait${n === 1 ? '' : 's'}` : formatTime(value, unit, { withUnit: true });
}
