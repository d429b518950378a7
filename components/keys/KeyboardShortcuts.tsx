'use client';
/**
 * The page's shortcut handler and the `?` overlay, mounted once (Workbench.tsx). A key press is
 * looked up in bindings.ts; none fires while the user types in a field, with Ctrl, Alt or Cmd
 * held, or while a modal dialog is open (it owns the keys). The small `?` button opens the same
 * overlay for those who do not know the key.
 */
import { useEffect, useRef, useState } from 'react';
import type { DisplayUnit } from '../display-units';
import { isTypingTarget, nextUnit, shortcutFor } from './bindings';
import theme from '../help/theme.module.css';
import styles from './keys.module.css';
import { selectViewTab, stepOutlier } from './page-actions';
import { ShortcutOverlay } from './ShortcutOverlay';

export function KeyboardShortcuts({ unit, onUnit }: { unit: DisplayUnit; onUnit: (unit: DisplayUnit) => void }) {
  const [open, setOpen] = useState(false);
  // The handler is added once and reads the latest unit through this.
  const latest = useRef({ unit, onUnit });
  latest.current = { unit, onUnit };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target instanceof HTMLElement ? e.target : null)) return;
      const action = shortcutFor(e);
      if (!action || document.querySelector('dialog[open]')) return;
      switch (action.kind) {
        case 'view':
          if (!selectViewTab(action.index)) return;
          break;
        case 'next-unit':
          latest.current.onUnit(nextUnit(latest.current.unit));
          break;
        case 'outlier':
          if (!stepOutlier(action.step)) return;
          break;
        case 'open-help':
          setOpen(true);
          break;
        case 'close-help':
          return; // the dialog closes itself on Esc
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" className={`${theme.themed} ${styles.open}`} aria-keyshortcuts="?" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" data-testid="shortcuts-button" onClick={() => setOpen(true)}>
        ?
      </button>
      {open && <ShortcutOverlay onClose={() => setOpen(false)} />}
    </>
  );
}
