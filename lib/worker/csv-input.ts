/** A dropped CSV of samples (ela in µs, e.g. from fio or strace) as one input of a dataset. */
import { importSamplesFromChunks } from '../csv/import-samples';
import { fileChunks } from './file-chunks';
import { failedStatus } from './file-status';
import type { FileStatus } from './protocol';

export type CsvInputOutcome = { ok: true; values: Float64Array; status: FileStatus } | { ok: false; status: FileStatus };

export async function importSamplesCsv(file: File, name: string): Promise<CsvInputOutcome> {
  let result;
  try {
    result = await importSamplesFromChunks(fileChunks(file));
  } catch (error) {
    return { ok: false, status: failedStatus(name, file.size, 'unreadable', `${name} could not be read: ${error instanceof Error ? error.message : String(error)}`) };
  }
  if (!result.ok) return { ok: false, status: failedStatus(name, file.size, 'not-a-trace', `${name}: ${result.reason}`) };
  const problems = result.errors.map((e) => ({ kind: 'warning' as const, message: `${name}, ${e.reason}` }));
  if (result.errorCount > result.errors.length) {
    problems.push({ kind: 'warning', message: `${name}: ${result.errorCount - result.errors.length} more bad rows were skipped` });
  }
  const status: FileStatus = { name, bytes: file.size, state: 'done', waits: result.values.length, oracleVersion: null, problems };
  return { ok: true, values: result.values, status };
}
