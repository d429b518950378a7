import { mergeProfiles } from '../profile/merge-profiles';
import { ProfileCollector } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { statementRows } from '../profile/statement-table';
import { parseTrace } from '../trace/parse-trace';
import { DEFAULT_EVENT, type TraceFileResult } from '../trace/types';
import { bothVisitors } from '../trace/visitor-pair';
import type { TraceVisitor } from '../trace/trace-visitor';
import { ExportTable } from './export-table';
import { ExportVisitor } from './export-visitor';
import { CALLS, FILES, STATEMENTS, WAITS, type TableName } from './parquet-tables';
import type { ByteSink } from './parquet-table-writer';
import { addFileRow, addStatementRows } from './summary-rows';


/** Why strace and fio files are not exported (the CLI and the page say the same). */
export const EXPORT_NEEDS_TRACES = "the Parquet export writes Oracle traces' waits, calls, statements and file headers; strace and fio output has none of them (stats, compare and outliers read it)";

/**
 * One more pass over a file with `visitor`, reporting the bytes read (as stored). A chunk source
 * (visitChunks) serves any input; the CLI reads a plain file straight into the scanner instead
 * (lib/node/visit-input.ts).
 */
export type VisitPass = (visitor: TraceVisitor, onProgress: (bytes: number) => void) => Promise<void>;

/** One input of the export: its first pass (facts, `***` stamps, sessions, warnings) and a second pass over its bytes. */
export interface ExportFile {
  result: TraceFileResult;
  visit: VisitPass;
}

/** The second pass from a chunk source: the parser's own (decompression by magic bytes, then the scan). */
export function visitChunks(result: TraceFileResult, fileIndex: number, chunks: () => AsyncIterable<Uint8Array>): VisitPass {
  return async (visitor, onProgress) => {
    await parseTrace(chunks(), { event: DEFAULT_EVENT, fileName: result.fileName, fileIndex, keep: 'counts', visitor, onProgress });
  };
}

export interface ExportOptions {
  /** The dataset's name, in every table's `dataset` column. */
  dataset: string;
  /** Put each statement's SQL text in statements.parquet (off by default: it holds literals and names). */
  sqlText: boolean;
  sinks: Record<TableName, ByteSink>;
  /**
   * The files' call profiles (for statements.parquet), in `files` order, when they are computed
   * elsewhere while this pass runs (the CLI's thread pool): then this pass does not build them.
   */
  profiles?: Promise<readonly (DatasetProfile | null)[]>;
  /** Bytes of the current file read so far, and its index. */
  onProgress?: (fileIndex: number, bytesRead: number) => void;
}

export type ExportCounts = Record<TableName, number>;

/**
 * Writes a dataset's four Parquet tables (parquet-tables.ts), each to its sink, as the files are
 * read: one pass per trace file through the parser's own scan, with the export and the call
 * profile as its visitors (the statements are the profile's, so they equal `waitscope statements`).
 * A file that is not a trace has its row in files.parquet and nothing else. Memory: one row group
 * per table, and the statements.
 */
export async function exportDataset(files: readonly ExportFile[], options: ExportOptions): Promise<ExportCounts> {
  const { dataset, sinks } = options;
  const waits = new ExportTable(WAITS, sinks.waits);
  const calls = new ExportTable(CALLS, sinks.calls);
  const profiles: DatasetProfile[] = [];
  for (const [fileIndex, file] of files.entries()) {
    if (file.result.outcome.kind === 'not-a-trace') continue;
    const visitor = new ExportVisitor(dataset, file.result, waits, calls);
    const profile = options.profiles ? null : new ProfileCollector();
    await file.visit(profile ? bothVisitors(profile, visitor) : visitor, (bytes) => options.onProgress?.(fileIndex, bytes));
    if (profile) profiles.push(profile.finish());
  }
  if (options.profiles) for (const [i, p] of (await options.profiles).entries()) if (p !== null && files[i]?.result.outcome.kind !== 'not-a-trace') profiles.push(p);
  waits.finish();
  calls.finish();
  const statements = new ExportTable(STATEMENTS, sinks.statements);
  if (profiles.length > 0) addStatementRows(statements, dataset, statementRows(mergeProfiles(profiles)), options.sqlText);
  statements.finish();
  const fileTable = new ExportTable(FILES, sinks.files);
  for (const file of files) addFileRow(fileTable, dataset, file.result);
  fileTable.finish();
  return { waits: waits.rows, calls: calls.rows, statements: statements.rows, files: fileTable.rows };
}
