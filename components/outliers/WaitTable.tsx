'use client';
import { describeLoggedTime, describeProcess } from '@/lib/outliers/row-clock';
import type { DatasetRow } from '@/lib/worker/outlier-requests';
import { formatNumber, formatTime, type DisplayUnit } from '../display-units';
import { useValuesNoun, valueColumn } from '../values-noun';
import styles from './wait-table.module.css';

/** About the height of a row of a wait table, for its height while it is off screen (wait-table.module.css). */
const ROW_PX = 29;

/** A row's time: a strace or fio value's as its log wrote it (row-clock.ts), a trace wait's from its tim and the *** stamps. */
function when(row: DatasetRow): string {
  if (row.clock !== 'trace') return describeLoggedTime(row.time, row.clock);
  const t = row.time;
  if (t.kind === 'utc' || t.kind === 'local') return `${t.iso ?? ''}${t.kind === 'local' ? ' (local, no UTC offset in the trace)' : ''}`;
  if (t.kind === 'tim') return `tim ${t.micros === undefined || t.micros === null ? '' : formatNumber(t.micros)} (no *** timestamp to anchor it)`;
  return t.warning === 'tim-out-of-range' ? 'tim out of range: no wall-clock time' : 'no tim';
}

/** The columns of a list of waits, live (below) or shared (SharedOutliers.tsx): one header for both. */
export function WaitTableHead({ unit }: { unit: DisplayUnit }) {
  const noun = useValuesNoun();
  return (
    <thead>
      <tr><th className="num">#</th><th>dataset</th><th className="num">
          {valueColumn(noun)} ({unit === 'ms' ? 'ms' : 'µs'})
        </th><th>time</th><th>session</th><th>file</th><th className="num">line</th></tr>
    </thead>
  );
}

/** One listed wait's cells, in WaitTableHead's order: the live lists and a shared report's tables alike. */
export function WaitCells(p: { rank: number; label: string; ela: number; time: string; session: string; file: string; line: number; unit: DisplayUnit }) {
  return (
    <>
      <td className="num">{formatNumber(p.rank)}</td>
      <td>{p.label}</td>
      <td className="num">{formatTime(p.ela, p.unit)}</td>
      <td className={styles.time}>{p.time}</td>
      <td>{p.session}</td>
      <td className="file">{p.file}</td>
      <td className="num">{p.line > 0 ? formatNumber(p.line) : '–'}</td>
    </>
  );
}

interface Props {
  /** In the order shown (longest first). */
  rows: DatasetRow[];
  unit: DisplayUnit;
  onPick: (row: DatasetRow) => void;
  picked: DatasetRow | null;
  labelOf: (datasetId: string) => string;
  /** The dataset of a table that lists one dataset only. */
  datasetId?: string;
  /** Position of rows[0] in the whole list (a later page), for the # column. */
  offset?: number;
}

const isPicked = (picked: DatasetRow | null, r: DatasetRow) => picked !== null && picked.datasetId === r.datasetId && picked.index === r.index;

/** Waits as rows a DBA can follow back to the trace: a click (or Enter, or j/k: components/keys) opens the lines around one. */
export function WaitTable({ rows, unit, onPick, picked, labelOf, datasetId, offset = 0 }: Props) {
  return (
    <div className={`wait-table ${styles.offscreen}`} style={{ containIntrinsicSize: `auto ${ROW_PX * (rows.length + 1)}px` }}>
      <table data-testid="outlier-rows" data-dataset={datasetId}>
        <WaitTableHead unit={unit} />
        <tbody>
          {rows.map((r, k) => (
            <tr
              key={`${r.datasetId}/${r.index}`}
              data-dataset={r.datasetId}
              data-file={r.file}
              data-line={r.line}
              data-ela={r.ela}
              className={isPicked(picked, r) ? 'picked' : undefined}
              data-picked={isPicked(picked, r) ? 'yes' : undefined}
              onClick={() => onPick(r)}
              tabIndex={0}
              onKeyDown={(e) => e.key === 'Enter' && onPick(r)}
            >
              <WaitCells rank={offset + k + 1} label={labelOf(r.datasetId)} ela={r.ela} time={when(r)} session={describeProcess(r, r.clock) ?? '–'} file={r.file} line={r.clock === 'fio-json' ? 0 /* a json+ histogram bin has no line of its own */ : r.line} unit={unit} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
