/**
 * Where dropped folders go: one folder into the first empty dataset (else dataset 1); several
 * folders one dataset each, named after the folder: empty datasets first, then new ones up to the
 * limit. A dataset holding data is never mixed with a new run; the folders left over are named.
 */
import type { InputFile } from '@/lib/worker/protocol';
import type { Slot } from './demo-plan';
import { MAX_DATASETS } from './url-state';
import type { Workspace, WorkspaceAction } from './workspace';

export interface DropPlan {
  /** The files each dataset gets. */
  loads: { id: string; files: InputFile[] }[];
  /** The naming to dispatch first, when folders name datasets. */
  naming: Extract<WorkspaceAction, { type: 'folders' }> | null;
  /** Folders not loaded ('' for loose files), for the note that says so. */
  left: string[];
}

export function planDrop(ws: Workspace, groups: ReadonlyMap<string, InputFile[]>, isEmpty: (id: string) => boolean): DropPlan {
  const sorted = [...groups].sort(([a], [b]) => a.localeCompare(b));
  if (sorted.length === 0) return { loads: [], naming: null, left: [] };
  if (sorted.length === 1) {
    const target = ws.slots.find((s) => isEmpty(s.id)) ?? ws.slots[0]!;
    return { loads: [{ id: target.id, files: sorted[0]![1] }], naming: null, left: [] };
  }
  const empty = ws.slots.filter((s) => isEmpty(s.id));
  const added: Slot[] = [];
  const loads: DropPlan['loads'] = [];
  const named = new Map<string, string>();
  for (const [folder, files] of sorted) {
    let slot = empty.shift();
    if (!slot && ws.slots.length + added.length < MAX_DATASETS) {
      slot = { id: `d${ws.nextId + added.length}`, label: folder, labelSource: 'folder' };
      added.push(slot);
    }
    if (!slot) break;
    if (folder) named.set(slot.id, folder);
    loads.push({ id: slot.id, files });
  }
  const left = sorted.slice(loads.length).map(([folder]) => folder || '(loose files)');
  return { loads, naming: { type: 'folders', named, added }, left };
}
