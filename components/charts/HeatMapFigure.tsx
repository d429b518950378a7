'use client';
/**
 * One dataset's heat map of latency over time (issue 15 §3): cells of time interval × Oracle log2
 * bucket coloured by their waits or time waited, with the p50 and p99 of each interval. Every wait
 * is in its cell; nothing is sampled. A drag across the time axis selects a window (onBrush, in ms on
 * the axis, as the timeline's). Layout: heat-map-option.ts.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { formatInterval } from '@/lib/stats/over-time-interval';
import type { DatasetHeatMap } from '@/lib/worker/over-time-request';
import { formatCount, type DisplayUnit } from '../display-units';
import { ChartFrame } from './ChartFrame';
import { onXDrag } from './chart-interaction';
import type { EChartsInstance } from './echarts-setup';
import { HEAT_GRID, heatColourEnds, heatMapOption, type HeatAxis, type HeatColour } from './heat-map-option';

export interface HeatMapFigureProps {
  map: DatasetHeatMap;
  unit: DisplayUnit;
  colour: HeatColour;
  axis: HeatAxis;
  colourRange: { min: number; max: number };
  xMax: number | null;
  /** A drag across the time axis: [t0, t1] in ms on the x axis, t0 ≤ t1. */
  onBrush?: (t0: number, t1: number) => void;
}

export function HeatMapFigure({ map, unit, colour, axis, colourRange, xMax, onBrush }: HeatMapFigureProps) {
  // A units switch draws the buckets' labels on the overlay only; the cells are drawn again only for new
  // cells, colour or axis. The tooltip reads the unit when it shows.
  const unitNow = useRef(unit);
  useEffect(() => {
    unitNow.current = unit;
  }, [unit]);
  const option = useMemo(() => heatMapOption({ map, unit: 'us', colour, axis, colourRange, xMax }, 'cells', () => unitNow.current), [map, colour, axis, colourRange, xMax]);
  const labels = useMemo(() => heatMapOption({ map, unit, colour, axis, colourRange, xMax }, 'labels'), [map, unit, colour, axis, colourRange, xMax]);
  const whole = useMemo(() => heatMapOption({ map, unit, colour, axis, colourRange, xMax }), [map, unit, colour, axis, colourRange, xMax]);
  const onWindow = useRef(onBrush);
  useEffect(() => {
    onWindow.current = onBrush;
  }, [onBrush]);
  const interact = useCallback((chart: EChartsInstance) => onXDrag(chart, HEAT_GRID, (t0, t1) => onWindow.current?.(t0, t1)), []);
  const left = [map.unplaced > 0 && `${formatCount(map.unplaced)} without a time`, map.elsewhere > 0 && `${formatCount(map.elsewhere)} on another time axis`].filter(Boolean);
  const subtitle = [
    `${map.label}: each cell holds the waits that ended in one ${formatInterval(map.intervalMicros)} interval and fell in one of Oracle's log2 buckets (V$EVENT_HISTOGRAM_MICRO).`,
    `Colour: ${colour === 'count' ? 'the number of waits (frequency)' : 'the time waited, the sum of their ela (intensity)'}, on a log scale from ${heatColourEnds(colourRange, colour, unit)}, shared by every dataset; an empty cell is white.`,
    'Grey: before the first wait and after the last, where the edge intervals had no trace.',
    `All ${formatCount(map.placed)} placed waits are counted, none sampled${left.length > 0 ? ` (not placed: ${left.join(', ')})` : ''}.`,
    'Lines: p50 (solid) and p99 (dashed) of each interval, R type 7; no p99 where an interval has fewer than 100 waits.',
    onBrush ? 'Drag across the time axis to list the waits of a window.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ChartFrame
      testId="figure-heat-map"
      figure={`heat-map-${map.datasetId}`}
      title={`Latency over time: ${map.label}`}
      subtitle={subtitle}
      option={option}
      overlay={labels}
      exportOption={whole}
      seriesCount={1}
      height={360}
      renderer="canvas"
      interact={onBrush ? interact : undefined}
    />
  );
}
