import { countBytes, GzipError, gunzip, peek, SNIFF_LENGTH, sniffCompression } from './compression';
import { buildFileResult, refusedFileResult } from './file-result';
import { TraceScanner } from './scanner';
import { DEFAULT_EVENT, type ParseOptions, type TraceFileResult } from './types';

/**
 * Parses one trace from any chunk source: a Node file stream, `File.stream()` in the browser,
 * or arrays of bytes in tests. Chunks may be cut anywhere. The whole file is never held.
 * Damaged input yields warnings, never an exception; only a failing source (an I/O error) throws.
 */
export async function parseTrace(source: AsyncIterable<Uint8Array>, options: ParseOptions): Promise<TraceFileResult> {
  const event = options.event ?? DEFAULT_EVENT;
  const fileName = options.fileName;
  let bytesRead = 0;
  let scanner: TraceScanner | null = null;
  const counted = countBytes(source, (n) => {
    bytesRead += n;
    options.onProgress?.(bytesRead, scanner?.samplesSoFar ?? 0);
  });
  const { head, stream } = await peek(counted, SNIFF_LENGTH);
  const compression = sniffCompression(head);
  if (compression.kind === 'unsupported') {
    for await (const _ of stream) void _; // drain, so progress reaches the end
    const reason = `${fileName} is ${compression.format}-compressed; waitscope reads plain and gzip traces, so decompress it first (${compression.hint.replace('FILE', fileName)})`;
    return refusedFileResult({ fileName, event, compression: 'none', bytesRead }, reason);
  }

  scanner = new TraceScanner({ event, fileName, fileIndex: options.fileIndex ?? 0, keep: options.keep ?? 'samples' });
  const input = compression.kind === 'gzip' ? gunzip(stream) : stream;
  let gzipError: string | undefined;
  try {
    for await (const chunk of input) scanner.push(chunk);
    options.onProgress?.(bytesRead, scanner.samplesSoFar);
  } catch (error) {
    if (!(error instanceof GzipError)) throw error;
    gzipError = error.message;
  }
  return buildFileResult(scanner.finish(), { fileName, event, compression: compression.kind, bytesRead, gzipError });
}
