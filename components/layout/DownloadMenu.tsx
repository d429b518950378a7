'use client';
/**
 * Download in the header: a button that opens the export actions (ExportBar) under it, and closes on
 * a second press, Escape, or a press elsewhere on the page.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './layout.module.css';

export function DownloadMenu({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div className={styles.menu} ref={root}>
      <button type="button" className={styles.headerButton} data-testid="download-button" aria-expanded={open} aria-controls="download-menu" disabled={disabled} onClick={() => setOpen((o) => !o)}>
        Download ▾
      </button>
      {open && !disabled && (
        <div id="download-menu" className={styles.menuPanel} data-testid="download-menu">
          {children}
        </div>
      )}
    </div>
  );
}
