/**
 * What the page and the worker say of a measure (lib/trace/measure.ts): its label as `event`, the
 * name every report, status and staleness check already goes by, and a call or commit measure
 * itself, which the worker parses for instead of an event's waits. An event needs nothing more.
 */
import { measureLabel, type Measure } from '../trace/measure';

/** A measure that is not one event's waits: a call type (maybe of one statement or depth) or the commit. */
export type CallMeasure = Exclude<Measure, { kind: 'event' }>;

export interface MeasureFields {
  /** The measure's label (measureLabel): an event's name, or what a call or commit measure measures. */
  event: string;
  /** Absent for an event's waits. */
  measure?: CallMeasure;
}

export function measureFields(m: Measure): MeasureFields {
  return m.kind === 'event' ? { event: m.event } : { event: measureLabel(m), measure: m };
}
