import { parseDuration, parseWindowEdge, WindowInputError, type TimeWindow, type WindowEdge } from '../scope/time-window';

/** `--from`, `--to`, `--skip-first`, `--skip-last` (lib/scope/time-window.ts), on every command that reads traces. */
export const WINDOW_OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
  'skip-first': { type: 'string' },
  'skip-last': { type: 'string' },
} as const;

export interface WindowValues {
  from?: string;
  to?: string;
  'skip-first'?: string;
  'skip-last'?: string;
}

/** The window the options describe (NO_WINDOW's fields when none is given); bad input throws WindowInputError. */
export function windowOf(values: WindowValues): TimeWindow {
  const window: TimeWindow = {
    from: values.from === undefined ? null : parseWindowEdge(values.from, '--from'),
    to: values.to === undefined ? null : parseWindowEdge(values.to, '--to'),
    skipFirstMicros: values['skip-first'] === undefined ? 0 : parseDuration(values['skip-first'], '--skip-first'),
    skipLastMicros: values['skip-last'] === undefined ? 0 : parseDuration(values['skip-last'], '--skip-last'),
  };
  if (window.from && window.to && comparable(window.from, window.to) && position(window.from) >= position(window.to)) {
    throw new WindowInputError(`--from ${window.from.text} is not before --to ${window.to.text}: the window [from, to) would be empty`);
  }
  return window;
}

/** Two edges can be ordered without a trace: both raw tim, or both wall times written alike (both with an offset, or both without). */
function comparable(a: WindowEdge, b: WindowEdge): boolean {
  if (a.kind === 'tim' || b.kind === 'tim') return a.kind === b.kind;
  return (a.offsetMinutes === null) === (b.offsetMinutes === null);
}

function position(edge: WindowEdge): number {
  return edge.kind === 'tim' ? edge.tim : edge.wallMicros - (edge.offsetMinutes ?? 0) * 60e6;
}
