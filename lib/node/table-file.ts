import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import type { ByteSink } from '../export/parquet-table-writer';
import { describeError, FileError } from './file-error';

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
  // A folder in the table's place would only fail at the rename, after the whole pass.
  refuseFolder(file);
  const fd = writing(file, () => openSync(partFile(file), 'w'));
  return {
    sink: {
      // A full disk (ENOSPC), a quota, an I/O error: named with the table.
      write: (bytes) => writing(file, () => {
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
      }),
    },
    close: () => writing(file, () => closeSync(fd)),
  };
}

/**
 * Gives each table written (and closed) its final name. Every name is checked first, so a folder
 * that appeared in a table's place during the run stops it before any table is renamed, not after
 * some: the folder then holds this run's four tables or none of them.
 */
export function publishTables(files: readonly string[]): void {
  for (const file of files) refuseFolder(file);
  for (const file of files) writing(file, () => renameSync(partFile(file), file));
}

/** Removes the part files of a run that failed, as far as it can; the tables' files of an earlier run stay. */
export function discardTables(files: readonly string[]): void {
  for (const file of files) {
    try {
      rmSync(partFile(file), { force: true });
    } catch {
      // Not removable (a folder by that name): left as it is; the run's own error is what the user must see.
    }
  }
}

/**
 * While a run writes `files`, Ctrl-C (SIGINT) or a SIGTERM removes their part files before the
 * process ends (status 128 + the signal's number, as a shell reports it), so a run stopped by hand
 * leaves nothing half-written either. Returns the function that stops listening.
 */
export function discardOnSignal(files: readonly string[], stderr: NodeJS.WritableStream = process.stderr): () => void {
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    discardTables(files);
    stderr.write(`\nwaitscope: stopped by ${signal}; no table was written\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}

/** Runs a file system call for the table `file`; a failure is a FileError naming the table. */
function writing<T>(file: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new FileError(`cannot write ${file}: ${describeError(error)}`);
  }
}

/** A folder where the table goes: the table cannot be written there. */
function refuseFolder(file: string): void {
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new FileError(`cannot write ${file}: ${describeError({ code: 'EISDIR' })}`);
}
