'use client';
/**
 * The compact header a profiler's page has (speedscope, Perfetto, the Firefox Profiler; issue 17 §4):
 * the name, the datasets as chips with their labels, the one-line answer, Share and Download on one
 * bar, and the views as tabs under it. It stays at the top while the view scrolls.
 */
import type { ReactNode } from 'react';
import styles from './layout.module.css';

export interface AppHeaderProps {
  chips: ReactNode;
  /** The one-line answer of each comparison (answer-headline.ts); none until a report is in. */
  answers: readonly string[];
  actions: ReactNode;
  tabs: ReactNode;
}

export function AppHeader({ chips, answers, actions, tabs }: AppHeaderProps) {
  return (
    <header className={styles.header} data-testid="app-header">
      <div className={styles.bar}>
        <h1 className={styles.brand}>waitscope</h1>
        <div className={styles.chips}>{chips}</div>
        <div className={styles.actions}>{actions}</div>
      </div>
      {answers.length > 0 && (
        <div className={styles.answers} data-testid="header-answer">
          {answers.map((a) => (
            <p key={a} className={styles.answer}>{a}</p>
          ))}
        </div>
      )}
      {tabs}
    </header>
  );
}
