'use client';
/**
 * "Try the book's experiment": the demo goes into datasets 1 and 2 when that loses nothing; else the
 * page asks (DemoConfirm) whether to load it into other datasets, replace, or do nothing.
 */
import { useState, type Dispatch } from 'react';
import { measureLabel } from '@/lib/trace/measure';
import type { DatasetStatus, WorkerRequest } from '@/lib/worker/protocol';
import { DEMO_EVENT, demoConflicts, spareDatasets, type Slot } from './demo-plan';
import type { Workspace, WorkspaceAction } from './workspace';


export interface DemoQuestion {
  conflicts: string[];
  /** The event the page shows now, when it is not the demo's (the page switches to the demo's). */
  otherEvent: string | null;
  canUseOthers: boolean;
}

interface Page {
  ws: Workspace;
  dispatch: Dispatch<WorkspaceAction>;
  statuses: Readonly<Record<string, DatasetStatus>>;
  send: (request: WorkerRequest) => void;
}

export function useBookDemo(page: Page) {
  const [question, setQuestion] = useState<DemoQuestion | null>(null);

  /** The demo into `ids`, labelled as the book's two settings. `alone`: the page shows only the demo (its URL says demo=book). */
  const slots = page.ws.slots;
  const event = measureLabel(page.ws.view.measure);
  const load = (ids: string[], added: Slot[], alone: boolean) => {
    page.dispatch({ type: 'demo', ids, added, alone, event: DEMO_EVENT });
    // The demo is 'log file sync': other datasets are read again for it, so every number is of one event.
    if (event !== DEMO_EVENT) page.send({ type: 'set-event', event: DEMO_EVENT });
    page.send({ type: 'demo', datasetId: ids[0]!, preset: 'flash-on', event: DEMO_EVENT });
    page.send({ type: 'demo', datasetId: ids[1]!, preset: 'flash-off', event: DEMO_EVENT });
    setQuestion(null);
  };
  const firstTwo = () => slots.slice(0, 2).map((s) => s.id);
  // A demo link (?demo=book) shows only the demo: it says so only when no other dataset holds data.
  const alone = () => !slots.slice(2).some((s) => page.statuses[s.id] && page.statuses[s.id]!.source !== 'empty');
  const others = () => spareDatasets(slots, page.statuses, (n) => `d${page.ws.nextId + n}`);

  const start = () => {
    const conflicts = demoConflicts(slots, page.statuses);
    if (conflicts.length === 0) return load(firstTwo(), [], alone());
    setQuestion({ conflicts, otherEvent: event === DEMO_EVENT ? null : event, canUseOthers: others() !== null });
  };
  const intoOthers = () => {
    const spare = others();
    if (!spare) return;
    load(spare.ids, spare.add, false);
  };
  return { start, question, replace: () => load(firstTwo(), [], alone()), intoOthers, cancel: () => setQuestion(null) };
}
