'use client';
/** Every FLASHLOG metric of every cell, Δ first (what a narrow card shows without scrolling), then before and after; folded away under the panel's figures. */
import type { FlashLogSummary } from '@/lib/cell/flashlog-summary';
import { formatNumber } from '../display-units';
import styles from './cell-flash-log.module.css';

const value = (n: number | null, signed = false) => (n === null ? '–' : `${signed && n >= 0 ? '+' : ''}${formatNumber(n)}`);

export function CellMetricTable({ summary: s }: { summary: FlashLogSummary }) {
  const withAfter = s.after !== null;
  // Without dcli the output names no cell: no column for it.
  const withCell = s.cells.some((c) => c !== '');
  return (
    <details className={styles.metrics}>
      <summary>
        Metrics of {s.cells.length} cell{s.cells.length === 1 ? '' : 's'}
        {s.unknownNames.length > 0 && ` (${s.unknownNames.length} not in the User's Guide: kept as printed, marked ?)`}
      </summary>
      <div className={styles.tableScroll}>
        <table className={`comparison-table ${styles.table}`}>
          <thead>
            <tr>
              {withCell && <th>Cell</th>}
              <th>Metric</th>
              {withAfter && <th className="num">Δ</th>}
              <th className="num">{withAfter ? 'Before' : 'Value'}</th>
              {withAfter && <th className="num">After</th>}
              <th>Unit</th>
            </tr>
          </thead>
          <tbody>
            {s.rows.map((r) => (
              <tr key={`${r.cell}/${r.name}/${r.object}`}>
                {withCell && <td>{r.cell}</td>}
                <td title={r.kind}>{r.known ? r.name : `${r.name} ?`}</td>
                {withAfter && <td className="num">{value(r.delta, true)}</td>}
                <td className="num">{value(r.before)}</td>
                {withAfter && <td className="num">{value(r.after)}</td>}
                <td>{r.unit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
