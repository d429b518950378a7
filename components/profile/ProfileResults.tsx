'use client';
/**
 * The Profile and Statements views in the workbench: the datasets' profiles are asked of the worker
 * when one of these views is open (useProfiles), with the think time the view sets, and drawn with
 * lib/profile's own functions (profileTable, statementRows, compareProfiles), as the CLI prints them.
 */
import { useMemo } from 'react';
import { compareProfiles } from '@/lib/profile/compare-profiles';
import type { DatasetProfile } from '@/lib/profile/profile-model';
import { profileTable } from '@/lib/profile/profile-rows';
import { statementRows } from '@/lib/profile/statement-table';
import type { Ask } from '@/lib/worker/protocol';
import { count } from './profile-format';
import { ProfileView } from './ProfileView';
import { StatementsView, type StatementSettings } from './StatementsView';
import { ThinkTimeControl } from './ThinkTimeControl';
import { useProfiles } from './use-profiles';
import styles from './profile.module.css';

export interface ProfileDatasetSpec {
  id: string;
  label: string;
  color: string;
}

interface Props {
  ask: Ask;
  tab: 'profile' | 'statements';
  datasets: readonly ProfileDatasetSpec[];
  /** The report's comparisons as dataset ids: A (treatment) against B (baseline). */
  pairs: readonly { a: string; b: string }[];
  /** What the profiles depend on besides ids and think time: the datasets' files. */
  dataKey: string;
  thinkTime: number;
  onThinkTime: (micros: number) => void;
  statements: StatementSettings;
  onStatements: (change: Partial<StatementSettings>) => void;
  /** A statement clicked in the Profile view: show it in the Statements view of its dataset. */
  onOpenStatement: (datasetIndex: number, key: string) => void;
  focus: string | null;
}

export function ProfileResults({ ask, tab, datasets, pairs, dataKey, thinkTime, onThinkTime, statements, onStatements, onOpenStatement, focus }: Props) {
  const ids = datasets.map((d) => d.id);
  const state = useProfiles(ask, ids.length > 0 ? { key: dataKey, datasetIds: ids, thinkTimeMicros: thinkTime } : null);
  const byId = useMemo(() => new Map((state.profiles ?? []).flatMap((p) => (p.profile ? [[p.datasetId, p.profile] as const] : []))), [state.profiles]);
  const withProfile = datasets.filter((d) => byId.has(d.id));
  const notes = (state.profiles ?? []).flatMap((p) => p.notes.map((n) => `${datasets.find((d) => d.id === p.datasetId)?.label ?? p.datasetId}: ${n}`));

  const profileDatasets = useMemo(() => withProfile.map((d) => ({ ...d, ...profileTable(byId.get(d.id) as DatasetProfile) })), [byId, JSON.stringify(withProfile)]);
  const comparisons = useMemo(
    () =>
      pairs.flatMap(({ a, b }) => {
        const pa = byId.get(a);
        const pb = byId.get(b);
        const la = datasets.find((d) => d.id === a);
        const lb = datasets.find((d) => d.id === b);
        return pa && pb && la && lb ? [{ a: { id: a, label: la.label }, b: { id: b, label: lb.label }, comparison: compareProfiles(pa, pb) }] : [];
      }),
    [byId, JSON.stringify(pairs), JSON.stringify(datasets)],
  );
  const statementDatasets = useMemo(
    () => withProfile.map((d) => {
      const rows = statementRows(byId.get(d.id) as DatasetProfile);
      return { ...d, rows, statementCount: rows.length };
    }),
    [byId, JSON.stringify(withProfile)],
  );
  const progress = Object.values(state.progress);
  const done = progress.reduce((n, p) => n + p.done, 0);
  const total = progress.reduce((n, p) => n + p.total, 0);
  return (
    <section data-testid="profile-results" data-state={state.error ? 'failed' : state.profiles ? 'ready' : 'computing'} data-think-time={state.profiles ? thinkTime : undefined}>
      {/* No control for a profile no dataset has (the synthetic demo's waits alone, CSV values). */}
      {tab === 'profile' && !(state.profiles && withProfile.length === 0) && (
        <div className={styles.settings}>
          <ThinkTimeControl micros={thinkTime} onChange={onThinkTime} />
        </div>
      )}
      {state.error && <p role="alert" className="failure">{state.error}</p>}
      {!state.profiles && !state.error && (
        <p className="computing" data-testid="profile-progress">
          Reading the trace files again for their database calls…{' '}
          {total > 0 && `${count(Math.round(done / 1024))} of ${count(Math.round(total / 1024))} KiB (${count(Math.floor((100 * done) / total))}%)`}
        </p>
      )}
      {notes.map((n) => (
        <p key={n} className={styles.note} data-testid="profile-note">{n}</p>
      ))}
      {state.profiles && tab === 'profile' && (
        <ProfileView
          datasets={profileDatasets}
          comparisons={comparisons}
          thinkTime={thinkTime}
          onStatement={(id, key) => onOpenStatement(Math.max(0, withProfile.findIndex((d) => d.id === id)), key)}
        />
      )}
      {state.profiles && tab === 'statements' && <StatementsView datasets={statementDatasets} settings={statements} onSettings={onStatements} focus={focus} />}
    </section>
  );
}
