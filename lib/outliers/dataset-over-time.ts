/**
 * Latency over time of a dataset (issue 15 §3): its waits placed on a time axis by the dataset's
 * clock (wall-clock.ts), then cut by lib/stats/latency-over-time.ts. Shared by the CLI's
 * `--over-time` and the page's heat map (computed in the worker), so both show the same numbers.
 *
 * The axis is the one holding most waits: UTC, the trace's local wall time (no offset in its
 * stamps), or one process's raw tim when no `***` stamp anchors it. Waits on another axis are
 * counted (`elsewhere`), as are waits without a time (`unplaced`); neither gets a made-up time.
 */
import { busiestDomain, latencyOverTime, type LatencyOverTime, type TimeOrigin } from '../stats/latency-over-time';
import { formatMicrosIso, isIsoWritable } from './stamps';
import { DatasetClock, LOCAL_DOMAIN, UTC_DOMAIN, type ClockInput } from './wall-clock';

export type OverTimeAxis = 'utc' | 'local' | 'tim';

export interface DatasetOverTime extends LatencyOverTime {
  /** What the axis' µs are: since the Unix epoch (utc), since 1970-01-01 of the trace's own wall clock (local), or raw tim µs. */
  axis: OverTimeAxis;
}

export type OverTimeInput = ClockInput & { samples: { ela: Float64Array } };

/** A dataset's waits placed on its busiest axis: what latencyOverTime cuts. */
export interface PlacedWaits {
  ela: Float64Array;
  micros: Float64Array;
  domain: Int32Array;
  want: number;
  axis: OverTimeAxis;
  /** µs from the first to the last wait on the axis (0 when fewer than two). */
  span: number;
}

export function placeWaits(input: OverTimeInput): PlacedWaits {
  const { micros, domain } = new DatasetClock(input).columns();
  const ela = input.samples.ela.subarray(0, input.samples.count);
  const want = busiestDomain(domain);
  const axis: OverTimeAxis = want === UTC_DOMAIN ? 'utc' : want === LOCAL_DOMAIN ? 'local' : 'tim';
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < domain.length; i++) {
    if (domain[i] !== want) continue;
    const t = micros[i] as number;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return { ela, micros, domain, want, axis, span: hi > lo ? hi - lo : 0 };
}

export function cutPlaced(p: PlacedWaits, options: { intervalMicros?: number; origin?: TimeOrigin } = {}): DatasetOverTime {
  return { ...latencyOverTime(p.ela, p.micros, p.domain, { domain: p.want, ...options }), axis: p.axis };
}

export function datasetOverTime(input: OverTimeInput, options: { intervalMicros?: number; origin?: TimeOrigin } = {}): DatasetOverTime {
  return cutPlaced(placeWaits(input), options);
}

/**
 * A time on the axis as text: ISO 8601 with µs, `+00:00` for UTC and no offset for the trace's
 * local wall time (its zone is unknown); `tim:N` for raw tim.
 */
export function axisTimeText(micros: number, axis: OverTimeAxis): string {
  if (axis === 'tim') return `tim:${Math.round(micros)}`;
  if (!isIsoWritable(micros)) return `${Math.round(micros)} µs on the axis`;
  return formatMicrosIso(micros, axis === 'utc' ? 0 : null);
}

/** The axis in words, for headings. */
export function axisName(axis: OverTimeAxis): string {
  if (axis === 'utc') return 'UTC';
  if (axis === 'local') return 'wall-clock time local to the trace, zone unknown';
  return 'raw tim µs of one process (no *** stamp)';
}
