/**
 * The page's own state in one reducer (issue 13 §5): the datasets (their ids and labels, and where
 * each label came from) and the view. The files and their numbers live in the analysis worker. The
 * URL is derived from this state (urlOf), never kept beside it. Plain TypeScript, so it is tested
 * without React (test/components/workbench/workspace.test.ts).
 */
import { defaultLabel, type Slot } from './demo-plan';
import { DEFAULT_LABELS, DEFAULT_VIEW, formatViewState, MAX_DATASETS, type ViewState } from './url-state';
import { isNoWindow, NO_WINDOW_SPEC, type WindowSpec } from './window-spec';

/** The view without the labels, which the datasets hold. */
export type View = Omit<ViewState, 'labels' | 'folderLabels' | 'windows'>;

export interface Workspace {
  slots: Slot[];
  view: View;
  /** The number of the next dataset id (`d<n>`): ids are never reused, so a late message of a removed dataset finds none. */
  nextId: number;
}

export type WorkspaceAction =
  /** The view a URL describes (read once, after hydration). */
  | { type: 'url'; view: ViewState }
  | { type: 'view'; change: Partial<View> }
  | { type: 'rename'; id: string; label: string }
  | { type: 'add-dataset' }
  | { type: 'remove-dataset'; id: string }
  /** Files were added by hand: the page no longer shows only the demo. */
  | { type: 'files-added' }
  /** Datasets named after dropped folders: `named` existing ones, `added` new ones (drop-plan.ts). */
  | { type: 'folders'; named: ReadonlyMap<string, string>; added: Slot[] }
  /** The time window of the datasets `ids` (window-spec.ts); an empty spec: the whole run. */
  | { type: 'window'; ids: readonly string[]; spec: WindowSpec }
  /** The demo into `ids` (some of them `added`), labelled as the book's two settings; `alone`: the URL says demo=book. */
  | { type: 'demo'; ids: string[]; added: Slot[]; alone: boolean; event: string };

/** The datasets of a URL's view: the URL says which labels were made from a folder's name (LabelSource). */
export const slotsOf = (labels: readonly string[], folderLabels: readonly number[] = [], windows: readonly WindowSpec[] = []): Slot[] =>
  labels.map((label, i) => ({
    id: `d${i + 1}`,
    label,
    labelSource: folderLabels.includes(i) ? 'folder' : label === defaultLabel(i) ? 'default' : 'typed',
    ...(!isNoWindow(windows[i]) && { window: windows[i] }),
  }));

function viewOnly(v: ViewState): View {
  const { labels: _labels, folderLabels: _folderLabels, windows: _windows, ...view } = v;
  return view;
}

export const INITIAL_WORKSPACE: Workspace = { slots: slotsOf(DEFAULT_LABELS), view: viewOnly(DEFAULT_VIEW), nextId: DEFAULT_LABELS.length + 1 };

export function workspaceReducer(ws: Workspace, action: WorkspaceAction): Workspace {
  switch (action.type) {
    case 'url':
      return { slots: slotsOf(action.view.labels, action.view.folderLabels, action.view.windows), view: viewOnly(action.view), nextId: action.view.labels.length + 1 };
    case 'view':
      return { ...ws, view: { ...ws.view, ...action.change } };
    case 'window':
      return { ...ws, slots: ws.slots.map((s) => (action.ids.includes(s.id) ? withWindow(s, action.spec) : s)) };
    case 'rename':
      return { ...ws, slots: ws.slots.map((s) => (s.id === action.id ? { ...s, label: action.label, labelSource: 'typed' } : s)) };
    case 'add-dataset':
      if (ws.slots.length >= MAX_DATASETS) return ws;
      return { ...ws, slots: [...ws.slots, { id: `d${ws.nextId}`, label: defaultLabel(ws.slots.length), labelSource: 'default' }], nextId: ws.nextId + 1 };
    case 'remove-dataset': {
      const i = ws.slots.findIndex((s) => s.id === action.id);
      if (i < 0) return ws;
      const b = ws.view.baseline;
      return { ...ws, slots: ws.slots.filter((s) => s.id !== action.id), view: { ...ws.view, baseline: b === i ? 0 : b > i ? b - 1 : b } };
    }
    case 'files-added':
      return ws.view.demo ? { ...ws, view: { ...ws.view, demo: false } } : ws;
    case 'folders':
      return {
        ...ws,
        slots: [...ws.slots, ...action.added].map((s) => (action.named.has(s.id) ? { ...s, label: action.named.get(s.id)!, labelSource: 'folder' } : s)),
        nextId: ws.nextId + action.added.length,
      };
    case 'demo': {
      const labels = new Map(action.ids.map((id, i) => [id, DEFAULT_LABELS[i]!]));
      return {
        slots: [...ws.slots, ...action.added].map((s) => (labels.has(s.id) ? { ...s, label: labels.get(s.id)!, labelSource: 'default' } : s)),
        view: { ...ws.view, demo: action.alone, measure: { kind: 'event', event: action.event } },
        nextId: ws.nextId + action.added.length,
      };
    }
  }
}

function withWindow(s: Slot, spec: WindowSpec): Slot {
  const { window: _old, ...rest } = s;
  return isNoWindow(spec) ? rest : { ...rest, window: spec };
}

/** The full view state, labels and windows included, as the URL holds it. */
export function viewStateOf(ws: Workspace): ViewState {
  const windows = ws.slots.map((s) => s.window ?? NO_WINDOW_SPEC);
  while (windows.length > 0 && isNoWindow(windows.at(-1))) windows.pop();
  return { ...ws.view, labels: ws.slots.map((s) => s.label), folderLabels: ws.slots.flatMap((s, i) => (s.labelSource === 'folder' ? [i] : [])), windows };
}

/** The query string of the workspace (url-state.ts). */
export function urlOf(ws: Workspace): string {
  return formatViewState(viewStateOf(ws));
}
