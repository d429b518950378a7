'use client';
/**
 * "Try the book's experiment": the demo goes into datasets 1 and 2 when that loses nothing; else the
 * page asks (DemoConfirm) whether to load it into other datasets, replace, or do nothing.
 */
import { useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { DatasetStatus, WorkerRequest } from '@/lib/worker/protocol';
import { demoConflicts, spareDatasets, type Slot } from './demo-plan';
import { DEFAULT_LABELS, type ViewState } from './url-state';

const DEMO_EVENT = 'log file sync';

export interface DemoQuestion {
  conflicts: string[];
  /** The event the page shows now, when it is not the demo's (the page switches to the demo's). */
  otherEvent: string | null;
  canUseOthers: boolean;
}

interface Page {
  slots: readonly Slot[];
  setSlots: Dispatch<SetStateAction<Slot[]>>;
  statuses: Readonly<Record<string, DatasetStatus>>;
  setView: Dispatch<SetStateAction<ViewState>>;
  send: (request: WorkerRequest) => void;
  /** The event shown now (a ref: read when the demo starts). */
  event: MutableRefObject<string>;
  nextId: MutableRefObject<number>;
}

export function useBookDemo(page: Page) {
  const [question, setQuestion] = useState<DemoQuestion | null>(null);

  /** The demo into `ids`, labelled as the book's two settings. `alone`: the page shows only the demo (its URL says demo=book). */
  const load = (ids: string[], added: Slot[], alone: boolean) => {
    const labels = new Map(ids.map((id, i) => [id, DEFAULT_LABELS[i]!]));
    page.setSlots((all) => [...all, ...added].map((s) => (labels.has(s.id) ? { ...s, label: labels.get(s.id)!, labelSource: 'default' as const } : s)));
    // The demo is 'log file sync': other datasets are read again for it, so every number is of one event.
    if (page.event.current !== DEMO_EVENT) page.send({ type: 'set-event', event: DEMO_EVENT });
    page.setView((v) => ({ ...v, demo: alone, event: DEMO_EVENT }));
    page.send({ type: 'demo', datasetId: ids[0]!, preset: 'flash-on', event: DEMO_EVENT });
    page.send({ type: 'demo', datasetId: ids[1]!, preset: 'flash-off', event: DEMO_EVENT });
    setQuestion(null);
  };
  const firstTwo = () => page.slots.slice(0, 2).map((s) => s.id);
  // A demo link (?demo=book) shows only the demo: it says so only when no other dataset holds data.
  const alone = () => !page.slots.slice(2).some((s) => page.statuses[s.id] && page.statuses[s.id]!.source !== 'empty');
  const others = () => spareDatasets(page.slots, page.statuses, (n) => `d${page.nextId.current + n}`);

  const start = () => {
    const conflicts = demoConflicts(page.slots, page.statuses);
    if (conflicts.length === 0) return load(firstTwo(), [], alone());
    setQuestion({ conflicts, otherEvent: page.event.current === DEMO_EVENT ? null : page.event.current, canUseOthers: others() !== null });
  };
  const intoOthers = () => {
    const spare = others();
    if (!spare) return;
    page.nextId.current += spare.add.length;
    load(spare.ids, spare.add, false);
  };
  return { start, question, replace: () => load(firstTwo(), [], alone()), intoOthers, cancel: () => setQuestion(null) };
}
