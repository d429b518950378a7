/**
 * A large plain trace parsed on both cores: the browser's adapter of lib/trace/parallel-ranges.ts,
 * whose runners are this worker and the range workers, reading with Blob.slice. null means "read
 * it in one pass": gzip, odd content, or a range that began inside SQL text.
 */
import { parseInRanges as parseRanges, type RangeRunner, type RangesParsed } from '../trace/parallel-ranges';
import type { RangeSizes } from '../trace/range-schedule';
import type { ProfileOptions } from '../profile/profile-collector';
import type { SampleKeeping } from '../trace/types';
import { CancelledError } from './file-chunks';
import type { RangeHelper } from './range-port';
import { scanBlobRange } from './range-scan';

export interface ParallelParse {
  file: Blob;
  name: string;
  event: string;
  fileIndex: number;
  helpers: readonly RangeHelper[];
  signal: AbortSignal;
  /** Bytes scanned so far, and the samples of the ranges finished so far. */
  onProgress: (bytes: number, samples: number) => void;
  /** Tests: smaller ranges, so a small file is cut too; a profile is then cut into guided ranges too, not one per thread. */
  sizes?: RangeSizes;
  /** Profile the file too (lib/profile/range-profile.ts joins the ranges' profiles). */
  profile?: ProfileOptions;
  /** What the scan keeps of the event's waits (default: every sample). */
  keep?: SampleKeeping;
}

export async function parseInRanges(o: ParallelParse): Promise<RangesParsed | null> {
  const { file, signal } = o;
  // A runner takes no new range once the user has cancelled.
  const checked =
    (scan: RangeRunner): RangeRunner =>
    (task, onBytes) =>
      signal.aborted ? Promise.reject(new CancelledError()) : scan(task, onBytes);
  const here: RangeRunner = (task, onBytes) => scanBlobRange({ ...task, blob: file }, signal, onBytes);
  const runners = [here, ...o.helpers.map((h): RangeRunner => (task, onBytes) => h.scan({ ...task, blob: file }, signal, onBytes))].map(checked);
  return parseRanges({
    readAt: async (start, length) => new Uint8Array(await file.slice(start, start + length).arrayBuffer()),
    size: file.size,
    fileName: o.name,
    fileIndex: o.fileIndex,
    event: o.event,
    runners,
    ...(o.sizes ? { sizes: o.sizes } : {}),
    ...(o.profile && { profile: o.profile }),
    ...(o.keep && { keep: o.keep }),
    onProgress: o.onProgress,
  });
}
