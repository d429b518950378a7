import { visitChunks, type VisitPass } from '../export/export-dataset';
import { VisitingScanner } from '../trace/trace-visitor';
import { NO_EVENT, type TraceFileResult } from '../trace/types';
import { openInput, type InputSource } from './file-chunks';
import { scanFileRange } from './scan-file-range';
import { inputFileSize } from './file-error';

/**
 * A second pass over an input whose first pass is `result`. A plain file, or a plain member stored
 * in place in its archive, is read straight into the scanner's input areas (scanFileRange: no
 * stream buffers, no copy; a copy per 4 MiB chunk cost the Parquet export ~1 s of CPU per GiB);
 * anything else (gzip, a member compressed in its archive) through the parser's chunk source.
 */
export function visitInput(input: InputSource, result: Pick<TraceFileResult, 'fileName' | 'compression'>, fileIndex: number): VisitPass {
  const span = input.member ? input.member.span : { start: 0, end: inputFileSize(input.path) };
  if (result.compression !== 'none' || span === null) return visitChunks(result, fileIndex, () => openInput(input));
  return async (visitor, onProgress) => {
    // Selects no event, as visitChunks: the visitors read every WAIT, and one event's tally would go unread.
    const scanner = new VisitingScanner({ event: NO_EVENT, fileName: result.fileName, fileIndex, keep: 'counts' }, visitor);
    await scanFileRange(input.path, span.start, span.end, scanner, onProgress);
    scanner.finish();
  };
}
