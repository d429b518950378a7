/**
 * strace and fio files among the CLI's inputs (lib/sysio): told by content, read on this thread
 * beside the trace files' pool (they are small beside traces, and read line by line as text), and
 * handed back in input order with the traces' results, in the shape parseFiles gives. A file named
 * *.trc, *.trc.gz or *.trc.xz is never sniffed, so a run of traces reads exactly as before.
 */
import { contentHead } from './file-head';
import { keepSysioResult } from '../sysio/sysio-keeping';
import { parseSysio } from '../sysio/parse-sysio';
import { SNIFF_BYTES, sniffSysioFormat, type SysioFormat } from '../sysio/sysio-format';
// A file named like an Oracle trace is never sniffed: traces read exactly as before, at their speed.
import { isTraceName } from '../archive/trace-pick';
import { fileChunks } from './file-chunks';
import type { InputFile } from './find-inputs';
import { parseFiles, type ParsedFiles, type ParseFilesOptions } from './parse-files';

/** The system tool that wrote the file at `path`, by its first bytes (gzip or xz unwrapped), or null. */
export async function sysioFormatOfFile(path: string): Promise<SysioFormat | null> {
  const head = await contentHead(path, SNIFF_BYTES);
  return head === null ? null : sysioFormatOfHead(head);
}

/** The system tool that wrote a file, by its first bytes (gzip or xz unwrapped; only the first SNIFF_BYTES are judged), or null. */
export function sysioFormatOfHead(head: Uint8Array): SysioFormat | null {
  return sniffSysioFormat(new TextDecoder('utf-8').decode(head.subarray(0, SNIFF_BYTES)));
}

/** Each input's system-tool format (null for a trace, or anything else the trace parser judges). */
export function sysioFormatsOf(files: readonly InputFile[]): Promise<(SysioFormat | null)[]> {
  return Promise.all(files.map((f) => (isTraceName(f.name) ? null : sysioFormatOfFile(f.path))));
}

/**
 * parseFiles for a mix of traces and strace/fio files (`formats` from sysioFormatsOf, in `files`
 * order): the traces in the pool as always, the others here; every per-file list in input order.
 * Options that read database calls (profile, measure, group) are the caller's to refuse first.
 */
export async function parseInputs(files: readonly InputFile[], formats: readonly (SysioFormat | null)[], options: ParseFilesOptions): Promise<ParsedFiles> {
  if (!formats.some((f) => f !== null)) return parseFiles(files, options);
  const total = files.reduce((n, f) => n + f.size, 0);
  let traceBytes = 0;
  let sysioBytes = 0;
  const report = () => options.onProgress?.(traceBytes + sysioBytes, total);
  const traces = files.filter((_, i) => formats[i] === null);
  const traced =
    traces.length > 0
      ? parseFiles(traces, {
          ...options,
          onProgress: (done) => {
            traceBytes = done;
            report();
          },
        })
      : Promise.resolve(null);
  let others: Map<number, Kept>;
  try {
    others = await readSysioFiles(files, formats, options, (bytes) => {
      sysioBytes += bytes;
      report();
    });
  } catch (error) {
    await traced.catch(() => undefined); // the pool's own failure, if any, is not the one to report
    throw error;
  }
  const fromPool = await traced;
  const out: ParsedFiles = { results: [], elaHistograms: [], profiles: [], groups: [], groupProfiles: [] };
  let t = 0;
  files.forEach((_, i) => {
    const sysio = others.get(i);
    if (sysio) {
      out.results.push(sysio.result);
      out.elaHistograms.push(sysio.elaHistogram);
      out.profiles.push(null);
      out.groups.push(null);
      out.groupProfiles.push(null);
      return;
    }
    const k = t++;
    const pool = fromPool as ParsedFiles;
    out.results.push(pool.results[k]!);
    out.elaHistograms.push(pool.elaHistograms[k] ?? null);
    out.profiles.push(pool.profiles[k] ?? null);
    out.groups.push(pool.groups[k] ?? null);
    out.groupProfiles.push(pool.groupProfiles[k] ?? null);
  });
  return out;
}

type Kept = ReturnType<typeof keepSysioResult>;

/** The strace and fio files among `files`, read one after another, by their index in `files`. */
async function readSysioFiles(files: readonly InputFile[], formats: readonly (SysioFormat | null)[], options: ParseFilesOptions, onBytes: (more: number) => void): Promise<Map<number, Kept>> {
  const out = new Map<number, Kept>();
  for (const [i, file] of files.entries()) {
    if (formats[i] === null) continue;
    let before = 0;
    const result = await parseSysio(fileChunks(file.path), {
      fileName: file.name,
      event: options.event,
      fileIndex: i,
      onProgress: (bytes) => {
        onBytes(bytes - before);
        before = bytes;
      },
    });
    if (result === null) throw new Error(`${file.name} changed while it was read (it no longer looks like ${formats[i]})`);
    out.set(i, keepSysioResult(result, options.keep ?? 'samples'));
  }
  return out;
}
