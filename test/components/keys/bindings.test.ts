// The shortcut table (components/keys/bindings.ts): what each key does, when no key fires, and
// that the `?` overlay lists exactly the table's rows.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isTypingTarget, nextUnit, SHORTCUTS, shortcutFor, steppedIndex } from '../../../components/keys/bindings';
import { ShortcutOverlay } from '../../../components/keys/ShortcutOverlay';
import { findAll, parseMarkup, textOf } from '../markup';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('the shortcut table', () => {
  it('digits 1 to 9 pick the 1st to 9th view tab; 0 picks nothing', () => {
    expect(press('1')).toEqual({ kind: 'view', index: 0 });
    expect(press('3')).toEqual({ kind: 'view', index: 2 });
    expect(press('9')).toEqual({ kind: 'view', index: 8 });
    expect(press('0')).toBeNull();
  });

  it('u switches the unit, j and k step through the outliers, ? opens the list', () => {
    expect(press('u')).toEqual({ kind: 'next-unit' });
    expect(press('j')).toEqual({ kind: 'outlier', step: 1 });
    expect(press('k')).toEqual({ kind: 'outlier', step: -1 });
    expect(press('?')).toEqual({ kind: 'open-help' });
  });

  it('takes no key with Ctrl, Cmd or Alt (Ctrl+1 is the browser’s), and a shifted letter is another key', () => {
    expect(press('1', { ctrlKey: true })).toBeNull();
    expect(press('j', { metaKey: true })).toBeNull();
    expect(press('k', { altKey: true })).toBeNull();
    expect(press('J')).toBeNull();
  });

  it('gives every key one action only', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys.map((k) => k.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fires on nothing typed into: text inputs, textareas, selects and editable text', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    // Keys on these type nothing: a radio of the unit switch, a button, the page itself.
    expect(isTypingTarget({ tagName: 'INPUT', type: 'radio' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'TR', isContentEditable: false })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('switches µs → ms → µs', () => {
    expect(nextUnit('us')).toBe('ms');
    expect(nextUnit('ms')).toBe('us');
  });

  it('steps j from nothing to the first row, k from nothing to the last, and stops at the ends', () => {
    expect(steppedIndex(-1, 1, 5)).toBe(0);
    expect(steppedIndex(-1, -1, 5)).toBe(4);
    expect(steppedIndex(2, 1, 5)).toBe(3);
    expect(steppedIndex(2, -1, 5)).toBe(1);
    expect(steppedIndex(4, 1, 5)).toBe(4);
    expect(steppedIndex(0, -1, 5)).toBe(0);
    expect(steppedIndex(-1, 1, 0)).toBe(-1);
  });
});

describe('the ? overlay', () => {
  const root = parseMarkup(renderToStaticMarkup(createElement(ShortcutOverlay, { onClose: () => {} })));

  it('is a dialog named by its title', () => {
    const dialog = findAll(root, {}, 'dialog')[0]!;
    const title = findAll(root, { id: dialog.attrs['aria-labelledby']! }, 'h2')[0]!;
    expect(textOf(title)).toBe('Keyboard shortcuts');
  });

  it('lists every row of the table, with keys that cover the keys the handler takes', () => {
    const rows = findAll(root, { 'data-testid': 'shortcut-row' }, 'tr');
    expect(rows.map((r) => textOf(findAll(r, {}, 'td')[0]!))).toEqual(SHORTCUTS.map((s) => s.description));
    const shown = rows.map((r) => findAll(r, {}, 'kbd').map(textOf));
    expect(shown[0]).toEqual(['1', '9']); // "1 … 9"
    expect(shown.slice(1)).toEqual([['u'], ['j'], ['k'], ['?'], ['Esc']]);
  });
});
