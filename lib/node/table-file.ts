import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import type { ByteSink } from '../export/parquet-table-writer';
import { FileError } from './input-read-error';

/**
 * A table's file on disk, as a ByteSink. It is written beside its final name (`<file>.part`) and
 * only takes that name when the whole export has succeeded (publishTables): a run that fails
 * leaves no half-written .parquet that DuckDB or pandas would reject, and leaves the files of an
 * earlier run as they were.
 */
export interface TableFile {
  sink: ByteSink;
  close(): void;
}

/** Where a table is written until the export succeeds. */
export const partFile = (file: string): string => `${file}.part`;

/** Opens `file`'s part file for a table; a table that could not be written is an error naming `file`. */
export function openTableFile(file: string): TableFile {
  let fd: number;
  try {
    // A folder in the table's place would only fail at the rename, after the whole pass.
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    fd = openSync(partFile(file), 'w');
  } catch (error) {
    throw new FileError(`cannot write ${file}: ${errorCode(error)}`);
  }
  return {
    sink: {
      write: (bytes) => {
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
      },
    },
    close: () => closeSync(fd),
  };
}

/** Gives each table written (and closed) its final name. */
export function publishTables(files: readonly string[]): void {
  for (const file of files) {
    try {
      renameSync(partFile(file), file);
    } catch (error) {
      throw new FileError(`cannot write ${file}: ${errorCode(error)}`);
    }
  }
}

/** Removes the part files of a run that failed; the tables' files of an earlier run stay. */
export function discardTables(files: readonly string[]): void {
  for (const file of files) rmSync(partFile(file), { force: true });
}

function errorCode(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : error instanceof Error ? error.message : String(error);
}
