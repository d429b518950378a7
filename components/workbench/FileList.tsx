'use client';
import type { FileStatus } from '@/lib/worker/protocol';
import { isRejected } from '@/lib/worker/file-status';
import { formatCount } from '../display-units';
import { valuesPhrase, type Measure, type ValuesNoun } from '@/lib/trace/measure';
import styles from './workbench-extras.module.css';

/** Why a file was rejected: its first problem, without the file name the row already shows. */
function reason(f: FileStatus): string {
  const message = f.problems[0]?.message ?? 'it could not be read';
  if (message.startsWith(`${f.name}: `)) return message.slice(f.name.length + 2);
  if (message.startsWith(`${f.name} `)) return `it ${message.slice(f.name.length + 1)}`;
  return message;
}

/** What a file gave, or that it was rejected and why. */
function fileFacts(f: FileStatus, noun: ValuesNoun): string {
  if (isRejected(f)) return `${formatCount(f.bytes)} bytes, rejected: ${reason(f)}`;
  return `${formatCount(f.bytes)} bytes, ${formatCount(f.waits)} ${noun}${f.oracleVersion ? `, Oracle ${f.oracleVersion}` : ''} (${f.state})`;
}

/** A dataset's input files, each with a control that drops it from the dataset (the numbers follow). */
export function FileList({ files, onRemove, noun = 'waits' }: { files: readonly FileStatus[]; onRemove?: (name: string) => void; noun?: ValuesNoun }) {
  const rejected = files.filter(isRejected).length;
  return (
    <details className="dataset-files">
      <summary>Files</summary>
      <ul>
        {files.map((f) => (
          <li key={f.name} data-file={f.name} data-file-state={isRejected(f) ? 'rejected' : f.state} className={styles.fileRow}>
            <span className={isRejected(f) ? styles.rejected : undefined}>
              {f.name}: {fileFacts(f, noun)}
            </span>
            {onRemove && (
              <button type="button" className={styles.removeFile} aria-label={`Remove ${f.name}`} title="Remove this file from the dataset" onClick={() => onRemove(f.name)}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {rejected > 0 && <p className="hint">Rejected files add nothing to the dataset and are not counted among its files.</p>}
    </details>
  );
}

/** The card's one-line summary: only files that loaded are counted; rejected ones are said apart. */
export function loadedSummary(files: readonly FileStatus[], waits: number, event: string, measure?: Measure): string {
  const rejected = files.filter(isRejected).length;
  const loaded = files.length - rejected;
  const text = `${loaded} file${loaded === 1 ? '' : 's'}, ${formatCount(waits)} ${valuesPhrase(event, measure)}`;
  return rejected > 0 ? `${text}; ${rejected} rejected` : text;
}
