/**
 * A dropped strace or fio file (lib/sysio, told by content) read as a trace entry's result, so its
 * syscalls or I/O directions appear in the page's event picker beside traces' events, with their
 * sessions (pids, jobs) and times, and every table, figure and comparison reads them as a trace's.
 * They are not routed to the CSV import (lib/csv), whose values carry no event and no session.
 * A file named *.trc, *.trc.gz or *.trc.xz is never sniffed, so dropped traces read exactly as before.
 */
import { parseSysio } from '../sysio/parse-sysio';
import { isTraceName } from '../archive/trace-pick';
import type { TraceFileResult } from '../trace/types';
import { fileChunks } from './file-chunks';

export interface SysioEntryOptions {
  name: string;
  event: string;
  fileIndex: number;
  signal: AbortSignal;
  onProgress: (bytesRead: number, samples: number) => void;
}

/**
 * The file's result when it is strace or fio output; null for anything else (a trace, most likely).
 * A Cancel stops the chunks (fileChunks throws CancelledError), which the loader reports as cancelled.
 */
export async function readSysioFile(file: File, options: SysioEntryOptions): Promise<TraceFileResult | null> {
  if (isTraceName(options.name)) return null;
  return parseSysio(fileChunks(file, options.signal), { fileName: options.name, event: options.event, fileIndex: options.fileIndex, onProgress: options.onProgress });
}
