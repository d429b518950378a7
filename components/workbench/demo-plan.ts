/**
 * Where "Try the book's experiment" may load its two datasets without losing anything the user
 * loaded or typed (issue 12 §4): datasets 1 and 2 when they are untouched, else the user is asked.
 */
import type { DatasetStatus } from '@/lib/worker/protocol';
import { DEFAULT_LABELS, MAX_DATASETS } from './url-state';
import type { WindowSpec } from './window-spec';

/** The event of the demo's waits. */
export const DEMO_EVENT = 'log file sync';

/**
 * Where a dataset's label came from. One made from a dropped folder's name names an instance or a host
 * (trace folders are named after them): it is shared only with file and folder names (share-content.ts).
 * One the user typed is theirs and travels as typed.
 */
export type LabelSource = 'default' | 'folder' | 'typed';

export interface Slot {
  id: string;
  label: string;
  labelSource: LabelSource;
  /** The dataset's time window as typed (window-spec.ts); absent: the whole run. */
  window?: WindowSpec;
}

/** The label a dataset has until the user types another (the "+ Add a dataset" ones are numbered). */
export function defaultLabel(index: number): string {
  return DEFAULT_LABELS[index] ?? `Dataset ${index + 1}`;
}

const isEmpty = (s: DatasetStatus | undefined) => !s || s.source === 'empty';

/** Why loading the demo into datasets 1 and 2 would lose something, one sentence each; empty: nothing. */
export function demoConflicts(slots: readonly Pick<Slot, 'id' | 'label'>[], statuses: Readonly<Record<string, DatasetStatus>>): string[] {
  return slots.slice(0, 2).flatMap((slot, i) => {
    const s = statuses[slot.id];
    const typed = slot.label !== defaultLabel(i);
    if (!isEmpty(s)) {
      if (s!.source === 'synthetic' && !typed) return []; // the demo already: replacing it loses nothing
      const n = s!.files.length;
      return [`Dataset '${slot.label}' holds ${n > 0 ? `${n} file${n === 1 ? '' : 's'}` : "the book's demo"}`];
    }
    return typed ? [`Dataset ${i + 1} has the label you typed, '${slot.label}'`] : [];
  });
}

/**
 * Two datasets the demo can take instead: untouched ones (empty, default label) first, then new ones
 * up to MAX_DATASETS. `add` is how many of the ids are new. Null when there is no room for two.
 */
export function spareDatasets(slots: readonly Pick<Slot, 'id' | 'label'>[], statuses: Readonly<Record<string, DatasetStatus>>, newId: (n: number) => string): { ids: string[]; add: Slot[] } | null {
  const ids = slots.filter((slot, i) => isEmpty(statuses[slot.id]) && slot.label === defaultLabel(i)).slice(0, 2).map((s) => s.id);
  const add: Slot[] = [];
  while (ids.length + add.length < 2 && slots.length + add.length < MAX_DATASETS) add.push({ id: newId(add.length), label: '', labelSource: 'default' });
  if (ids.length + add.length < 2) return null;
  return { ids: [...ids, ...add.map((s) => s.id)], add };
}
