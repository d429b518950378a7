import { parseTrace } from '../trace/parse-trace';
import { DEFAULT_EVENT, type TraceFileResult } from '../trace/types';
import type { TimeWindow } from '../scope/time-window';
import { WindowedVisitor, type FileClock } from '../scope/windowed-visitor';
import { ProfileCollector, type ProfileOptions } from './profile-collector';
import type { DatasetProfile } from './profile-model';

/**
 * One trace's call profile and its parse result (outcome, warnings) from one pass over any chunk
 * source (a Node file stream, `File.stream()`, bytes in tests): the parser's own scan with the
 * profile as its visitor, so the profile sees exactly the records the parser booked.
 */
export async function profileTrace(
  source: AsyncIterable<Uint8Array>,
  options: ProfileOptions & {
    fileName: string;
    fileIndex?: number;
    onProgress?: (bytesRead: number) => void;
    /** Only the records inside this window (lib/scope/windowed-visitor.ts), placed on the file's clock from an earlier pass. */
    window?: { window: TimeWindow; clock: FileClock };
  },
): Promise<{ profile: DatasetProfile; result: TraceFileResult }> {
  const collector = new ProfileCollector(options);
  const visitor = options.window ? new WindowedVisitor(collector, options.window.window, options.window.clock) : collector;
  const result = await parseTrace(source, {
    event: DEFAULT_EVENT,
    fileName: options.fileName,
    fileIndex: options.fileIndex ?? 0,
    keep: 'counts',
    visitor,
    ...(options.onProgress && { onProgress: (bytes: number) => options.onProgress?.(bytes) }),
  });
  return { profile: collector.finish(), result };
}
