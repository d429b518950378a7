/**
 * Which samples of a dataset lie inside a time window (time-window.ts). A sample is inside when
 * its end time, its `tim`, lies in [from, to), and past its session's skipped start and end.
 *
 * Wall-clock edges are compared on the clock of lib/outliers/wall-clock.ts (each tim extrapolated
 * from its process's nearest `***` stamp):
 * - an edge with a UTC offset against a trace whose stamps have one: as instants (UTC);
 * - an edge without an offset: as a reading of the trace's own clock, the stamp's offset applied,
 *   so `--from 2019-07-09T09:57:00` means 09:57 as the trace writes it;
 * - an edge with an offset against stamps without one (before 12.2): the zone of the trace is not
 *   known, so the readings are compared as written, and the selection says so (`offsetIgnored`).
 * A sample whose process has no stamp (raw tim only) or no tim cannot be placed against a wall
 * edge: it is left out and counted as `unplaced`, never guessed. A `tim:N` edge compares each
 * process's raw tim, in the trace's units.
 *
 * Skips are per session (issue 15 §1: warm-up and drain): a session's span runs from its first to
 * its last sample's tim; `skipFirst` leaves out samples ending before first + skipFirst, and
 * `skipLast` those ending after last − skipLast.
 */
import { MICROS_PER_ELA_UNIT } from '../units';
import { DatasetClock, LOCAL_DOMAIN, UTC_DOMAIN, type ClockInput } from '../outliers/wall-clock';
import { isWholeRun, type TimeWindow, type WindowEdge } from './time-window';

export interface WindowSelection {
  /** 1 for a sample inside the window, per sample of the input. */
  keep: Uint8Array;
  kept: number;
  /** Placed, and outside the window. */
  outside: number;
  /** Left out because they have no time to compare (no tim, or no `***` stamp for a wall edge). */
  unplaced: number;
  /** Samples compared on a wall clock without a zone while the edge had an offset (see above). */
  offsetIgnored: number;
}

/** Where a wall edge sits, for one sample's clock; NaN when the sample cannot be placed. */
function wallPosition(edge: Extract<WindowEdge, { kind: 'wall' }>, placed: { micros: number; domain: number; offset: number }): number {
  if (placed.domain === UTC_DOMAIN) {
    // As an instant: the edge's own offset, or the trace's when it was typed without one.
    const offset = edge.offsetMinutes ?? placed.offset;
    return edge.wallMicros - offset * 60e6;
  }
  if (placed.domain === LOCAL_DOMAIN) return edge.wallMicros;
  return NaN;
}

/**
 * Whether a time (a raw tim, and where the window has a wall edge, its placement on the clock:
 * DatasetClock.place / placeTim) lies in [from, to); 'unplaced' when a wall edge meets a time
 * without a `***` stamp to place it. The one comparison of samples and of visited records.
 */
export function edgesVerdict(window: TimeWindow, raw: number, placed: { micros: number; domain: number; offset: number }): 'in' | 'out' | 'unplaced' {
  const { from, to } = window;
  if ((from?.kind === 'wall' || to?.kind === 'wall') && placed.domain !== UTC_DOMAIN && placed.domain !== LOCAL_DOMAIN) return 'unplaced';
  if (from && !(from.kind === 'tim' ? raw >= from.tim : placed.micros >= wallPosition(from, placed))) return 'out';
  if (to && !(to.kind === 'tim' ? raw < to.tim : placed.micros < wallPosition(to, placed))) return 'out';
  return 'in';
}

/** One file as a one-file dataset (its sessions are file 0), as selectWindow and the session spans read one. */
export function fileAsDataset(file: ClockInput['files'][number] & { samples: ClockInput['samples'] }): ClockInput {
  return { samples: file.samples, sessions: file.sessions.map((m) => ({ ...m, file: 0 })), files: [file] };
}

export function selectWindow(input: ClockInput, window: TimeWindow): WindowSelection {
  const { count, tim, session } = input.samples;
  const keep = new Uint8Array(count);
  if (isWholeRun(window)) {
    keep.fill(1);
    return { keep, kept: count, outside: 0, unplaced: 0, offsetIgnored: 0 };
  }
  const scale = sessionScales(input);
  const span = sessionSpans(input, scale, window);
  const needsWall = window.from?.kind === 'wall' || window.to?.kind === 'wall';
  const clock = needsWall ? new DatasetClock(input) : null;
  const placed = { micros: NaN, domain: -1, offset: NaN };
  const hasOffsetEdge = (window.from?.kind === 'wall' && window.from.offsetMinutes !== null) || (window.to?.kind === 'wall' && window.to.offsetMinutes !== null);
  const hasEdges = window.from !== null || window.to !== null;
  let kept = 0;
  let outside = 0;
  let unplaced = 0;
  let offsetIgnored = 0;
  for (let i = 0; i < count; i++) {
    const raw = tim[i] as number;
    if (raw !== raw) {
      unplaced++;
      continue;
    }
    const s = session[i] as number;
    const micros = raw * (scale[s] ?? 1);
    let inside = micros >= (span.start[s] as number) && micros <= (span.end[s] as number);
    if (clock) {
      clock.place(i, placed);
      if (placed.domain === LOCAL_DOMAIN && hasOffsetEdge) offsetIgnored++;
    }
    const verdict = !inside ? 'out' : hasEdges ? edgesVerdict(window, raw, placed) : 'in';
    if (verdict === 'unplaced') {
      unplaced++;
      continue;
    }
    inside = verdict === 'in';
    if (inside) {
      keep[i] = 1;
      kept++;
    } else outside++;
  }
  return { keep, kept, outside, unplaced, offsetIgnored };
}

/** Per session, µs per tim unit of its file. */
export function sessionScales(input: ClockInput): number[] {
  return input.sessions.map((s) => MICROS_PER_ELA_UNIT[input.files[s.file]?.facts.unit ?? 'us']);
}

/** Per session, the µs range a sample must end in to survive the skips (±Infinity where none). */
export function sessionSpans(input: ClockInput, scale: number[], window: TimeWindow): { start: Float64Array; end: Float64Array } {
  const n = input.sessions.length;
  const start = new Float64Array(n).fill(-Infinity);
  const end = new Float64Array(n).fill(Infinity);
  if (window.skipFirstMicros === 0 && window.skipLastMicros === 0) return { start, end };
  const first = new Float64Array(n).fill(Infinity);
  const last = new Float64Array(n).fill(-Infinity);
  const { count, tim, session } = input.samples;
  for (let i = 0; i < count; i++) {
    const raw = tim[i] as number;
    if (raw !== raw) continue;
    const s = session[i] as number;
    const t = raw * (scale[s] ?? 1);
    if (t < (first[s] as number)) first[s] = t;
    if (t > (last[s] as number)) last[s] = t;
  }
  for (let s = 0; s < n; s++) {
    if (window.skipFirstMicros > 0) start[s] = (first[s] as number) + window.skipFirstMicros;
    if (window.skipLastMicros > 0) end[s] = (last[s] as number) - window.skipLastMicros;
  }
  return { start, end };
}
