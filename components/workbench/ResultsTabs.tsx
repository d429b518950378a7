'use client';
/** The results views: one measure's values (the report, figures and outliers: an event's waits, calls or commits), the response-time profile, the statements, the measure's values by group. */
import type { ValuesNoun } from '@/lib/trace/measure';
import styles from '../profile/profile.module.css';
import type { ResultsTab } from './url-state';

/** `commitPath`: a dataset holds an LGWR trace, so the Commit path view (components/lgwr) is offered. */
export function ResultsTabs({ tab, event, values = 'waits', commitPath = false, onTab }: { tab: ResultsTab; event: string; values?: ValuesNoun; commitPath?: boolean; onTab: (tab: ResultsTab) => void }) {
  const tabs: { id: ResultsTab; label: string }[] = [
    { id: 'waits', label: `${values[0]!.toUpperCase()}${values.slice(1)}: ${event}` },
    { id: 'profile', label: 'Response-time profile' },
    { id: 'statements', label: 'Statements' },
    { id: 'groups', label: 'Groups' },
    ...(commitPath || tab === 'commit-path' ? [{ id: 'commit-path' as const, label: 'Commit path (LGWR)' }] : []),
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
