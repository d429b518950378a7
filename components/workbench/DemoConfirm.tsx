'use client';
import type { DemoQuestion } from './use-book-demo';
import styles from './workbench-extras.module.css';

/** The question before the book's demo would replace what the user loaded or typed. Escape cancels. */
export function DemoConfirm({ question, onOthers, onReplace, onCancel }: { question: DemoQuestion; onOthers: () => void; onReplace: () => void; onCancel: () => void }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="demo-confirm-title"
      className={styles.confirm}
      data-testid="demo-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <p id="demo-confirm-title">
        <strong>Loading the book&apos;s experiment into datasets 1 and 2 would replace what you loaded or typed:</strong>
      </p>
      <ul>
        {question.conflicts.map((c) => (
          <li key={c}>{c}.</li>
        ))}
      </ul>
      {question.otherEvent && <p className="hint">The page then shows &apos;log file sync&apos; (the demo&apos;s event) instead of &apos;{question.otherEvent}&apos;, for every dataset.</p>}
      <div className={styles.actions}>
        {question.canUseOthers ? (
          // The question has just opened: its safe answer takes the focus.
          <button type="button" autoFocus onClick={onOthers}>
            Load the demo into new datasets
          </button>
        ) : (
          <span className="hint">There is no room for two more datasets (at most 4): remove one, or replace.</span>
        )}
        <button type="button" onClick={onReplace}>
          Replace them
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
