'use client';
/**
 * The measure the worker was last told, for the files the page sends it next. Choosing a measure
 * tells the worker at once ('set-event'), but the page renders the choice a moment later, and a
 * handler still holds the render it began in (a dataset's drop awaits its files first): files added
 * in that moment (the second of two datasets filled at once, while the page switches to the first
 * one's own event, use-auto-event.ts) must be read for the new measure, not the one last rendered.
 * Sent after the switch with the old one, they made the worker read that dataset (and take the
 * measure) back to 'log file sync' while the page showed the new event: every report over it was
 * stale, none was asked again, and its column never came.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Measure } from '@/lib/trace/measure';
import { measureFields, type MeasureFields } from '@/lib/worker/measure-fields';
import type { WorkerRequest } from '@/lib/worker/protocol';

/** `send` that notes every 'set-event' it sends, and the measure new files are to be read for. */
export function useWorkerMeasure(measure: Measure, send: (request: WorkerRequest) => void) {
  const told = useRef<MeasureFields>(measureFields(measure));
  // The view's own measure once rendered: the URL's at load, which no 'set-event' announces.
  useEffect(() => {
    told.current = measureFields(measure);
  }, [measure]);
  const sendNoting = useCallback(
    (request: WorkerRequest) => {
      if (request.type === 'set-event') told.current = request.measure ? { event: request.event, measure: request.measure } : { event: request.event };
      send(request);
    },
    [send],
  );
  const measureNow = useCallback(() => told.current, []);
  return { send: sendNoting, measureNow };
}
