'use client';
/**
 * One dataset's response-time profile as mrprof prints it (issue 14 §2): rows add up to R, largest
 * first, with each row's share of R, count and, where its count supports them, mean, median and p99
 * (lib/profile/profile-rows.ts). Negative unaccounted-for time is shown as it is, never clamped.
 */
import type { ProfileRow } from '@/lib/profile/profile-rows';
import { notEstimableText } from '@/lib/stats/minimum-counts';
import { EMPTY_PROFILE_NOTE } from '@/lib/profile/component-names';
import { count, micros, percent, raw } from './profile-format';
import styles from './profile.module.css';

export interface ProfileDatasetView {
  id: string;
  label: string;
  color: string;
  /** R, µs. */
  total: number;
  sessions: number;
  rows: readonly ProfileRow[];
}

/** A statistic cell: its value, or '–' with why (too few values) as its title. */
function Stat({ value, stat, n, component }: { value: number | null; stat: 'mean' | 'median' | 'p99'; n: number; component: string }) {
  const why = value === null ? (notEstimableText(stat, n, 'values') ?? 'no values of its own') : undefined;
  return (
    <td className="num" data-stat={stat} data-component={component} data-value={raw(value)} title={why}>
      {micros(value)}
    </td>
  );
}

export function ProfileTable({ view }: { view: ProfileDatasetView }) {
  return (
    <table className={`comparison-table ${styles.profileTable}`} data-testid="profile-table" data-dataset={view.id}>
      <caption>
        <span className={styles.swatch} style={{ background: view.color }} /> <strong>{view.label}</strong>: R ={' '}
        <span data-testid="profile-r" data-value={raw(view.total)}>{micros(view.total)}</span> µs over {count(view.sessions)} session{view.sessions === 1 ? '' : 's'}
      </caption>
      <thead>
        <tr>
          <th>component</th>
          <th className="num">total µs</th>
          <th className="num">% of R</th>
          <th className="num">count</th>
          <th className="num">mean µs</th>
          <th className="num">median µs</th>
          <th className="num">p99 µs</th>
        </tr>
      </thead>
      <tbody>
        {view.sessions === 0 && (
          <tr data-testid="profile-empty">
            <td colSpan={7}>{EMPTY_PROFILE_NOTE}</td>
          </tr>
        )}
        {view.rows.map((r) => (
          <tr key={r.component} data-testid="profile-row" data-component={r.component} data-kind={r.kind} className={r.total < 0 ? styles.negative : undefined}>
            <td>{r.component}</td>
            <td className="num" data-stat="total" data-component={r.component} data-value={raw(r.total)}>{micros(r.total)}</td>
            <td className="num" data-stat="share" data-component={r.component} data-value={raw(r.share)}>{percent(r.share)}</td>
            <td className="num" data-stat="count" data-component={r.component} data-value={raw(r.count)}>{count(r.count)}</td>
            <Stat value={r.mean} stat="mean" n={r.count} component={r.component} />
            <Stat value={r.median} stat="median" n={r.count} component={r.component} />
            <Stat value={r.p99} stat="p99" n={r.count} component={r.component} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th>total (R)</th>
          <th className="num">{micros(view.total)}</th>
          <th className="num">{view.total !== 0 ? '100.0' : '–'}</th>
          <th colSpan={4} />
        </tr>
      </tfoot>
    </table>
  );
}

export const PROFILE_NOTE =
  'Rows add up to R, the sum over sessions of (latest end − earliest start). CPU is c of top-level calls: dep=0 calls, and recursive calls whose parent is not in the trace; ' +
  'waits within calls lie inside a top-level call (at any depth); ' +
  'unaccounted-for within calls = Σe − Σc − those waits. Unaccounted-for time may be negative: timer quantization, CPU counted twice inside a wait (Millsap & Holt §7.4).';
