'use client';
/**
 * A list of selected waits (a bucket, a bar, a stretch of the spectrum, a timeline window, a
 * cluster): every selected dataset's waits merged longest first, with how many each dataset has
 * in the title, a page at a time, and all of them as one CSV.
 */
import type { DatasetRow, SelectionPage } from '@/lib/worker/outlier-requests';
import { formatNumber, type DisplayUnit } from '../display-units';
import { WaitTable } from './WaitTable';

/** Rows a page shows: enough to scroll, few enough to draw at once. */
export const PAGE_ROWS = 1000;

interface Props {
  /** What was selected, in words. */
  heading: string;
  page: SelectionPage;
  unit: DisplayUnit;
  onPage: (offset: number) => void;
  onDownload: () => void;
  /** A CSV is being written, or why it could not be. */
  download: 'idle' | 'writing' | { problem: string };
  onPick: (row: DatasetRow) => void;
  picked: DatasetRow | null;
  labelOf: (datasetId: string) => string;
  /** Shown at the end of the title, e.g. the way back to the top waits. */
  children?: React.ReactNode;
}

const count = formatNumber;

export function SelectionList({ heading, page, unit, onPage, onDownload, download, onPick, picked, labelOf, children }: Props) {
  const total = page.totals.reduce((n, t) => n + t.total, 0);
  const first = page.offset;
  const end = first + page.rows.length;
  const last = Math.max(0, Math.floor((total - 1) / PAGE_ROWS) * PAGE_ROWS);
  return (
    <>
      <h3 data-testid="outlier-list-title">
        {heading}:{' '}
        {page.totals.map((t, k) => (
          <span key={t.datasetId} data-dataset={t.datasetId} data-count={t.total}>
            {k > 0 ? ', ' : ''}
            {labelOf(t.datasetId)} {count(t.total)} {t.total === 1 ? 'wait' : 'waits'}
          </span>
        ))}{' '}
        {children}
      </h3>
      <nav className="list-pager" data-testid="outlier-pager" aria-label="pages of the listed waits">
        <span data-testid="outlier-page-rows">
          {total === 0 ? 'No waits' : `Rows ${count(first + 1)}–${count(end)} of ${count(total)}`}, longest first. Click a row to see its trace lines.
        </span>{' '}
        {total > PAGE_ROWS && (
          <>
            <button type="button" onClick={() => onPage(0)} disabled={first === 0}>first</button>
            <button type="button" onClick={() => onPage(Math.max(0, first - PAGE_ROWS))} disabled={first === 0}>previous</button>
            <button type="button" onClick={() => onPage(first + PAGE_ROWS)} disabled={end >= total}>next</button>
            <button type="button" onClick={() => onPage(last)} disabled={end >= total}>last</button>{' '}
          </>
        )}
        {total > 0 && (
          <button type="button" data-testid="outlier-csv" onClick={onDownload} disabled={download === 'writing'}>
            {download === 'writing' ? 'Writing the CSV…' : `Download all ${count(total)} as CSV`}
          </button>
        )}
        {typeof download === 'object' && <span role="alert" className="failure"> {download.problem}</span>}
      </nav>
      <WaitTable rows={page.rows} offset={page.offset} unit={unit} onPick={onPick} picked={picked} labelOf={labelOf} />
    </>
  );
}
