/**
 * A visitor that hands on only the records inside a time window (issue 15 §1: "a wait, or a call,
 * is inside the window when its end time, its tim, lies in [from, to)"), so the call profile and
 * the statements of `profile`, `statements` and `compare --profile` are those of the window.
 *
 * Times are placed on the same clock as the samples' (window-selection.ts): the file's anchors
 * come from a first pass over it, since the nearest `***` stamp of a record can follow it. Cursor
 * records pass always: they define statements, they are not timed events. A record without tim,
 * or (for a wall edge) of a process without a stamp, cannot be placed and is left out.
 */
import { mergeProfiles } from '../trace/event-table';
import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait } from '../trace/trace-visitor';
import type { EventProfileRow } from '../trace/types';
import type { TimeWindow } from './time-window';
import { WindowClock, type FileClock } from './window-clock';

export type { FileClock } from './window-clock';

export interface WindowCounts {
  inside: number;
  outside: number;
  unplaced: number;
}

export class WindowedVisitor implements TraceVisitor {
  readonly counts: WindowCounts = { inside: 0, outside: 0, unplaced: 0 };
  private readonly clock: WindowClock;
  /** The waits handed on, per event: the file's event profile inside the window. */
  private readonly events = new Map<string, EventProfileRow>();

  constructor(
    private readonly inner: TraceVisitor,
    private readonly window: TimeWindow,
    file: FileClock,
  ) {
    this.clock = new WindowClock(window, file);
  }

  onWait(record: VisitedWait, at: RecordPosition): void {
    // VisitedWait.tim is in the trace's own unit, as samples' tim is.
    if (!this.inside(record.tim, at)) return;
    const row = this.events.get(record.event);
    if (!row) this.events.set(record.event, { event: record.event, count: 1, total: record.ela, min: record.ela, max: record.ela });
    else {
      row.count++;
      row.total += record.ela;
      if (record.ela < row.min) row.min = record.ela;
      if (record.ela > row.max) row.max = record.ela;
    }
    this.inner.onWait(record, at);
  }

  /** Every event's waits inside the window, sorted by total as a scan's profile is. */
  eventProfile(): EventProfileRow[] {
    return mergeProfiles([[...this.events.values()]]);
  }

  onCall(record: VisitedCall, at: RecordPosition): void {
    // A call's tim is converted to µs (call-line.ts); the clock takes it in the trace's unit.
    if (this.inside(record.tim / at.microsPerUnit, at)) this.inner.onCall?.(record, at);
  }

  onCursor(record: VisitedCursor, at: RecordPosition): void {
    this.inner.onCursor?.(record, at);
  }

  /** A failed parse passes always: the recursive calls before it were handed on by their own tims, and they have no parent whatever the window. */
  onParseError(dep: number, at: RecordPosition): void {
    this.inner.onParseError?.(dep, at);
  }

  /** `***` MODULE/ACTION/CLIENT lines set a session's context (a profile per module needs them), not timed events: they pass always. */
  onKeyed(key: string, value: string, at: RecordPosition): void {
    this.inner.onKeyed?.(key, value, at);
  }

  private inside(raw: number, at: RecordPosition): boolean {
    const verdict = this.clock.verdict(raw, at.pid);
    if (verdict === 'in') this.counts.inside++;
    else if (verdict === 'out') this.counts.outside++;
    else this.counts.unplaced++;
    return verdict === 'in';
  }
}
