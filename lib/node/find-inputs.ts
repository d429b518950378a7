import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sysioFormatOfFile } from './sysio-files';

export interface InputFile {
  path: string;
  /** As shown to the user: the path as given, or relative to the directory given. */
  name: string;
  size: number;
}

export interface FoundInputs {
  files: InputFile[];
  /** One line each: a path that does not exist or cannot be read. */
  unreadable: string[];
}

const TRACE_NAME = /\.trc(\.gz)?$/i;
const SNIFF_BYTES = 64 * 1024;
// Any of these near the start of a file marks it as an Oracle trace.
const TRACE_MARKERS = [/^WAIT #\d+: nam=/m, /^PARSING IN CURSOR #/m, /^\*\*\* \d{4}-\d\d-\d\d[ T]/m, /^(?:EXEC|PARSE|FETCH) #\d+:c=/m, /^Oracle\S* .*Release \d/m];

/**
 * Expands the command line's FILE_OR_DIR arguments. A file named on the command line is always
 * read (a non-trace gets a clear message later); in a directory, read recursively, a file is
 * taken when it is named *.trc or *.trc.gz or when its first bytes look like a trace.
 *
 * The file system calls are synchronous: nothing else runs on this thread before the inputs are
 * known, and each asynchronous call was a round trip through libuv's thread pool (the first one
 * also starts it): ~14 ms before a one-file `stats` could start parsing, against <1 ms.
 */
export async function findInputs(args: readonly string[]): Promise<FoundInputs> {
  const files: InputFile[] = [];
  const unreadable: string[] = [];
  for (const arg of args) {
    let info;
    try {
      info = statSync(arg);
    } catch (error) {
      unreadable.push(`cannot read ${arg}: ${describeError(error)}`);
      continue;
    }
    if (info.isDirectory()) await walk(arg, arg, files, unreadable);
    else if (readable(arg, unreadable)) files.push({ path: arg, name: arg, size: info.size });
  }
  return { files, unreadable };
}

async function walk(dir: string, root: string, files: InputFile[], unreadable: string[]): Promise<void> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    unreadable.push(`cannot read directory ${dir}: ${describeError(error)}`);
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(full, root, files, unreadable);
      continue;
    }
    if (!entry.isFile()) continue;
    try {
      // strace and fio output (lib/sysio) is taken by its content too.
      if (!TRACE_NAME.test(entry.name) && !(await looksLikeTrace(full)) && sysioFormatOfFile(full) === null) continue;
      if (!readable(full, unreadable)) continue;
      const info = statSync(full);
      files.push({ path: full, name: path.join(path.basename(root), path.relative(root, full)), size: info.size });
    } catch (error) {
      unreadable.push(`cannot read ${full}: ${describeError(error)}`);
    }
  }
}

/** Opens the file once, so a permission problem is reported before any parsing starts. */
function readable(file: string, unreadable: string[]): boolean {
  try {
    closeSync(openSync(file, 'r'));
    return true;
  } catch (error) {
    unreadable.push(`cannot read ${file}: ${describeError(error)}`);
    return false;
  }
}

export async function looksLikeTrace(file: string): Promise<boolean> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const bytesRead = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    let head = buf.subarray(0, bytesRead);
    if (head[0] === 0x1f && head[1] === 0x8b) {
      try {
        head = gunzipSync(head, { finishFlush: 2 /* Z_SYNC_FLUSH: a partial stream is fine */ }).subarray(0, SNIFF_BYTES);
      } catch {
        return false;
      }
    }
    const text = head.toString('latin1');
    return TRACE_MARKERS.some((re) => re.test(text));
  } finally {
    closeSync(fd);
  }
}

export function describeError(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = String((error as { code: unknown }).code);
    const known: Record<string, string> = { ENOENT: 'no such file or directory', EACCES: 'permission denied', EISDIR: 'is a directory' };
    return known[code] ?? code;
  }
  return error instanceof Error ? error.message : String(error);
}
