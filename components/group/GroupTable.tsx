'use client';
/** One dataset's groups (lib/scope/group-stats.ts): a row per group, sorted by total, µs; '–' where the group is too small for a statistic. */
import type { GroupRow } from '@/lib/scope/group-stats';
import { notEstimableText } from '@/lib/stats/minimum-counts';
import { count, micros, raw } from '../profile/profile-format';
import styles from '../profile/profile.module.css';

export interface GroupDatasetView {
  id: string;
  label: string;
  color: string;
  rows: readonly GroupRow[];
}

const STATS = ['min', 'median', 'mean', 'p99', 'max'] as const;

export function GroupStat({ row, stat }: { row: GroupRow | null; stat: (typeof STATS)[number] | 'sum' }) {
  const value = row === null ? null : row[stat];
  const why = row !== null && value === null && stat !== 'sum' ? notEstimableText(stat, row.count)?.replace('waits', 'values') : undefined;
  return (
    <td className="num" data-stat={stat} data-value={raw(value)} title={why}>
      {micros(value)}
    </td>
  );
}

export function GroupTable({ view, keyText, noun }: { view: GroupDatasetView; keyText: string; noun: string }) {
  return (
    <div className={styles.scroll}>
      <table className={`comparison-table ${styles.profileTable}`} data-testid="group-table" data-dataset={view.id}>
        <caption>
          <span className={styles.swatch} style={{ background: view.color }} /> <strong>{view.label}</strong>: {count(view.rows.length)} group{view.rows.length === 1 ? '' : 's'} by {keyText}, largest total first
        </caption>
        <thead>
          <tr>
            <th>{keyText}</th>
            <th className="num">{noun}</th>
            {STATS.map((s) => (
              <th key={s} className="num">{s} µs</th>
            ))}
            <th className="num">total µs</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.key} data-testid="group-row" data-key={r.key}>
              <td className={`${styles.key} ${styles.keyCell}`}>{r.key}</td>
              <td className="num" data-stat="count" data-value={r.count}>{count(r.count)}</td>
              {STATS.map((s) => (
                <GroupStat key={s} row={r} stat={s} />
              ))}
              <GroupStat row={r} stat="sum" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
