'use client';
import { useRef, useState, type DragEvent } from 'react';
import type { DatasetStatus, InputFile, ProgressUpdate } from '@/lib/worker/protocol';
import { DatasetErrors, type DatasetProblem } from '../DatasetErrors';
import { formatCount } from '../display-units';
import { filesFromDrop, filesFromList } from './drop-files';
import { FileList, loadedSummary } from './FileList';
import { valuesNoun } from '@/lib/trace/measure';
import { ProgressBar } from './ProgressBar';
import { CellTextInput } from '../cell/CellTextInput';
import styles from './workbench-extras.module.css';

export interface DatasetCardProps {
  id: string;
  index: number;
  /** The dataset's colour in the figures. */
  color: string;
  label: string;
  status: DatasetStatus | undefined;
  progress: ProgressUpdate | undefined;
  /** null: the dataset cannot be a baseline (no radio). */
  isBaseline: boolean | null;
  canRemove: boolean;
  onLabel: (label: string) => void;
  onBaseline: () => void;
  onFiles: (files: InputFile[]) => void;
  onCancel: () => void;
  onClear: () => void;
  /** Absent where the data cannot change (a shared report's card). */
  onUndoClear?: () => void;
  onRemoveFile?: (name: string) => void;
  onRemove: () => void;
  onExportSamples: () => void;
  /** Which time window the dataset's statistics are of, and what it left out (WindowLines.tsx windowText); absent: the whole run. */
  windowNote?: string | null;
  /** Pasted CellCLI FLASHLOG output (null removes it); absent where the data cannot change. */
  onCellText?: (text: string | null) => void;
  /** The label is edited in the page header's chip (components/layout/DatasetChips.tsx): the card names the dataset only. */
  labelInHeader?: boolean;
}

function fileSummary(status: DatasetStatus | undefined): string {
  if (!status || status.source === 'empty') return 'No data yet: drop trace files (.trc, .trc.gz, .trc.xz), folders, archives (.zip, .tar, .tar.gz, .tar.xz), strace -T or fio logs, or a CSV of ela values here.';
  if (status.source === 'synthetic') return `${formatCount(status.waits)} synthetic waits`;
  return loadedSummary(status.files, status.waits, status.event, status.measure);
}

/** One dataset: its label, where its data comes from, its progress, and each file's problems. */
export function DatasetCard(p: DatasetCardProps) {
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const status = p.status;
  const problems: DatasetProblem[] = (status?.files ?? []).flatMap((f) => f.problems.map((x) => ({ file: f.name, ...x })));
  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the page's own drop handler must not take these files too
    setOver(false);
    p.onFiles(await filesFromDrop(event.dataTransfer));
  };
  return (
    <section
      className={`dataset${over ? ' dataset-over' : ''}`}
      data-testid={`dataset-${p.id}`}
      data-state={status?.state ?? 'idle'}
      data-waits={status?.waits ?? 0}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <header className="dataset-head">
        <span className="swatch" style={{ background: p.color }} aria-hidden />
        {p.labelInHeader ? (
          <span className="dataset-name">{p.label}</span>
        ) : (
          <input className="dataset-label" aria-label={`Label of dataset ${p.index + 1}`} value={p.label} onChange={(e) => p.onLabel(e.target.value)} />
        )}
        {p.isBaseline !== null && (
          <label className="baseline" title="The other datasets are compared with the baseline">
            <input type="radio" name="baseline" checked={p.isBaseline} onChange={p.onBaseline} /> baseline
          </label>
        )}
      </header>
      <p className="dataset-summary" data-testid={`summary-${p.id}`}>{fileSummary(status)}</p>
      {status?.note && <p className="dataset-note">{status.note}</p>}
      {p.windowNote && <p className="dataset-note" data-testid={`window-note-${p.id}`}>{p.windowNote}</p>}
      {status?.cleared && p.onUndoClear && (
        <p className={`dataset-note ${styles.undo}`} data-testid={`undo-${p.id}`}>
          Cleared {formatCount(status.cleared.files)} file{status.cleared.files === 1 ? '' : 's'} ({formatCount(status.cleared.waits)} waits).{' '}
          <button type="button" onClick={p.onUndoClear}>Undo</button> <span className="hint">(until you load other data)</span>
        </p>
      )}
      {p.progress && <ProgressBar progress={p.progress} onCancel={p.onCancel} />}
      {status?.state === 'cancelled' && <p className="dataset-cancelled">Cancelled: the files read before Cancel are kept; the others were not read.</p>}
      <div className="dataset-actions">
        <button type="button" onClick={() => files.current?.click()}>Browse files…</button>
        <button type="button" onClick={() => folder.current?.click()}>Browse folder…</button>
        {status && status.source !== 'empty' && <button type="button" onClick={p.onClear}>Clear</button>}
        {status && status.waits > 0 && status.state !== 'loading' && <button type="button" onClick={p.onExportSamples}>Samples CSV</button>}
        {p.canRemove && <button type="button" onClick={p.onRemove}>Remove dataset</button>}
      </div>
      <input ref={files} type="file" multiple hidden data-testid={`input-${p.id}`} onChange={(e) => { p.onFiles(filesFromList(e.target.files)); e.target.value = ''; }} />
      <input
        ref={folder}
        type="file"
        hidden
        multiple
        {...{ webkitdirectory: '' }}
        onChange={(e) => {
          p.onFiles(filesFromList(e.target.files));
          e.target.value = '';
        }}
      />
      {status && status.files.length > 0 && <FileList files={status.files} onRemove={p.onRemoveFile} noun={valuesNoun(status.measure)} />}
      <DatasetErrors problems={problems} event={status?.event} noun={valuesNoun(status?.measure)} />
      {p.onCellText && <CellTextInput id={p.id} index={p.index} cell={status?.cell} onText={p.onCellText} />}
    </section>
  );
}
