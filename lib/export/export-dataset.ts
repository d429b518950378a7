import { mergeProfiles } from '../profile/merge-profiles';
import { ProfileCollector } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { statementRows } from '../profile/statement-table';
import { parseTrace } from '../trace/parse-trace';
import { NO_EVENT, type TraceFileResult } from '../trace/types';
import { allVisitors } from '../trace/visitor-pair';
import type { TraceVisitor } from '../trace/trace-visitor';
import { ExportTable } from './export-table';
import { CallRows, WaitRows, type ExportFileFacts } from './export-visitor';
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

/** What the row tables' pass reads of a file's first pass. */
export type ExportPassFacts = ExportFileFacts & Pick<TraceFileResult, 'outcome'>;

/** One input of the export: its first pass (facts, `***` stamps, sessions, warnings) and a second pass over its bytes. */
export interface ExportFile {
  result: TraceFileResult;
  visit: VisitPass;
}

/** The second pass from a chunk source: the parser's own (decompression by magic bytes, then the scan). */
export function visitChunks(result: Pick<TraceFileResult, 'fileName'>, fileIndex: number, chunks: () => AsyncIterable<Uint8Array>): VisitPass {
  return async (visitor, onProgress) => {
    // The rows are every WAIT's and call's: the pass selects no event (NO_EVENT), so none is tallied for nothing.
    await parseTrace(chunks(), { event: NO_EVENT, fileName: result.fileName, fileIndex, keep: 'counts', visitor, onProgress });
  };
}

export interface ExportOptions {
  /** The dataset's name, in every table's `dataset` column. */
  dataset: string;
  /** Put each statement's SQL text in statements.parquet (off by default: it holds literals and names). */
  sqlText: boolean;
  /** Every table's, except the calls table's when it is written `elsewhere`. */
  sinks: Record<Exclude<TableName, 'calls'>, ByteSink> & { calls?: ByteSink };
  /**
   * The calls table's rows and the files' call profiles (for statements.parquet, in `files`
   * order), when calls.parquet is written and the profiles built elsewhere while this pass writes
   * the waits (the CLI's worker thread: lib/node/export-calls.ts).
   */
  elsewhere?: Promise<CallsWritten>;
  /** Bytes of the current file read so far, and its index. */
  onProgress?: (fileIndex: number, bytesRead: number) => void;
}

export type ExportCounts = Record<TableName, number>;

/** What the pass that writes the calls table gives back. */
export interface CallsWritten {
  rows: number;
  profiles: (DatasetProfile | null)[];
}

/** What one pass over the files fills: any of the waits table, the calls table and the call profiles. */
export interface RowTables {
  waits: ExportTable | null;
  calls: ExportTable | null;
  profile: boolean;
}

/**
 * One pass per trace file through the parser's own scan, with a visitor per table asked for
 * (export-visitor.ts) and the call profile (the statements are the profile's, so they equal
 * `waitscope statements`). Returns the files' profiles in `files` order: null for a file that is
 * not a trace, and for every file when none was asked for.
 */
export async function exportRows(
  files: readonly { result: ExportPassFacts; visit: VisitPass }[],
  dataset: string,
  tables: RowTables,
  onProgress?: (fileIndex: number, bytesRead: number) => void,
): Promise<(DatasetProfile | null)[]> {
  const profiles: (DatasetProfile | null)[] = [];
  for (const [fileIndex, file] of files.entries()) {
    if (file.result.outcome.kind === 'not-a-trace') {
      profiles.push(null);
      continue;
    }
    const profile = tables.profile ? new ProfileCollector() : null;
    const visitor = allVisitors([profile, tables.waits && new WaitRows(dataset, file.result, tables.waits), tables.calls && new CallRows(dataset, file.result, tables.calls)]);
    if (visitor !== null) await file.visit(visitor, (bytes) => onProgress?.(fileIndex, bytes));
    profiles.push(profile?.finish() ?? null);
  }
  return profiles;
}

/**
 * Writes a dataset's four Parquet tables (parquet-tables.ts), each to its sink, as the files are
 * read: one pass per trace file through the parser's own scan (exportRows), with the waits and
 * calls tables and the call profile as its visitors, or only the waits table when the calls and
 * the profiles come from `elsewhere` (whose failure stops this pass at its next chunk). A file
 * that is not a trace has its row in files.parquet and nothing else. Memory: one row group per
 * table, and the statements.
 */
export async function exportDataset(files: readonly ExportFile[], options: ExportOptions): Promise<ExportCounts> {
  const { dataset, sinks, elsewhere } = options;
  const waits = new ExportTable(WAITS, sinks.waits);
  if (!elsewhere && !sinks.calls) throw new Error('exportDataset: no sink for the calls table, and nothing writes it elsewhere');
  const calls = elsewhere ? null : new ExportTable(CALLS, sinks.calls as ByteSink);
  // The other pass failed: stop this one at its next chunk with that pass's error, not after every file.
  let failed: { error: unknown } | null = null;
  elsewhere?.catch((error: unknown) => {
    failed = { error };
  });
  const onProgress = (fileIndex: number, bytes: number) => {
    if (failed) throw (failed as { error: unknown }).error;
    options.onProgress?.(fileIndex, bytes);
  };
  const here = await exportRows(files, dataset, { waits, calls, profile: !elsewhere }, onProgress);
  waits.finish();
  calls?.finish();
  const written = elsewhere ? await elsewhere : { rows: (calls as ExportTable).rows, profiles: here };
  const profiles = written.profiles.filter((p, i): p is DatasetProfile => p !== null && files[i]?.result.outcome.kind !== 'not-a-trace');
  const statements = new ExportTable(STATEMENTS, sinks.statements);
  if (profiles.length > 0) addStatementRows(statements, dataset, statementRows(mergeProfiles(profiles)), options.sqlText);
  statements.finish();
  const fileTable = new ExportTable(FILES, sinks.files);
  for (const file of files) addFileRow(fileTable, dataset, file.result);
  fileTable.finish();
  return { waits: waits.rows, calls: written.rows, statements: statements.rows, files: fileTable.rows };
}
