import type { ProfileOptions } from '../../lib/profile/profile-collector';
import { parseInRanges } from '../../lib/trace/parallel-ranges';
import { startRange, type RangeTask } from '../../lib/trace/scan-range';

/**
 * Parses and profiles `bytes` in byte ranges of about `minBytes` (lib/trace/parallel-ranges.ts),
 * each range scanned on this thread from its slice of the bytes; `ranges` is how many were scanned.
 */
export async function profileInRanges(bytes: Uint8Array, name: string, minBytes: number, profile: ProfileOptions) {
  let ranges = 0;
  const runner = async (task: RangeTask, onBytes: (n: number) => void) => {
    ranges++;
    const work = startRange(task);
    work.scanner.push(bytes.subarray(task.start, task.end));
    const done = work.finish();
    onBytes(task.end - task.start);
    return done;
  };
  const parsed = await parseInRanges({
    readAt: async (start, length) => bytes.subarray(start, start + length),
    size: bytes.length,
    fileName: name,
    fileIndex: 0,
    event: 'log file sync',
    keep: 'counts',
    runners: [runner],
    threads: 2,
    sizes: { splitBytes: 2 * minBytes, minBytes },
    profile,
  });
  return { parsed, ranges };
}
