/**
 * A dataset's Parquet tables for the page's "Download Parquet" (issue 17 §2): the same four tables
 * as `waitscope export --format parquet` (lib/export), from a second pass over each trace file the
 * dataset holds, zipped into one file (zip.js; the tables are stored as written, deflated).
 * The tables never leave the machine: the page saves the zip (components/download.ts).
 */
import { BlobReader, BlobWriter, ZipWriter } from '@zip.js/zip.js';
import { exportDataset, visitChunks, type ExportCounts, type ExportFile } from '../export/export-dataset';
import { TABLE_FILES, type TableName } from '../export/parquet-tables';
import type { ByteSink } from '../export/parquet-table-writer';
import type { DatasetState } from './dataset-state';
import { openInput } from './file-chunks';
import { isSysioFacts } from '../sysio/sysio-format';
import { EXPORT_NEEDS_TRACES } from '../export/export-dataset';
import type { Post, QuestionOf } from './protocol';

/** Bytes kept as arrays before they are folded into a Blob (the browser may keep Blobs out of the heap). */
const FOLD_BYTES = 16 << 20;

/** Collects a table's bytes as Blobs. */
class BlobSink implements ByteSink {
  private readonly blobs: Blob[] = [];
  private pending: Uint8Array<ArrayBuffer>[] = [];
  private pendingBytes = 0;

  write(bytes: Uint8Array): void {
    this.pending.push(bytes.slice()); // the writer reuses its buffers
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= FOLD_BYTES) this.fold();
  }

  blob(): Blob {
    this.fold();
    return new Blob(this.blobs, { type: 'application/vnd.apache.parquet' });
  }

  private fold(): void {
    if (this.pending.length === 0) return;
    this.blobs.push(new Blob(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

export interface ParquetDownload {
  blob: Blob;
  rows: ExportCounts;
}

/**
 * The dataset's tables as one zip: waits, calls, statements and files. Refused, with the reason,
 * for a dataset without trace files (CSV values, the synthetic demo): they have no lines, calls or headers.
 */
export async function parquetZip(d: DatasetState, label: string, sqlText: boolean, onBytes?: (done: number, total: number) => void): Promise<ParquetDownload | { problem: string }> {
  if (d.synthetic) return { problem: 'The synthetic demo has waits only, no trace lines: it has no Parquet tables.' };
  const read = d.traces.filter((t) => t.result !== null);
  // strace and fio files (lib/sysio) have no WAIT, call or header lines for these tables.
  const traces = read.filter((t) => !isSysioFacts((t.result as NonNullable<typeof t.result>).facts));
  if (traces.length === 0) {
    const problem = read.length > 0 ? EXPORT_NEEDS_TRACES : d.csv.length > 0 ? 'CSV values have no trace lines, calls or headers: Download samples CSV has them.' : 'This dataset has no trace files.';
    return { problem };
  }
  const files: ExportFile[] = traces.map((t, i) => {
    const result = { ...(t.result as NonNullable<typeof t.result>), fileName: t.name };
    return { result, visit: visitChunks(result, i, () => openInput(t)) };
  });
  const sinks = { waits: new BlobSink(), calls: new BlobSink(), statements: new BlobSink(), files: new BlobSink() } satisfies Record<TableName, BlobSink>;
  const total = traces.reduce((n, t) => n + t.file.size, 0);
  const before = traces.map((_, i) => traces.slice(0, i).reduce((n, t) => n + t.file.size, 0));
  const rows = await exportDataset(files, { dataset: label, sqlText, sinks, onProgress: (i, bytes) => onBytes?.((before[i] ?? 0) + bytes, total) });
  const zip = new ZipWriter(new BlobWriter('application/zip'), { useWebWorkers: false });
  for (const table of Object.keys(TABLE_FILES) as TableName[]) await zip.add(TABLE_FILES[table], new BlobReader(sinks[table].blob()));
  return { blob: await zip.close(), rows };
}

/** Answers a 'parquet' question: the zip, or why there is none (a file that cannot be read again is named). */
export async function answerParquet(request: QuestionOf<'parquet'>, d: DatasetState, post: Post): Promise<void> {
  const { requestId } = request;
  if (d.state === 'loading') {
    post({ type: 'request-failed', requestId, message: 'The dataset is still loading; download its Parquet tables when it is read.', stale: true });
    return;
  }
  try {
    const made = await parquetZip(d, request.label, request.sqlText);
    if ('problem' in made) post({ type: 'request-failed', requestId, message: made.problem });
    else post({ type: 'parquet', requestId, blob: made.blob, rows: made.rows });
  } catch (error) {
    post({ type: 'request-failed', requestId, message: `The Parquet tables could not be written: ${error instanceof Error ? error.message : String(error)}` });
  }
}
