'use client';
/**
 * One dataset's groups (lib/scope/group-stats.ts): a row per group, sorted by total, µs; '–' where
 * the group is too small for a statistic. Size groups (lib/io/size-groups.ts) are in size order and
 * add their bytes and throughput (MB/s of wait time).
 */
import { NO_SIZE } from '@/lib/io/io-size';
import { formatBytes, formatThroughput } from '@/lib/io/size-groups';
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
  const why = row !== null && value === null && stat !== 'sum' ? (notEstimableText(stat, row.count, 'values') ?? undefined) : undefined;
  return (
    <td className="num" data-stat={stat} data-value={raw(value)} title={why}>
      {micros(value)}
    </td>
  );
}

/** A size group's key in binary units, its exact bytes in the title; '(no size)' as it is. */
export function SizeKey({ label }: { label: string }) {
  const exact = label === NO_SIZE ? null : Number(label);
  return <span title={exact === null ? undefined : `${count(exact)} bytes`}>{exact === null ? label : formatBytes(exact)}</span>;
}

/** The bytes and MB/s cells of a size row (empty for '(no size)'). */
export function SizeCells({ row }: { row: { bytes?: number | null; throughput?: number | null } }) {
  const has = row.bytes !== null && row.bytes !== undefined;
  return (
    <>
      <td className="num" data-stat="bytes" data-value={raw(row.bytes)}>{has ? formatBytes(row.bytes as number) : ''}</td>
      <td className="num" data-stat="throughput" data-value={raw(row.throughput)}>{has ? formatThroughput(row.throughput ?? null).replace(' MB/s', '') : ''}</td>
    </>
  );
}

export function GroupTable({ view, keyText, noun }: { view: GroupDatasetView; keyText: string; noun: string }) {
  const sized = view.rows.some((r) => r.bytes !== undefined);
  return (
    <div className={styles.scroll}>
      <table className={`comparison-table ${styles.profileTable}`} data-testid="group-table" data-dataset={view.id}>
        <caption>
          <span className={styles.swatch} style={{ background: view.color }} /> <strong>{view.label}</strong>: {count(view.rows.length)} group{view.rows.length === 1 ? '' : 's'} by {keyText}, {sized ? 'smallest first (the size distribution)' : 'largest total first'}
        </caption>
        <thead>
          <tr>
            <th>{keyText}</th>
            <th className="num">{noun}</th>
            {STATS.map((s) => (
              <th key={s} className="num">{s} µs</th>
            ))}
            <th className="num">total µs</th>
            {sized && (
              <>
                <th className="num">bytes</th>
                <th className="num">MB/s</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.key} data-testid="group-row" data-key={r.key}>
              <td className={`${styles.key} ${styles.keyCell}`}>{sized ? <SizeKey label={r.key} /> : r.key}</td>
              <td className="num" data-stat="count" data-value={r.count}>{count(r.count)}</td>
              {STATS.map((s) => (
                <GroupStat key={s} row={r} stat={s} />
              ))}
              <GroupStat row={r} stat="sum" />
              {sized && <SizeCells row={r} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
