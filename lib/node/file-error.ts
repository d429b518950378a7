import { openSync, readSync, statSync } from 'node:fs';

/**
 * A file the command could not read or write, named in its message: the user's to fix (a failing
 * disk, a full one, a folder in a table's place), so the CLI says it with status 1, where any
 * other error is a bug of ours (status 70). It keeps that meaning across a worker thread
 * (parse-protocol.ts `failed`).
 */
export class FileError extends Error {}

/**
 * A read of an input file that failed after the file was opened: an I/O error on a failing disk
 * or network mount, or a file that opens but cannot be read (/proc/self/mem: EIO). It names the
 * file and the byte it was read at, so the user sees which input and where, never Node's bare
 * "EIO: i/o error, read" or a stack trace.
 */
export class InputReadError extends FileError {
  /** The cause in words ('input/output error (EIO)'), without the file. */
  readonly reason: string;

  /** `at`: the byte the read started at; null when the file could not even be opened or looked at. */
  constructor(
    readonly file: string,
    readonly at: number | null,
    cause: unknown,
  ) {
    const reason = describeError(cause);
    super(`cannot read ${file}${at === null ? '' : ` at byte ${at}`}: ${reason}`);
    this.reason = reason;
  }
}

/** Runs a file system call on `file`; a failure is an InputReadError naming it (and the byte `at`, where a read started). */
function reading<T>(file: string, at: number | null, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new InputReadError(file, at, error);
  }
}

/** Opens an input for reading; a failure (the file gone since it was found, no permission) named as an InputReadError. */
export const openInputFile = (file: string): number => reading(file, null, () => openSync(file, 'r'));

/** An input's size, a failure named as an InputReadError. */
export const inputFileSize = (file: string): number => reading(file, null, () => statSync(file).size);

/** A file system error in words, with its code where it has one (ENOENT → 'no such file or directory'). */
export function describeError(error: unknown): string {
  // Said with the file by whoever names it: only the cause here, so no message names the file twice.
  if (error instanceof InputReadError) return error.reason;
  if (error && typeof error === 'object' && 'code' in error) {
    const code = String((error as { code: unknown }).code);
    const known: Record<string, string> = {
      ENOENT: 'no such file or directory',
      EACCES: 'permission denied',
      EISDIR: 'is a directory',
      EIO: 'input/output error (EIO)',
      ENOSPC: 'no space left on device (ENOSPC)',
      EROFS: 'read-only file system (EROFS)',
    };
    return known[code] ?? code;
  }
  return error instanceof Error ? error.message : String(error);
}

/** readSync of `length` bytes at `position` into buf, a failure named as an InputReadError of `file`. */
export const readSyncAt = (file: string, fd: number, buf: Uint8Array, length: number, position: number): number => reading(file, position, () => readSync(fd, buf, 0, length, position));

/**
 * A file's chunks, with a failed read named as an InputReadError of `file` at the byte it had
 * reached. `for await` closes the file's stream when the reader stops early.
 */
export async function* namedReads(file: string, chunks: AsyncIterable<Uint8Array>, start = 0): AsyncGenerator<Uint8Array> {
  let at = start;
  try {
    for await (const chunk of chunks) {
      at += chunk.length;
      yield chunk;
    }
  } catch (error) {
    throw error instanceof InputReadError ? error : new InputReadError(file, at, error);
  }
}
