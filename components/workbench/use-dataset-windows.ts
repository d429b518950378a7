'use client';
/**
 * Tells the worker each dataset's time window whenever it changes (issue 15 §1): every statistic
 * the worker computes for the dataset is of its window from then on, before any request made for it.
 */
import { useLayoutEffect, useRef } from 'react';
import { NO_WINDOW } from '@/lib/scope/time-window';
import type { WorkerRequest } from '@/lib/worker/protocol';
import type { Slot } from './demo-plan';
import { readWindowSpec } from './window-spec';

/** What the report depends on of the datasets' windows: part of its data key. */
export function windowsKey(slots: readonly Slot[]): string {
  return JSON.stringify(slots.map((s) => (s.window ? [s.id, s.window] : [s.id])));
}

export function useDatasetWindows(slots: readonly Slot[], send: (request: WorkerRequest) => void): void {
  const sent = useRef(new Map<string, string>());
  const key = windowsKey(slots);
  // A layout effect: it runs before every passive effect of the same render, the outlier panel's
  // (a child, whose effects run before the page's own) included, so no request overtakes the window.
  useLayoutEffect(() => {
    for (const s of slots) {
      const text = JSON.stringify(s.window ?? null);
      if ((sent.current.get(s.id) ?? 'null') === text) continue;
      sent.current.set(s.id, text);
      // Specs are checked where they are typed and read from the URL: a bad one never gets here, and would mean the whole run.
      const read = s.window ? readWindowSpec(s.window) : null;
      send({ type: 'set-window', datasetId: s.id, window: read && 'window' in read ? read.window : NO_WINDOW });
    }
  }, [key, send]);
}
