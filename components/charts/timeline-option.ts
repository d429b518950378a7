/**
 * The echarts option of the outlier timeline (issue 6 §3): every wait's ela (log y) against its
 * wall-clock time, one scatter per dataset, with threshold lines. Hundreds of thousands of points
 * (lib/outliers/timeline.ts keeps every wait above p99 and a bounded sample of the rest) are drawn
 * in echarts' large mode, progressively, from one flat Float64Array per dataset.
 *
 * Time unit: t is MILLISECONDS on the axis, the unit of echarts' time axis and of Date:
 * - 'utc': ms since the Unix epoch;
 * - 'local': ms since 1970-01-01T00:00 of the trace's wall clock, as if it were UTC (the `***`
 *   stamp has no offset, so the zone is unknown); the axis shows that wall time unshifted;
 * - 'tim': the raw `tim` (µs) divided by 1000; the axis labels show the raw tim µs.
 * Both kinds of wall time are drawn with useUTC, so the viewer's own zone never shifts them, on a
 * value axis whose ticks and ISO labels time-ticks.ts chooses.
 *
 * Complete and sampled points: above a dataset's keepAbove (its p99) every wait is a point; below
 * it only a sample is (lib/outliers/timeline.ts). Drawn alike, the density of points would jump
 * at p99 and paint a false band, so the sampled points are drawn fainter and smaller, as a series
 * of their own, and keepAbove is a dotted line in the dataset's colour; the caption says which is which.
 */
import { formatMicrosIso } from '@/lib/outliers/stamps';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { formatTimeTick, timeAxisName } from './axis-format';
import type { EChartsCoreOption } from './echarts-setup';
import { datasetColor, datasetFill, INK } from './palette';
import { formatTimeTickLabel, timeTicks, timeTickStep } from './time-ticks';
import { escapeHtml, tooltipRow } from './tooltip';

export type TimelineTimeKind = 'utc' | 'local' | 'tim';

export interface TimelineSeries {
  label: string;
  /** Palette index: the dataset's colour in the other figures. */
  colorIndex: number;
  /** t: ms on the axis (see the file comment); ela: µs. Same length. */
  points: { t: Float64Array; ela: Float64Array };
  /** µs: every wait above is among the points, those at or below are a sample. 0: every wait is a point; absent: not known, nothing marked. */
  keepAbove?: number;
  /** What keepAbove is, for its line's label: the dataset's 'p99' (the default), or e.g. a shared report's cut. */
  keepName?: string;
}

export interface TimelineInput {
  series: readonly TimelineSeries[];
  unit: DisplayUnit;
  /** µs, drawn as labelled horizontal lines. */
  thresholds: readonly number[];
  timeKind: TimelineTimeKind;
  /**
   * px: the width of every y tick label's box, the widest label in either unit (TimelineFigure
   * measures it). The labels' width places the plot area, so with it the points lie in the same
   * place in µs and ms, and a units switch draws only new labels (the 'labels' part).
   */
  yLabelWidth?: number;
}

/** One series' drawable points: x/y interleaved, and how many waits could not be drawn. */
export interface TimelinePacked {
  /** [t0, ela0, t1, ela1, …] of the complete points (ela above keepAbove; all of them without one): echarts reads a flat typed array as rows of the 2 dimensions. */
  xy: Float64Array;
  /** The same for the sampled points (ela at or below keepAbove). */
  sampled: Float64Array;
  /** Points drawn, complete and sampled. */
  count: number;
  /** Waits with ela ≤ 0 (no place on a log axis) or a non-finite time or ela. */
  dropped: number;
  minEla: number;
  maxEla: number;
  minT: number;
  maxT: number;
}

export function packTimeline(points: TimelineSeries['points'], keepAbove?: number): TimelinePacked {
  const { t, ela } = points;
  const n = Math.min(t.length, ela.length);
  const complete: number[] = [];
  const sampled: number[] = [];
  let minEla = Infinity;
  let maxEla = -Infinity;
  let minT = Infinity;
  let maxT = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = t[i]!;
    const y = ela[i]!;
    if (!(y > 0 && Number.isFinite(y) && Number.isFinite(x))) continue;
    (keepAbove !== undefined && y <= keepAbove ? sampled : complete).push(x, y);
    if (y < minEla) minEla = y;
    if (y > maxEla) maxEla = y;
    if (x < minT) minT = x;
    if (x > maxT) maxT = x;
  }
  const count = (complete.length + sampled.length) / 2;
  return { xy: Float64Array.from(complete), sampled: Float64Array.from(sampled), count, dropped: Math.max(t.length, ela.length) - count, minEla, maxEla, minT, maxT };
}

/** Whole decades (µs) around every drawn wait and every threshold, or null with nothing to draw. */
export function timelineYRange(packed: readonly TimelinePacked[], thresholds: readonly number[]): { min: number; max: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of packed) {
    if (p.count === 0) continue;
    lo = Math.min(lo, p.minEla);
    hi = Math.max(hi, p.maxEla);
  }
  if (lo > hi) return null;
  for (const th of thresholds) if (th > 0 && Number.isFinite(th)) hi = Math.max(hi, th);
  const min = 10 ** Math.floor(Math.log10(lo) + 1e-9);
  const max = 10 ** Math.ceil(Math.log10(hi) - 1e-9);
  return { min, max: max > min ? max : min * 10 };
}

/** A time on the axis as people read it: ISO to the µs (UTC with +00:00, local without an offset), or the raw tim. */
export function formatTimelineTime(ms: number, kind: TimelineTimeKind): string {
  const micros = Math.round(ms * 1000);
  if (kind === 'tim') return `tim=${micros}`;
  return kind === 'utc' ? formatMicrosIso(micros, 0) : `${formatMicrosIso(micros, null)} (local)`;
}

export function timelineAxisName(kind: TimelineTimeKind): string {
  if (kind === 'utc') return 'wall-clock time (UTC)';
  if (kind === 'local') return 'wall-clock time (local to the trace, zone unknown)';
  return 'tim (µs of the process clock, no *** stamp)';
}

/** Unique legend names, as dataset-names.ts does for reports. */
function seriesNames(series: readonly TimelineSeries[]): string[] {
  const seen = new Set<string>();
  return series.map((s, i) => {
    let name = s.label.trim() || `dataset ${i + 1}`;
    if (seen.has(name)) name = `${name} (${i + 1})`;
    seen.add(name);
    return name;
  });
}

/** Points per progressive chunk: about a frame's worth of drawing, so the page stays responsive. */
export const TIMELINE_CHUNK = 50_000;

/** The plot area's margins (px). The window drag (chart-interaction.ts, onXDrag) draws its band between top and bottom. */
export const TIMELINE_GRID = { top: 40, left: 64, right: 40, bottom: 64 } as const;

/**
 * The points and their threshold lines live on canvas layer 1, everything else on layer 0: the
 * band of a window drag (layer 0) then repaints without redrawing 400,000 points each move.
 */
const POINTS_LAYER = 1;
/** The threshold and p99 lines with their labels, above the points so that no point hides them. */
const LINES_LAYER = 2;

/** Whether the series' points below keepAbove are a sample (keepAbove 0: every wait is a point). */
export function sampledBelow(s: TimelineSeries): boolean {
  return s.keepAbove !== undefined && s.keepAbove > 0;
}

/** Most ticks on the wall-clock axis: ISO dates are ~65 px wide, and the plot of a narrow page ~500 px. */
export const TIMELINE_MAX_TICKS = 6;

/** The wall-clock axis: ticks at multiples of a round step over the points' span, ISO labels. */
function wallClockAxis(packed: readonly TimelinePacked[]) {
  const min = Math.min(...packed.map((p) => p.minT));
  const max = Math.max(...packed.map((p) => p.maxT));
  if (!(min <= max)) return {};
  const step = timeTickStep(min, max, TIMELINE_MAX_TICKS);
  const ticks = timeTicks(min, max, step);
  return {
    min,
    max,
    axisTick: { customValues: ticks },
    axisLabel: { color: INK.muted, hideOverlap: true, customValues: ticks, formatter: (v: number) => formatTimeTickLabel(v, step) },
  };
}

/**
 * What an option draws of the timeline:
 * - 'whole': all of it (exports, and tests);
 * - 'points': all but the text that names a unit (the y axis' name and tick labels, the lines'
 *   labels), so it does not change with the unit: redrawing 400,000 points for new labels is the
 *   slow part of a units switch (issue 13 §2);
 * - 'labels': that text alone, on the same grid and axis range, for a second chart laid over the
 *   first (ChartFrame's overlay). Together the two draw exactly what 'whole' draws.
 */
export type TimelinePart = 'whole' | 'points' | 'labels';

export function timelineOption(
  input: TimelineInput,
  packed: readonly TimelinePacked[] = input.series.map((s) => packTimeline(s.points, s.keepAbove)),
  part: TimelinePart = 'whole',
  /** The unit of the tooltip when it shows: 'points' is built once for every unit. */
  unitNow: () => DisplayUnit = () => input.unit,
): EChartsCoreOption {
  const { series, unit, thresholds, timeKind } = input;
  const names = seriesNames(series);
  const range = timelineYRange(packed, thresholds);
  if (part === 'labels') return timelineLabels(input, names, range);
  const labelled = part === 'whole';
  const scatterOf = (s: TimelineSeries, i: number, kind: 'complete' | 'sampled') => ({
    name: names[i],
    id: kind === 'complete' ? `timeline-${i}` : `timeline-${i}-sampled`,
    type: 'scatter',
    large: true,
    largeThreshold: 2_000,
    progressive: TIMELINE_CHUNK,
    progressiveThreshold: TIMELINE_CHUNK,
    symbolSize: kind === 'complete' ? 3 : 2,
    zlevel: POINTS_LAYER,
    animation: false,
    color: datasetColor(s.colorIndex),
    itemStyle: { color: datasetFill(s.colorIndex, kind === 'complete' ? 0.6 : 0.22) },
    dimensions: ['t', 'ela'],
    encode: { x: 't', y: 'ela' },
    data: kind === 'complete' ? packed[i]!.xy : packed[i]!.sampled,
  });
  // Sampled first, so the complete points are drawn over them; sources[k] says what series k holds.
  const sources: { i: number; kind: 'complete' | 'sampled' }[] = [];
  const scatter = series.flatMap((s, i) => {
    const kinds = sampledBelow(s) ? (['sampled', 'complete'] as const) : (['complete'] as const);
    return kinds.map((kind) => {
      sources.push({ i, kind });
      return scatterOf(s, i, kind);
    });
  });
  // The lines on a series of their own, so hiding a dataset in the legend keeps them.
  const lines = thresholdLines(input, names, { lines: true, labels: labelled });
  const wallClock = timeKind !== 'tim';
  return {
    useUTC: true,
    color: series.map((s) => datasetColor(s.colorIndex)),
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    legend: { top: 0, data: names, icon: 'roundRect' },
    grid: { ...TIMELINE_GRID },
    tooltip: {
      trigger: 'item',
      formatter: (param: { seriesIndex?: number; dataIndex?: number }) => {
        const source = sources[param.seriesIndex ?? -1];
        if (!source) return '';
        const xy = source.kind === 'complete' ? packed[source.i]!.xy : packed[source.i]!.sampled;
        const k = param.dataIndex ?? -1;
        if (!(k >= 0 && 2 * k + 1 < xy.length)) return '';
        const s = series[source.i]!;
        const note = source.kind === 'sampled' ? ' (sampled point)' : '';
        return `${escapeHtml(formatTimelineTime(xy[2 * k]!, timeKind))}<br/>${tooltipRow(s.colorIndex, names[source.i]!, formatTime(xy[2 * k + 1], unitNow(), { withUnit: true }) + note)}`;
      },
    },
    xAxis: {
      type: 'value',
      scale: true,
      name: timelineAxisName(timeKind),
      nameLocation: 'middle',
      nameGap: wallClock ? 40 : 32,
      splitLine: { show: true, lineStyle: { color: INK.grid } },
      // A value axis rounds its ends to nice numbers, which for tim (~10^12 µs) leaves wide empty margins.
      ...(wallClock
        ? wallClockAxis(packed)
        : { min: 'dataMin', max: 'dataMax', axisLabel: { color: INK.muted, hideOverlap: true, formatter: (v: number) => formatCount(Math.round(v * 1000)) } }),
    },
    // The points' part keeps the axis' text, transparent: it takes the room it takes in the labels' part.
    yAxis: { ...yAxisOf(range, unit, input.yLabelWidth, labelled), splitLine: { lineStyle: { color: INK.grid } } },
    series: [...scatter, lines],
  };
}

/** The log time axis with its name and tick labels in the unit (drawn in ink, or transparent). */
function yAxisOf(range: { min: number; max: number } | null, unit: DisplayUnit, labelWidth: number | undefined, visible: boolean) {
  return {
    type: 'log',
    logBase: 10,
    ...(range ?? {}),
    name: timeAxisName(unit, 'log'),
    nameLocation: 'middle',
    nameGap: 48,
    ...(visible ? {} : { nameTextStyle: { color: TRANSPARENT } }),
    axisLabel: { formatter: (v: number) => formatTimeTick(v, unit), color: visible ? INK.muted : TRANSPARENT, ...(labelWidth === undefined ? {} : { width: labelWidth }) },
  };
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/**
 * The 'labels' part: the y axis' name and tick labels and the lines' labels, on the grid and y range
 * of the points, with nothing else drawn (no x axis, no axis line, ticks, grid lines or lines).
 */
function timelineLabels(input: TimelineInput, names: readonly string[], range: { min: number; max: number } | null): EChartsCoreOption {
  return {
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    grid: { ...TIMELINE_GRID },
    // The x range only spans the lines across the plot; the axis is not drawn.
    xAxis: { type: 'value', show: false, min: 0, max: 1 },
    yAxis: { ...yAxisOf(range, input.unit, input.yLabelWidth, true), axisLine: { show: false }, axisTick: { show: false }, splitLine: { show: false } },
    series: [thresholdLines(input, names, { lines: false, labels: true })],
  };
}

/**
 * The threshold lines and every dataset's keepAbove line, on a series of their own above the
 * points, with their labels in the unit; `lines` and `labels` say which of the two are drawn.
 */
function thresholdLines({ series, unit, thresholds }: TimelineInput, names: readonly string[], drawn: { lines: boolean; labels: boolean }) {
  // Labels without lines: the lines are there (they place the labels) but transparent.
  const hidden = drawn.lines ? {} : { color: TRANSPARENT };
  return {
    name: 'thresholds',
    id: 'thresholds',
    type: 'scatter',
    data: [],
    silent: true,
    zlevel: LINES_LAYER,
    animation: false,
    markLine: {
      // A marker takes its own layer, not its series': 0 by default, under the points.
      zlevel: LINES_LAYER,
      silent: true,
      symbol: 'none',
      animation: false,
      lineStyle: { color: INK.text, type: 'dashed', width: 1, ...hidden },
      label: { show: drawn.labels, position: 'insideEndTop', color: INK.text, formatter: (p: { value?: number }) => `${formatTime(p.value, unit, { withUnit: true })}` },
      data: [
        ...thresholds.filter((th) => th > 0 && Number.isFinite(th)).map((th) => ({ yAxis: th })),
        // Drawn here, after every scatter, so no point covers them.
        ...series.flatMap((s, i) => (sampledBelow(s) ? [keepLine(s.keepAbove!, s.keepName ?? 'p99', names[i]!, s.colorIndex, unit, drawn, hidden)] : [])),
      ],
    },
  };
}

/**
 * The upper edge of a dataset's sampled points, as an item of the thresholds' markLine: a dark
 * dotted line (one in the dataset's colour vanishes into its own points) with a label in its colour.
 */
function keepLine(keepAbove: number, keepName: string, name: string, colorIndex: number, unit: DisplayUnit, drawn: { labels: boolean }, hidden: { color?: string }) {
  return {
    yAxis: keepAbove,
    lineStyle: { color: INK.text, type: 'dotted', width: 1.5, ...hidden },
    label: {
      show: drawn.labels,
      position: 'insideStartTop',
      color: datasetColor(colorIndex),
      backgroundColor: '#ffffff',
      padding: [1, 3],
      formatter: `${name}: ${keepName} ${formatTime(keepAbove, unit, { withUnit: true })}, every wait above, a sample below`,
    },
  };
}
