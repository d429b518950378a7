import { exportRows, type CallsWritten, type ExportPassFacts } from '../export/export-dataset';
import { ExportTable } from '../export/export-table';
import { CALLS } from '../export/parquet-tables';
import type { TraceFileResult } from '../trace/types';
import type { InputSource } from './file-chunks';
import { openTableFile } from './table-file';
import { visitInput } from './visit-input';

/** A file of the dataset, as the calls table's pass needs it: where it is, and its first pass. */
export interface ExportCallsFile {
  input: InputSource;
  result: ExportPassFacts & Pick<TraceFileResult, 'compression'>;
}

/**
 * The CLI's export splits its second pass by table: this writes calls.parquet and builds the
 * files' call profiles (for statements.parquet) on a worker thread, reading every file once more,
 * while the calling thread writes waits.parquet (lib/cli/export-command.ts). Each pass reads the
 * records its table needs, and the line kernel keeps its fast path for the rest: the waits' pass
 * takes no call lines, this one takes the WAITs in runs (export-visitor.ts).
 */
export async function exportCalls(files: readonly ExportCallsFile[], dataset: string, out: string, onBytes: (bytes: number) => void = () => {}): Promise<CallsWritten> {
  const file = openTableFile(out);
  try {
    const calls = new ExportTable(CALLS, file.sink);
    const passes = files.map((f, i) => ({ result: f.result, visit: visitInput(f.input, f.result, i) }));
    // The bytes of the file being read (the pool's close() stops a task on the calling thread there).
    const profiles = await exportRows(passes, dataset, { waits: null, calls, profile: true }, (_, bytes) => onBytes(bytes));
    calls.finish();
    return { rows: calls.rows, profiles };
  } finally {
    file.close();
  }
}
