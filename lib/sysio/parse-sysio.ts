/**
 * A strace or fio file (by content: sysio-format.ts) read into a TraceFileResult for one event, the
 * shape every consumer of a trace reads (lib/trace/types.ts). Bytes come as chunks pulled with
 * back-pressure (`File.stream()`, `fs.createReadStream`), gzip unwrapped by magic bytes through the
 * trace's own `decompress`, lines split as the trace scanner splits them (LineStream) and never
 * joined into one string, except fio's JSON, which is held whole up to MAX_FIO_JSON_BYTES.
 */
import { CompressedDataError, countBytes, decompress, peek } from '../trace/compression';
import { LineStream } from '../outliers/line-stream';
import type { TraceFileResult } from '../trace/types';
import { FioLogReader } from './fio-log';
import { MAX_FIO_JSON_BYTES, readFioJson } from './fio-json';
import { StraceReader } from './strace-reader';
import { SysioCollector } from './sysio-collector';
import { SNIFF_BYTES, sniffSysioFormat, type SysioFormat } from './sysio-format';

/** Lines longer than this are counted, not read (a strace string argument can be long; -s caps it at 32 by default). */
const MAX_LINE_BYTES = 1 << 20;

export interface ParseSysioOptions {
  fileName: string;
  event: string;
  fileIndex?: number;
  /** Bytes read (as stored) and the event's values found so far. */
  onProgress?: (bytesRead: number, samplesSoFar: number) => void;
  signal?: AbortSignal;
}

/** The file's format by its first bytes (after gzip or xz), and a stream that still yields every byte. */
export async function sniffSysio(chunks: AsyncIterable<Uint8Array>): Promise<{ format: SysioFormat | null; compression: TraceFileResult['compression'] | null; bytes: AsyncIterable<Uint8Array> }> {
  const unwrapped = await decompress(chunks);
  const kind = unwrapped.compression.kind;
  const compression = kind === 'unsupported' ? null : kind;
  if (compression === null) return { format: null, compression, bytes: unwrapped.bytes };
  const { head, stream, close } = await peek(unwrapped.bytes, SNIFF_BYTES);
  const text = new TextDecoder('utf-8').decode(head);
  const format = sniffSysioFormat(text);
  // Not strace or fio: the caller reads the file again as a trace, and an xz decoder left open would hold its lock (xz-unwrap.ts).
  if (format === null) await close();
  return { format, compression, bytes: stream };
}

/**
 * Reads a strace or fio file; null when its content is neither (then it is for the trace parser).
 * gzip or xz data that fails within the bytes sniffed is null too: the trace parser reads the file
 * up to the damage and says where it ends (a small cut trace not named *.trc was "unreadable" on the
 * page, its records lost). A CompressedDataError after the sniff (cut or corrupt data) propagates,
 * as the caller's message for an unreadable file; a failing source always does.
 */
export async function parseSysio(chunks: AsyncIterable<Uint8Array>, options: ParseSysioOptions): Promise<TraceFileResult | null> {
  let bytesRead = 0;
  const counted = countBytes(chunks, (n) => (bytesRead += n));
  let sniffed: Awaited<ReturnType<typeof sniffSysio>>;
  try {
    sniffed = await sniffSysio(counted);
  } catch (error) {
    if (error instanceof CompressedDataError && !error.fromSource) return null;
    throw error;
  }
  if (sniffed.format === null || sniffed.compression === null) return null;
  const out = new SysioCollector(sniffed.format, { fileName: options.fileName, event: options.event, fileIndex: options.fileIndex ?? 0 });
  const progress = () => options.onProgress?.(bytesRead, out.profile().find((r) => r.event === options.event)?.count ?? 0);
  if (sniffed.format === 'fio-json') {
    const text = await jsonText(sniffed.bytes, out, options.signal);
    if (text !== null) readFioJson(text, out);
  } else {
    const reader = sniffed.format === 'strace' ? new StraceReader(out) : new FioLogReader(out);
    const decoder = new TextDecoder('utf-8');
    let finishing = false;
    const lines = new LineStream(MAX_LINE_BYTES, ({ line, offset, head, length }) => {
      if (length > head.length) {
        out.warn('long-line', 'long', line, () => `a line of ${length.toLocaleString('en-US')} bytes, longer than the ${MAX_LINE_BYTES.toLocaleString('en-US')} read; not counted`);
        return;
      }
      reader.line(decoder.decode(head), line, offset, finishing);
    });
    for await (const chunk of sniffed.bytes) {
      options.signal?.throwIfAborted();
      lines.push(chunk);
      out.bytes += chunk.length;
      progress();
    }
    // A line still held here had no line end: the file's last, perhaps cut short.
    finishing = true;
    lines.finish();
    out.lines = lines.lines;
    reader.finish();
  }
  progress();
  return out.finish(sniffed.compression, bytesRead);
}

/** fio's JSON as one string, or null (and a refusal) past the size it is read to. */
async function jsonText(bytes: AsyncIterable<Uint8Array>, out: SysioCollector, signal?: AbortSignal): Promise<string | null> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for await (const chunk of bytes) {
    signal?.throwIfAborted();
    out.bytes += chunk.length;
    if (out.bytes > MAX_FIO_JSON_BYTES) {
      out.refusal = `${out.ctx.fileName} is fio JSON larger than ${MAX_FIO_JSON_BYTES >> 20} MB, more than fio writes for a run; is it the right file?`;
      return null;
    }
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  const text = parts.join('');
  out.lines = text.split('\n').length;
  return text;
}
