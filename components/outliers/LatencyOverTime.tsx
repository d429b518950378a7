'use client';
/**
 * Issue 15 §3 in the outlier panel: a heat map of latency over time per dataset, the main view of
 * when the waits were slow. Controls: the interval (chosen from the span, or set), the colour
 * (frequency or intensity) and the time axis (wall clock, or time since each dataset's first wait, so
 * runs of different days line up). The worker computes the cells (lib/worker/over-time-request.ts);
 * a drag on a figure's time axis lists the waits of that window (`onWindow`).
 */
import { useEffect, useMemo, useState } from 'react';
import { formatInterval, NICE_INTERVALS } from '@/lib/stats/over-time-interval';
import type { DatasetHeatMap } from '@/lib/worker/over-time-request';
import type { SelectionPart } from '@/lib/worker/outlier-requests';
import type { Ask, ReportDatasetSpec } from '@/lib/worker/protocol';
import { HeatMapFigure } from '../charts/HeatMapFigure';
import { heatColourRange, heatX1, sinceStartLabel, type HeatAxis, type HeatColour } from '../charts/heat-map-option';
import type { DisplayUnit } from '../display-units';
import { windowHeading } from './figure-selection';

interface Props {
  datasets: ReportDatasetSpec[];
  dataKey: string;
  unit: DisplayUnit;
  ask: Ask;
  /** A brushed window: its title, and each dataset's waits in it. */
  onWindow: (heading: string, parts: { datasetId: string; by: SelectionPart['by'] }[]) => void;
  /** A span brushed on the wall-clock axis, which can become the analysis window (issue 15 §1). */
  onSpan?: (t0: number, t1: number, kind: 'utc' | 'local', datasetIds: string[]) => void;
}

/** The intervals offered besides the automatic one: sub-second ones for short runs, then the chooser's steps. */
const OFFERED = [100_000, 200_000, 500_000, ...NICE_INTERVALS];

/** More intervals than this across a figure is not offered: the columns would be under a pixel wide. */
const MAX_DRAWN_INTERVALS = 2000;

export function LatencyOverTime({ datasets, dataKey, unit, ask, onWindow, onSpan }: Props) {
  const [interval, setIntervalMicros] = useState<number | null>(null);
  const [colour, setColour] = useState<HeatColour>('count');
  const [axis, setAxis] = useState<HeatAxis>('clock');
  const [answer, setAnswer] = useState<{ maps: DatasetHeatMap[]; intervalMicros: number; computeMs: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const idKey = datasets.map((d) => `${d.datasetId}:${d.label}`).join(',');

  useEffect(() => {
    let live = true;
    setProblem(null);
    void ask('over-time', { datasets, intervalMicros: interval, origin: axis === 'clock' ? 'clock' : 'start' }).then((reply) => {
      if (!live) return;
      if (reply.type !== 'over-time') return setProblem(`The heat map could not be computed: ${reply.message}`);
      setAnswer({ maps: reply.results, intervalMicros: reply.intervalMicros, computeMs: reply.computeMs });
    });
    return () => void (live = false);
    // datasets is read through idKey: a new array of the same datasets asks nothing new.
  }, [dataKey, idKey, interval, axis, ask]);

  const maps = answer?.maps ?? [];
  const span = Math.max(0, ...maps.map((m) => (m.intervals > 0 ? m.last - m.first : 0)));
  const offered = OFFERED.filter((m) => m === interval || span / m <= MAX_DRAWN_INTERVALS);
  const colourRange = useMemo(() => heatColourRange(maps, colour), [maps, colour]);
  const xMax = useMemo(() => (axis === 'since-start' && maps.length > 0 ? Math.max(...maps.map((m) => heatX1(m, 'since-start'))) : null), [maps, axis]);

  const brush = (m: DatasetHeatMap) => (t0: number, t1: number) => {
    if (axis === 'clock') {
      if (m.axis === 'tim') return;
      const same = maps.filter((o) => o.axis === m.axis);
      onWindow(windowHeading(t0, t1, m.axis, 'the heat map'), same.map((o) => ({ datasetId: o.datasetId, by: { kind: 'window', kindOfTime: m.axis as 'utc' | 'local', fromMs: t0, toMs: t1 } })));
      onSpan?.(t0, t1, m.axis, same.map((o) => o.datasetId));
      return;
    }
    // Since the start: each dataset's own window, from its first wait.
    const placed = maps.filter((o) => o.axis !== 'tim');
    onWindow(
      `Waits from ${sinceStartLabel(t0)} to ${sinceStartLabel(t1)} after each dataset's first wait, brushed on the heat map`,
      placed.map((o) => ({ datasetId: o.datasetId, by: { kind: 'window', kindOfTime: o.axis as 'utc' | 'local', fromMs: o.first / 1000 + t0, toMs: o.first / 1000 + t1 } })),
    );
  };

  return (
    <section className="latency-over-time" data-testid="latency-over-time" data-time-axis={axis} data-interval={answer?.intervalMicros}>
      <div className="heat-map-controls">
        <label>
          Interval{' '}
          <select value={interval === null ? 'auto' : String(interval)} onChange={(e) => setIntervalMicros(e.target.value === 'auto' ? null : Number(e.target.value))} data-testid="heat-map-interval">
            <option value="auto">automatic{answer && interval === null ? ` (${formatInterval(answer.intervalMicros)})` : ''}</option>
            {offered.map((m) => (
              <option key={m} value={String(m)}>{formatInterval(m)}</option>
            ))}
          </select>
        </label>
        <fieldset className="control">
          <legend>Colour</legend>
          <label><input type="radio" name="heat-colour" checked={colour === 'count'} onChange={() => setColour('count')} data-testid="heat-map-frequency" /> waits (frequency)</label>{' '}
          <label><input type="radio" name="heat-colour" checked={colour === 'time'} onChange={() => setColour('time')} data-testid="heat-map-intensity" /> time waited (intensity)</label>
        </fieldset>
        <fieldset className="control">
          <legend>Time axis</legend>
          <label><input type="radio" name="heat-axis" checked={axis === 'clock'} onChange={() => setAxis('clock')} data-testid="heat-map-clock" /> wall clock</label>{' '}
          <label><input type="radio" name="heat-axis" checked={axis === 'since-start'} onChange={() => setAxis('since-start')} data-testid="heat-map-since-start" /> since each dataset&apos;s start</label>
        </fieldset>
      </div>
      {!answer && !problem && <p className="computing">Computing the heat map…</p>}
      {problem && <p role="alert" className="failure">{problem}</p>}
      {answer && maps.length === 0 && <p className="hint">No dataset has waits with a time to place.</p>}
      {maps.map((m) => (
        <div key={m.datasetId} data-dataset={m.datasetId} data-compute-ms={answer?.computeMs.toFixed(0)}>
          {m.intervals === 0 ? (
            <p className="hint">{m.label}: no wait has a time to place.</p>
          ) : (
            <HeatMapFigure map={m} unit={unit} colour={colour} axis={axis} colourRange={colourRange} xMax={xMax} onBrush={axis === 'clock' && m.axis === 'tim' ? undefined : brush(m)} />
          )}
        </div>
      ))}
    </section>
  );
}
