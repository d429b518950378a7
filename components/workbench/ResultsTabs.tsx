'use client';
/** The results views: one event's waits (the report, figures and outliers), the response-time profile, the statements. */
import styles from '../profile/profile.module.css';
import type { ResultsTab } from './url-state';

export function ResultsTabs({ tab, event, onTab }: { tab: ResultsTab; event: string; onTab: (tab: ResultsTab) => void }) {
  const tabs: { id: ResultsTab; label: string }[] = [
    { id: 'waits', label: `Waits: ${event}` },
    { id: 'profile', label: 'Response-time profile' },
    { id: 'statements', label: 'Statements' },
  ];
  return (
    <div role="tablist" className={styles.tabs} data-testid="results-tabs">
      {tabs.map((t) => (
        <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} data-tab={t.id} onClick={() => onTab(t.id)}>
          {t.label}
        </button>
      ))}
    </div>
  );
}
