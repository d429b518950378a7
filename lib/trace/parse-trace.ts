import { unsupportedCompressionText } from './compression';
import { buildFileResult, refusedFileResult } from './file-result';
import { scanTrace } from './scan-trace';
import { DEFAULT_EVENT, type ParseOptions, type TraceFileResult } from './types';

/**
 * Parses one trace from any chunk source: a Node file stream, `File.stream()` in the browser,
 * or arrays of bytes in tests. Chunks may be cut anywhere. The whole file is never held.
 * Damaged input yields warnings, never an exception; only a failing source (an I/O error) throws.
 */
export async function parseTrace(source: AsyncIterable<Uint8Array>, options: ParseOptions): Promise<TraceFileResult> {
  const event = options.event ?? DEFAULT_EVENT;
  const fileName = options.fileName;
  const scanned = await scanTrace(source, {
    event,
    fileName,
    fileIndex: options.fileIndex ?? 0,
    keep: options.keep ?? 'samples',
    ...(options.onProgress && { onProgress: options.onProgress }),
    ...(options.visitor && { visitor: options.visitor }),
    ...(options.measure && { measure: options.measure }),
  });
  // A source that failed (an I/O error, a Cancel) inside gzip or xz data reaches the scan as cut data; it
  // is thrown as it is for a plain file, not reported as a file cut short with what was read before.
  if (scanned.dataError?.fromSource) throw scanned.dataError.sourceError;
  const { bytesRead } = scanned;
  if (scanned.scan === null) {
    const reason = `${fileName} is ${unsupportedCompressionText(scanned.compression, fileName)}`;
    return refusedFileResult({ fileName, event, compression: 'none', bytesRead }, reason);
  }
  return buildFileResult(scanned.scan, { fileName, event, compression: scanned.compression.kind, bytesRead, ...(scanned.dataError && { dataError: scanned.dataError }), ...(options.measure && { measure: options.measure }) });
}
