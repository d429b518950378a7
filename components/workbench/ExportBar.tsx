'use client';
import { histogramCsv, reportJson, summaryCsv } from '@/lib/report/export-tables';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { download } from '../download';
import type { BucketMode } from './url-state';

/** Downloads of the numbers behind the page: the summary, the histogram series, the whole report. */
export function ExportBar({ report, buckets }: { report: WaitscopeReport; buckets: BucketMode }) {
  const stem = `waitscope-${report.event.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <div className="export-bar" data-testid="export-bar">
      <span>Export:</span>
      <button type="button" onClick={() => download(`${stem}-summary.csv`, summaryCsv(report), 'text/csv')}>Summary CSV</button>
      <button type="button" onClick={() => download(`${stem}-histogram-${buckets}.csv`, histogramCsv(report, buckets), 'text/csv')}>Histogram CSV</button>
      <button type="button" onClick={() => download(`${stem}-report.json`, reportJson(report), 'application/json')}>Report JSON</button>
    </div>
  );
}
