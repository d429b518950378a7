'use client';
/**
 * The `?` overlay: every shortcut of bindings.ts, as a modal dialog with a title. It takes the focus
 * when it opens, keeps Tab inside it, closes on Esc or its button, and gives the focus back to
 * where it was.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { SHORTCUTS } from './bindings';
import theme from '../help/theme.module.css';
import styles from './keys.module.css';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's own controls. */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = all[0];
  const last = all.at(-1);
  if (!first || !last) return e.preventDefault();
  const at = all.indexOf(document.activeElement as HTMLElement);
  if (e.shiftKey && at <= 0) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === -1 || at === all.length - 1)) {
    e.preventDefault();
    first.focus();
  }
}

export function ShortcutOverlay({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current!;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    d.showModal();
    close.current?.focus();
    return () => {
      if (d.open) d.close();
      before?.focus();
    };
  }, []);
  return (
    // Esc makes the dialog close itself ('cancel', then 'close'); its button closes it the same way.
    <dialog ref={dialog} className={`${theme.themed} ${styles.overlay}`} aria-labelledby={titleId} data-testid="shortcut-overlay" onClose={onClose} onKeyDown={keepTabInside}>
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.description} data-testid="shortcut-row">
              <th scope="row">
                {s.shown.map((k, i) => (k === '…' ? <span key={i}> … </span> : <kbd key={i}>{k}</kbd>))}
              </th>
              <td>{s.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>
        Shortcuts do nothing while you type in a field, or with Ctrl, Alt or Cmd held. Everything else works with <kbd>Tab</kbd>,{' '}
        <kbd>Shift</kbd>+<kbd>Tab</kbd>, <kbd>Enter</kbd> and <kbd>Space</kbd>: a histogram bucket is chosen in the list under the
        distribution figure, and <kbd>Enter</kbd> in a field of the analysis window applies it.
      </p>
      <button ref={close} type="button" className={styles.close} onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
