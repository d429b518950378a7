'use client';
/**
 * The Profile view's tables: each dataset's response-time profile side by side, then each comparison
 * of the report (A against its baseline) with its headline. Drawn from plain rows, so the workbench
 * (profiles from the worker) and a shared report's page (its profile section) draw the same view.
 */
import { ProfileComparisonTable, type ProfileComparisonView } from './ProfileComparisonTable';
import { PROFILE_NOTE, ProfileTable, type ProfileDatasetView } from './ProfileTable';
import { micros } from './profile-format';
import styles from './profile.module.css';

export interface ProfileViewProps {
  datasets: readonly ProfileDatasetView[];
  comparisons: readonly ProfileComparisonView[];
  /** µs. */
  thinkTime: number;
  /** A statement's key was clicked: show it in the Statements view. */
  onStatement?: (datasetId: string, key: string) => void;
}

export function ProfileView({ datasets, comparisons, thinkTime, onStatement }: ProfileViewProps) {
  return (
    <div data-testid="profile-view">
      {comparisons.map((c) => (
        <ProfileComparisonTable key={`${c.a.id}-${c.b.id}`} view={c} onStatement={onStatement} />
      ))}
      <div className={styles.side}>
        {datasets.map((d) => (
          <ProfileTable key={d.id} view={d} />
        ))}
      </div>
      {datasets.length > 0 && (
        <p className={styles.note} data-testid="profile-footnote">
          Think time: SQL*Net message from client waits of {micros(thinkTime)} µs or more, on a row of their own. {PROFILE_NOTE}
        </p>
      )}
    </div>
  );
}
