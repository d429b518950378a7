'use client';
/**
 * "Cell flash log": each dataset's FLASHLOG metrics beside its latency, the book's juxtaposition
 * (flash won a few % of the races, yet the mean log file sync fell). Drawn from the worker's parse
 * (lib/cell via status.cell); only in the workbench, never in a shared report (cell names are hosts).
 */
import { percentText, type RaceFigures } from '@/lib/cell/flash-first-share';
import type { FlashLogSummary } from '@/lib/cell/flashlog-summary';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { CellPanel } from '@/lib/worker/cell-inputs';
import { formatCount, formatNumber, formatTime, type DisplayUnit } from '../display-units';
import { CellMetricTable } from './CellMetricTable';
import styles from './cell-flash-log.module.css';

export interface CellDataset {
  id: string;
  label: string;
  color: string;
  cell: CellPanel;
}

function Races({ summary }: { summary: FlashLogSummary }) {
  const interval = summary.races.interval;
  const totals = summary.races.after ?? summary.races.before;
  const line = (r: RaceFigures) => `${formatCount(r.flashFirst)} of ${formatCount(r.flashFirst + r.diskFirst)} redo writes`;
  return (
    <>
      {interval && (
        <p data-testid="cell-interval">
          Flash won <strong>{percentText(interval.share)}</strong> of the races in the interval ({line(interval)}); FL_FLASH_FIRST / FL_DISK_FIRST of the deltas: {percentText(interval.ratio)}.
        </p>
      )}
      {totals && (
        <p data-testid="cell-totals">
          {interval ? 'Totals since the cell started (after)' : 'Totals since the cell started'}: flash first in {percentText(totals.share)} ({line(totals)}); ratio {percentText(totals.ratio)}.
        </p>
      )}
      {!interval && !totals && <p>No FL_FLASH_FIRST and FL_DISK_FIRST in the snapshot: no races to count.</p>}
    </>
  );
}

function DatasetCellCard({ d, mean, unit, event }: { d: CellDataset; mean: number | null; unit: DisplayUnit; event: string }) {
  const s = d.cell.summary;
  const po = s?.preventedOutliers;
  return (
    <article className={styles.card} data-testid={`cell-panel-${d.id}`}>
      <h4>
        <span className={styles.swatch} style={{ background: d.color }} aria-hidden /> {d.label}
      </h4>
      {d.cell.error && (
        <p role="alert" className={styles.error}>
          {d.cell.error}
        </p>
      )}
      <p>
        Mean {event}: <strong>{formatTime(mean, unit, { withUnit: true })}</strong>
      </p>
      {s && <Races summary={s} />}
      {po && (
        <p data-testid="cell-prevented">
          FL_PREVENTED_OUTLIERS: {po.delta !== null ? `${po.delta >= 0 ? '+' : ''}${formatNumber(po.delta)} in the interval (${formatCount(po.after)} in all)` : `${formatCount(po.before)} in all`}
        </p>
      )}
      {s && <CellMetricTable summary={s} />}
    </article>
  );
}

export function CellFlashLogPanel({ report, datasets, unit }: { report: WaitscopeReport; datasets: CellDataset[]; unit: DisplayUnit }) {
  if (datasets.length === 0) return null;
  const definitions = datasets.find((d) => d.cell.summary)?.cell.summary?.definitions;
  return (
    <section className={styles.panel} data-testid="cell-flash-log" aria-label="Cell flash log">
      <h3>Cell flash log</h3>
      <div className={styles.cards}>
        {datasets.map((d) => (
          <DatasetCellCard key={d.id} d={d} mean={report.datasets.find((x) => x.id === d.id)?.summary.mean ?? null} unit={unit} event={report.event} />
        ))}
      </div>
      {definitions && (
        <p className="hint" data-testid="cell-definition">
          {definitions.share}; {definitions.ratio}. Deltas only of cumulative counters (never of rates or percentages), summed over the cells. The
          book&apos;s 3.8 % is reproduced by neither definition from its own figures (3.5 % and 3.6 %).
        </p>
      )}
    </section>
  );
}
