'use client';
/** Two datasets' groups side by side (lib/scope/group-comparison.ts), largest total over both first; a group one side lacks says so. */
import type { GroupPair } from '@/lib/scope/group-comparison';
import { count } from '../profile/profile-format';
import styles from '../profile/profile.module.css';
import { GroupStat, SizeKey } from './GroupTable';

export interface GroupComparisonView {
  a: { id: string; label: string };
  b: { id: string; label: string };
  pairs: readonly GroupPair[];
}

export function GroupComparisonTable({ view, keyText, noun, order = 'largest total over both first' }: { view: GroupComparisonView; keyText: string; noun: string; order?: string }) {
  const { a, b } = view;
  return (
    <div className={styles.scroll}>
      <table className={`comparison-table ${styles.profileTable}`} data-testid="group-comparison" data-a={a.id} data-b={b.id}>
        <caption>
          A: <strong>{a.label}</strong> against B: <strong>{b.label}</strong>, by {keyText}, {order}
        </caption>
        <thead>
          <tr>
            <th rowSpan={2}>{keyText}</th>
            <th colSpan={2} className="num">{noun}</th>
            <th colSpan={2} className="num">median µs</th>
            <th colSpan={2} className="num">p99 µs</th>
            <th colSpan={2} className="num">total µs</th>
          </tr>
          <tr>
            {[0, 1, 2, 3].flatMap((i) => [
              <th key={`a${i}`} className="num" title={a.label}>A</th>,
              <th key={`b${i}`} className="num" title={b.label}>B</th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {view.pairs.map((p) => (
            <tr key={p.key} data-testid="group-pair" data-key={p.key}>
              <td className={`${styles.key} ${styles.keyCell}`}>
                {keyText === 'size' ? <SizeKey label={p.key} /> : p.key}
                {(p.a === null || p.b === null) && <span className={styles.only}> only in {p.a === null ? b.label : a.label}</span>}
              </td>
              <td className="num" data-side="a" data-stat="count" data-value={p.a?.count ?? 0}>{count(p.a?.count ?? 0)}</td>
              <td className="num" data-side="b" data-stat="count" data-value={p.b?.count ?? 0}>{count(p.b?.count ?? 0)}</td>
              <GroupStat row={p.a} stat="median" />
              <GroupStat row={p.b} stat="median" />
              <GroupStat row={p.a} stat="p99" />
              <GroupStat row={p.b} stat="p99" />
              <GroupStat row={p.a} stat="sum" />
              <GroupStat row={p.b} stat="sum" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
