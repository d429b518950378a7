'use client';
import { capitalized } from '@/lib/stats/minimum-counts';
/**
 * The outlier timeline (issue 6 §3): ela against wall-clock time for every dataset, on a log y
 * axis with threshold lines, so bunched outliers show as a column of points. Drawn on a canvas,
 * progressively: 2 × 200,000 points do not freeze the page. A drag on the time axis selects a
 * window (onBrush). Time unit and kinds: timeline-option.ts.
 */
import { singular, useValuesNoun } from '../values-noun';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { DEFAULT_TIMELINE_BUCKETS } from '@/lib/outliers/timeline';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { ChartFrame } from './ChartFrame';
import { onXDrag } from './chart-interaction';
import type { EChartsInstance } from './echarts-setup';
import { formatTimeTick } from './axis-format';
import { packTimeline, sampledBelow, TIMELINE_GRID, timelineOption, timelineYRange, type TimelineSeries, type TimelineTimeKind } from './timeline-option';

export type { TimelineSeries, TimelineTimeKind } from './timeline-option';

export interface TimelineFigureProps {
  /** One entry per dataset. points.t is ms on the axis (epoch ms for utc/local, tim µs / 1000 for tim); points.ela is µs. */
  series: TimelineSeries[];
  unit: DisplayUnit;
  /** µs, drawn as horizontal lines with labels (e.g. the p99.9 and 500 ms). */
  thresholds: number[];
  /** UTC, the trace's local wall time (no offset in the trace), or the raw tim of one process. */
  timeKind: TimelineTimeKind;
  /** A drag across the time axis: the window [t0, t1] in the unit of points.t (ms), t0 ≤ t1. */
  onBrush?: (t0: number, t1: number) => void;
}

/** An id per typed array, so series rebuilt each render around the same arrays are recognised as the same. */
const arrayIds = new WeakMap<Float64Array, number>();
let nextArrayId = 1;
function arrayId(array: Float64Array): number {
  let id = arrayIds.get(array);
  if (id === undefined) {
    id = nextArrayId++;
    arrayIds.set(array, id);
  }
  return id;
}

/**
 * px of the widest y tick label (the decades of the axis) in µs or ms, in the font echarts draws
 * them with (12 px, the figures' family); undefined where nothing measures text (no canvas).
 */
function widestTickLabel(range: { min: number; max: number } | null): number | undefined {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!range || !context) return undefined;
  context.font = '12px system-ui, sans-serif';
  let widest = 0;
  for (let v = range.min; v <= range.max * (1 + 1e-9); v *= 10) {
    for (const unit of ['us', 'ms'] as const) widest = Math.max(widest, context.measureText(formatTimeTick(v, unit)).width);
  }
  return Math.ceil(widest);
}

export function TimelineFigure({ series: given, unit, thresholds, timeKind, onBrush }: TimelineFigureProps) {
  const noun = useValuesNoun();
  const one = singular(noun);
  // Parents tend to pass `series={x.map(...)}`, a new array each render around the same points;
  // redrawing 400,000 points for that would be wasted, so the series are keyed on what they hold.
  const seriesKey = given.map((s) => `${arrayId(s.points.t)}:${arrayId(s.points.ela)}:${s.colorIndex}:${s.label}:${s.keepAbove}`).join('|');
  // Deliberately keyed on seriesKey only: `given` of a render with the same key holds the same points.
  const series = useMemo(() => given, [seriesKey]);
  // Packing depends on the points only: a renamed dataset (a new label, same points) is not packed again.
  const pointsKey = given.map((s) => `${arrayId(s.points.t)}:${arrayId(s.points.ela)}:${s.keepAbove}`).join('|');
  const packed = useMemo(() => series.map((s) => packTimeline(s.points, s.keepAbove)), [pointsKey]);
  const brushable = onBrush !== undefined;
  // thresholds usually arrive as a fresh array each render: key the option on their values.
  const thresholdKey = thresholds.join(',');
  // The tooltip reads the unit when it shows, so the points' option is the same for every unit.
  const unitNow = useRef(unit);
  useEffect(() => {
    unitNow.current = unit;
  }, [unit]);
  const lines = useMemo(() => (thresholdKey === '' ? [] : thresholdKey.split(',').map(Number)), [thresholdKey]);
  const yLabelWidth = useMemo(() => widestTickLabel(timelineYRange(packed, lines)), [packed, lines]);
  // A units switch redraws the labels' overlay only; the points (the 'points' part, built with any
  // unit since it shows none) are drawn again only for new points, lines or time kind.
  const option = useMemo(
    () => timelineOption({ series, unit: 'us', thresholds: lines, timeKind, yLabelWidth }, packed, 'points', () => unitNow.current),
    [series, packed, lines, timeKind, yLabelWidth],
  );
  const labels = useMemo(() => timelineOption({ series, unit, thresholds: lines, timeKind, yLabelWidth }, packed, 'labels'), [series, packed, unit, lines, timeKind, yLabelWidth]);
  const whole = useMemo(() => timelineOption({ series, unit, thresholds: lines, timeKind, yLabelWidth }, packed), [series, packed, unit, lines, timeKind, yLabelWidth]);
  const onWindow = useRef(onBrush);
  useEffect(() => {
    onWindow.current = onBrush;
  }, [onBrush]);
  const interact = useCallback((chart: EChartsInstance) => onXDrag(chart, TIMELINE_GRID, (t0, t1) => onWindow.current?.(t0, t1)), []);
  const drawn = packed.reduce((sum, p) => sum + p.count, 0);
  const marked = series.some(sampledBelow);
  const dropped = packed.reduce((sum, p) => sum + p.dropped, 0);
  const dashed = thresholds.filter((th) => th > 0).map((th) => formatTime(th, unit, { withUnit: true }));
  return (
    <ChartFrame
      testId="figure-timeline"
      figure="timeline"
      title={`${capitalized(noun)} over time`}
      subtitle={`Each point is one ${one} (${formatCount(drawn)} drawn${dropped > 0 ? `, ${formatCount(dropped)} of 0 µs or without a time left out` : ''}).${
        marked ? ` Solid points: every ${one} above the dataset's dotted line (its p99 unless the label says otherwise, in the dataset's colour). Faint points: below it, only a sample (the shortest and longest ${one} of each of ${formatCount(DEFAULT_TIMELINE_BUCKETS)} time slices, and an even stride through the rest), so their density is not comparable with the solid points'.` : ''
      }${
        dashed.length > 0 ? ` Dashed lines: ${dashed.join(', ')}.` : ''
      }${brushable ? ` Drag across the time axis to list the ${noun} of a window.` : ''}`}
      option={option}
      overlay={labels}
      exportOption={whole}
      seriesCount={series.length}
      renderer="canvas"
      interact={brushable ? interact : undefined}
    />
  );
}
