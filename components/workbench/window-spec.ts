/**
 * A dataset's time window as the page holds it (issue 15 §1): the four fields as typed (From, To,
 * Skip first, Skip last), so the URL and the inputs show what the user wrote, read into a TimeWindow
 * by lib/scope/time-window.ts with its errors per field. Plain TypeScript, tested without React.
 */
import { formatMicrosIso } from '@/lib/outliers/stamps';
import { NO_WINDOW, parseDuration, parseWindowEdge, WindowInputError, type TimeWindow } from '@/lib/scope/time-window';
import type { TimelineTimeKind } from '../charts/timeline-option';

export interface WindowSpec {
  /** ISO-8601 (with or without an offset) or tim:N; '' for an open edge. */
  from: string;
  to: string;
  /** Durations such as 30s; '' for none. */
  skipFirst: string;
  skipLast: string;
}

export const NO_WINDOW_SPEC: WindowSpec = { from: '', to: '', skipFirst: '', skipLast: '' };

export type WindowField = keyof WindowSpec;

/** The fields' names as the page labels them (and the errors name them). */
export const WINDOW_FIELD_LABEL: Record<WindowField, string> = { from: 'From', to: 'To', skipFirst: 'Skip first', skipLast: 'Skip last' };

export function isNoWindow(spec: WindowSpec | undefined | null): boolean {
  return !spec || (spec.from.trim() === '' && spec.to.trim() === '' && spec.skipFirst.trim() === '' && spec.skipLast.trim() === '');
}

/** The window the fields say, or each bad field's error (time-window.ts words them). */
export function readWindowSpec(spec: WindowSpec): { window: TimeWindow } | { errors: Partial<Record<WindowField, string>> } {
  const errors: Partial<Record<WindowField, string>> = {};
  const read = <T>(field: WindowField, parse: (text: string, flag: string) => T, none: T): T => {
    const text = spec[field].trim();
    if (text === '') return none;
    try {
      return parse(text, WINDOW_FIELD_LABEL[field]);
    } catch (error) {
      if (!(error instanceof WindowInputError)) throw error;
      errors[field] = error.message;
      return none;
    }
  };
  const window: TimeWindow = {
    from: read('from', parseWindowEdge, NO_WINDOW.from),
    to: read('to', parseWindowEdge, NO_WINDOW.to),
    skipFirstMicros: read('skipFirst', parseDuration, 0),
    skipLastMicros: read('skipLast', parseDuration, 0),
  };
  if (Object.keys(errors).length > 0) return { errors };
  if (window.from && window.to && !(before(window.from, window.to) ?? true)) {
    return { errors: { to: `To must be after From: [${spec.from.trim()}, ${spec.to.trim()}) holds no time` } };
  }
  return { window };
}

type Edge = NonNullable<TimeWindow['from']>;

/** Whether edge a comes before b; null when they are on clocks that cannot be compared here (tim and wall, or a zone on one side only). */
function before(a: Edge, b: Edge): boolean | null {
  if (a.kind === 'tim' || b.kind === 'tim') return a.kind === 'tim' && b.kind === 'tim' ? a.tim < b.tim : null;
  if ((a.offsetMinutes === null) !== (b.offsetMinutes === null)) return null;
  return a.wallMicros - (a.offsetMinutes ?? 0) * 60e6 < b.wallMicros - (b.offsetMinutes ?? 0) * 60e6;
}

/**
 * The window a drag across the timeline spans, [t0, t1) in the axis's ms (timeline-option.ts): on a
 * UTC axis an instant written with +00:00; on a local axis the trace's wall time as its stamps write
 * it, without an offset; on a raw tim axis (µs / 1000) `tim:N`. µs, so the typed fields show it exactly.
 */
export function windowSpecOfSpan(t0: number, t1: number, kind: TimelineTimeKind): WindowSpec {
  const at = (ms: number) => {
    const micros = Math.round(ms * 1000);
    return kind === 'tim' ? `tim:${micros}` : formatMicrosIso(micros, kind === 'utc' ? 0 : null);
  };
  return { ...NO_WINDOW_SPEC, from: at(Math.min(t0, t1)), to: at(Math.max(t0, t1)) };
}
