'use client';
import type { WaitRow } from '@/lib/outliers/top-list';
import type { DatasetRow } from '@/lib/worker/outlier-requests';
import { formatTime, type DisplayUnit } from '../display-units';

function when(row: WaitRow): string {
  const t = row.time;
  if (t.kind === 'utc' || t.kind === 'local') return `${t.iso ?? ''}${t.kind === 'local' ? ' (local, no UTC offset in the trace)' : ''}`;
  if (t.kind === 'tim') return `tim ${t.micros?.toLocaleString('en-US') ?? ''} (no *** timestamp to anchor it)`;
  return t.warning === 'tim-out-of-range' ? 'tim out of range: no wall-clock time' : 'no tim';
}

/** The columns of a list of waits, live (below) or shared (SharedOutliers.tsx): one header for both. */
export function WaitTableHead({ unit }: { unit: DisplayUnit }) {
  return (
    <thead>
      <tr><th className="num">#</th><th>dataset</th><th className="num">ela ({unit === 'ms' ? 'ms' : 'µs'})</th><th>wall-clock time</th><th>session</th><th>file</th><th className="num">line</th></tr>
    </thead>
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

/** Waits as rows a DBA can follow back to the trace: a click opens the lines around one. */
export function WaitTable({ rows, unit, onPick, picked, labelOf, datasetId, offset = 0 }: Props) {
  return (
    <div className="wait-table">
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
              className={picked && picked.datasetId === r.datasetId && picked.index === r.index ? 'picked' : undefined}
              onClick={() => onPick(r)}
              tabIndex={0}
              onKeyDown={(e) => e.key === 'Enter' && onPick(r)}
            >
              <td className="num">{(offset + k + 1).toLocaleString('en-US')}</td>
              <td>{labelOf(r.datasetId)}</td>
              <td className="num">{formatTime(r.ela, unit)}</td>
              <td>{when(r)}</td>
              <td>{r.session ?? (r.pid ? `pid ${r.pid}` : '–')}</td>
              <td className="file">{r.file}</td>
              <td className="num">{r.line > 0 ? r.line.toLocaleString('en-US') : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
