'use client';
import { useState } from 'react';
import { histogramCsv, reportJson, summaryCsv } from '@/lib/report/export-tables';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { ReplyTo } from '@/lib/worker/protocol';
import { download } from '../download';
import type { BucketMode } from './url-state';

/** Asks the worker for one dataset's Parquet tables (lib/worker/parquet-request.ts). */
export type AskParquet = (datasetId: string, label: string, sqlText: boolean) => Promise<ReplyTo<'parquet'>>;

/**
 * Downloads of the numbers behind the page: the summary, the histogram series, the whole report;
 * and, in the workbench, each trace dataset's Parquet tables (one zip; SQL text only when ticked).
 */
export function ExportBar({ report, buckets, parquet }: { report: WaitscopeReport; buckets: BucketMode; parquet?: AskParquet }) {
  const stem = `waitscope-${report.event.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const [sqlText, setSqlText] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const traces = parquet ? report.datasets.filter((d) => d.source === 'traces') : [];
  const downloadParquet = async (id: string, label: string) => {
    if (!parquet) return;
    setBusy(id);
    setProblem(null);
    try {
      const reply = await parquet(id, label, sqlText);
      if (reply.type === 'parquet') download(`waitscope-${label.replace(/[^A-Za-z0-9]+/g, '-')}-parquet.zip`, reply.blob);
      else setProblem(`The Parquet tables of ${label} could not be written: ${reply.message}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="export-bar" data-testid="export-bar">
      <span>Export:</span>
      <button type="button" onClick={() => download(`${stem}-summary.csv`, summaryCsv(report), 'text/csv')}>Summary CSV</button>
      <button type="button" onClick={() => download(`${stem}-histogram-${buckets}.csv`, histogramCsv(report, buckets), 'text/csv')}>Histogram CSV</button>
      <button type="button" onClick={() => download(`${stem}-report.json`, reportJson(report), 'application/json')}>Report JSON</button>
      {traces.map((d) => (
        <button key={d.id} type="button" disabled={busy !== null} title="Every wait, call, statement and file as Parquet tables (a zip), for DuckDB, pandas, R or Spark" onClick={() => void downloadParquet(d.id, d.label)}>
          {busy === d.id ? 'Writing Parquet…' : traces.length === 1 ? 'Download Parquet' : `Download Parquet: ${d.label}`}
        </button>
      ))}
      {traces.length > 0 && (
        <label>
          <input type="checkbox" checked={sqlText} onChange={(e) => setSqlText(e.target.checked)} /> with SQL text
        </label>
      )}
      {traces.length > 0 && (
        // Parquet is for the user's own analysis, unlike a shared or offline report: say what it holds before it is passed on.
        <span className="hint" data-testid="parquet-private">
          Parquet holds file, instance and host names{sqlText ? ' and SQL text' : ''}: not for sharing as is.
        </span>
      )}
      {problem && (
        <span role="alert" className="export-problem">
          {problem}
        </span>
      )}
    </div>
  );
}
