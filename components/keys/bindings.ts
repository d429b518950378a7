/**
 * The page's keyboard shortcuts, as one table (issue 17 §4): the handler (KeyboardShortcuts.tsx)
 * finds a key's action here and the `?` overlay (ShortcutOverlay.tsx) lists these same rows, so the
 * two can never disagree. Pure (no DOM), so the table is tested without a browser.
 */
import { UNIT_LABEL, type DisplayUnit } from '../display-units';

export type ShortcutAction =
  /** Select the view tab at this 0-based place among the rendered tabs. */
  | { kind: 'view'; index: number }
  | { kind: 'next-unit' }
  /** +1: the next listed outlier, −1: the previous one. */
  | { kind: 'outlier'; step: 1 | -1 }
  | { kind: 'open-help' }
  | { kind: 'close-help' };

export interface Shortcut {
  /** `KeyboardEvent.key` values, each with its action. */
  keys: readonly { key: string; action: ShortcutAction }[];
  /** The keys as the overlay shows them. */
  shown: readonly string[];
  description: string;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export const SHORTCUTS: readonly Shortcut[] = [
  {
    keys: DIGITS.map((key, index) => ({ key, action: { kind: 'view', index } })),
    shown: ['1', '…', '9'],
    description: 'Show the view of that tab, counted from the left (1 = the first tab)',
  },
  {
    keys: [{ key: 'u', action: { kind: 'next-unit' } }],
    shown: ['u'],
    description: `Switch the display unit (${Object.values(UNIT_LABEL).join(' → ')})`,
  },
  {
    keys: [{ key: 'j', action: { kind: 'outlier', step: 1 } }],
    shown: ['j'],
    description: 'Select the next listed outlier and show its trace lines',
  },
  {
    keys: [{ key: 'k', action: { kind: 'outlier', step: -1 } }],
    shown: ['k'],
    description: 'Select the previous listed outlier and show its trace lines',
  },
  { keys: [{ key: '?', action: { kind: 'open-help' } }], shown: ['?'], description: 'Show this list of shortcuts' },
  { keys: [{ key: 'Escape', action: { kind: 'close-help' } }], shown: ['Esc'], description: 'Close this list' },
];

const BY_KEY = new Map(SHORTCUTS.flatMap((s) => s.keys.map((k) => [k.key, k.action] as const)));

/** The part of a KeyboardEvent a shortcut depends on. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The action of a key press, or null. Ctrl, Cmd and Alt belong to the browser and the system
 * (Ctrl+1 picks a browser tab): no shortcut takes them. Shift does count (it types `?`), and a
 * shifted letter is another key ("J", not "j").
 */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  return BY_KEY.get(press.key) ?? null;
}

/** Inputs that take no typing: a key pressed on them may still be a shortcut. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'image']);

/** The part of an element that says whether keys pressed on it are typing. */
export interface FocusedElement {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Whether keys pressed on this element type text (a label, a window time, a select's type-ahead): no shortcut fires then. */
export function isTypingTarget(el: FocusedElement | null): boolean {
  if (!el) return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NOT_TYPED.has((el.type ?? 'text').toLowerCase());
  return el.isContentEditable === true;
}

/** The unit after `unit`, round the list of units. */
export function nextUnit(unit: DisplayUnit): DisplayUnit {
  const units = Object.keys(UNIT_LABEL) as DisplayUnit[];
  return units[(units.indexOf(unit) + 1) % units.length]!;
}

/** Where a step lands in a list of `length` rows from row `current` (−1: none yet): j from nothing is the first, k the last; the ends hold. */
export function steppedIndex(current: number, step: 1 | -1, length: number): number {
  if (length === 0) return -1;
  if (current < 0 || current >= length) return step > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, current + step));
}
