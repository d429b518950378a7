'use client';
/**
 * On a dataset card: paste CellCLI FLASHLOG output (a dropped file is recognised by the worker),
 * see which snapshot is before and which after, and any error with its file and line.
 */
import { useState } from 'react';
import type { CellPanel } from '@/lib/worker/cell-inputs';
import styles from './cell-flash-log.module.css';

export interface CellTextInputProps {
  id: string;
  index: number;
  cell: CellPanel | undefined;
  /** A pasted snapshot; null removes the dataset's cell metrics. */
  onText: (text: string | null) => void;
}

export function CellTextInput({ id, index, cell, onText }: CellTextInputProps) {
  const [text, setText] = useState('');
  // Open while the dataset has cell metrics, until the user folds or unfolds it: then as they left it
  // (so removing the metrics does not hide the box they are about to paste into).
  const [chosenOpen, setChosenOpen] = useState<boolean | null>(null);
  const [before, after] = cell?.snapshots ?? [];
  return (
    <details className={styles.input} open={chosenOpen ?? cell !== undefined} onToggle={(e) => setChosenOpen(e.currentTarget.open)} data-testid={`cell-input-${id}`}>
      <summary>Cell flash log metrics (CellCLI)</summary>
      <p className="hint">
        Paste the output of <code>LIST METRICCURRENT WHERE objectType=&apos;FLASHLOG&apos;</code> (or METRICHISTORY, DETAIL, dcli for several cells), or drop it as a file:
        one snapshot, or a before and an after.
      </p>
      <textarea aria-label={`CellCLI output for dataset ${index + 1}`} rows={4} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      <div className="dataset-actions">
        <button
          type="button"
          disabled={text.trim() === ''}
          onClick={() => {
            onText(text);
            setText('');
          }}
        >
          Add snapshot
        </button>
        {cell && (
          <button type="button" onClick={() => onText(null)}>
            Remove cell metrics
          </button>
        )}
      </div>
      {cell && cell.snapshots.length > 0 && cell.error === null && (
        <p className={styles.snapshots} data-testid={`cell-snapshots-${id}`}>
          {after ? (
            <>
              Before: <span className={styles.name}>{before}</span>; after: <span className={styles.name}>{after}</span>
            </>
          ) : (
            <>
              One snapshot: <span className={styles.name}>{before}</span> (add an after for the deltas)
            </>
          )}
        </p>
      )}
      {cell?.error && (
        <p role="alert" className={styles.error} data-testid={`cell-error-${id}`}>
          {cell.error}
        </p>
      )}
    </details>
  );
}
