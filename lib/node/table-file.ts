import { closeSync, openSync, writeSync } from 'node:fs';
import type { ByteSink } from '../export/parquet-table-writer';

/** A table's file on disk, opened for writing (replacing what was there), as a ByteSink. */
export interface TableFile {
  sink: ByteSink;
  close(): void;
}

/** Opens `file` for a table; a file that cannot be opened is an error naming it. */
export function openTableFile(file: string): TableFile {
  let fd: number;
  try {
    fd = openSync(file, 'w');
  } catch (error) {
    throw new Error(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
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
