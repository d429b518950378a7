'use client';
import type { WaitRow } from '@/lib/outliers/top-list';
import type { DatasetRow, DatasetWaitList } from '@/lib/worker/outlier-requests';
import { formatTime, type DisplayUnit } from '../display-units';

function when(row: WaitRow): string {
  const t = row.time;
  if (t.kind === 'utc' || t.kind === 'local') return `${t.iso ?? ''}${t.kind === 'local' ? ' (local, no UTC offset in the trace)' : ''}`;
  if (t.kind === 'tim') return `tim ${t.micros?.toLocaleString('en-US') ?? ''} (no *** timestamp to anchor it)`;
  return t.warning === 'tim-out-of-range' ? 'tim out of range: no wall-clock time' : 'no tim';
}

/** Waits as rows a DBA can follow back to the trace: a click opens the lines around one. */
export function WaitTable({ lists, unit, onPick, picked, labelOf }: { lists: DatasetWaitList[]; unit: DisplayUnit; onPick: (row: DatasetRow) => void; picked: DatasetRow | null; labelOf: (datasetId: string) => string }) {
  const rows = lists.flatMap((l) => l.rows).sort((a, b) => b.ela - a.ela);
  const total = lists.reduce((n, l) => n + l.total, 0);
  return (
    <div className="wait-table">
      <p className="hint">
        {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} waits, longest first. Click a row to see its trace lines.
      </p>
      <table data-testid="outlier-rows">
        <thead>
          <tr><th>dataset</th><th className="num">ela ({unit === 'ms' ? 'ms' : 'µs'})</th><th>wall-clock time</th><th>session</th><th>file</th><th className="num">line</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
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
