import { countBytes, decompress, CompressedDataError, type SniffedCompression } from './compression';
import { TraceScanner } from './scanner';
import type { ScanOptions, ScanResult } from './scan-result';
import { MeasuringScanner } from './measure-scanner';
import { VisitingScanner, type TraceVisitor } from './trace-visitor';

export interface ScanTraceOptions extends ScanOptions {
  /** Bytes read so far (as stored) and samples found, as the file is read. */
  onProgress?: (bytesRead: number, samplesSoFar: number) => void;
  /** Sees every WAIT record as the scan books it (trace-visitor.ts): a second pass over a file. */
  visitor?: TraceVisitor;
}

/** `bytesRead`: bytes read as stored (compressed, for gzip). */
export type ScannedTrace =
  /** A compression waitscope does not read: the file was read to its end, unscanned. */
  | { compression: Extract<SniffedCompression, { kind: 'unsupported' }>; bytesRead: number; scan: null; dataError: null }
  /** `dataError`: where gzip or xz data ended early, was corrupt, or could not be decoded; everything before was scanned. */
  | { compression: Exclude<SniffedCompression, { kind: 'unsupported' }>; bytesRead: number; scan: ScanResult; dataError: CompressedDataError | null };

/**
 * One pass over one trace from any chunk source (a Node file stream, `File.stream()`, arrays of
 * bytes in tests; chunks cut anywhere, the whole file never held): decompression by magic bytes,
 * then the scanner. The parser's pass (parse-trace.ts) and the second passes over a file
 * (`options.visitor`, trace-visitor.ts) are this same function, so they read the same records.
 * Damaged input yields warnings, never an exception; only a failing source throws (for gzip, it
 * comes back as a CompressedDataError with `fromSource`, as gunzip reports it).
 */
export async function scanTrace(source: AsyncIterable<Uint8Array>, options: ScanTraceOptions): Promise<ScannedTrace> {
  const { onProgress, visitor, ...scanOptions } = options;
  let bytesRead = 0;
  let scanner: TraceScanner | null = null;
  const counted = countBytes(source, (n) => {
    bytesRead += n;
    onProgress?.(bytesRead, scanner?.samplesSoFar ?? 0);
  });
  const { compression, bytes } = await decompress(counted);
  if (compression.kind === 'unsupported') {
    for await (const _ of bytes) void _; // drain, so progress reaches the end
    return { compression, bytesRead, scan: null, dataError: null };
  }
  scanner = scanOptions.measure
    ? new MeasuringScanner(scanOptions, scanOptions.measure, visitor ?? null)
    : visitor
      ? new VisitingScanner(scanOptions, visitor)
      : new TraceScanner(scanOptions);
  let dataError: CompressedDataError | null = null;
  try {
    for await (const chunk of bytes) scanner.push(chunk);
    onProgress?.(bytesRead, scanner.samplesSoFar);
  } catch (error) {
    if (!(error instanceof CompressedDataError)) throw error;
    dataError = error;
  }
  return { compression, bytesRead, scan: scanner.finish(), dataError };
}
