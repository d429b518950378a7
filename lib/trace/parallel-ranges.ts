/**
 * The one range-parallel parser: a large plain trace is cut at record lines (range-plan.ts) into
 * ranges sized by range-schedule.ts (largest first; one per thread for a profile), the runners take
 * the ranges in turn (and, where they share memory, the tails split off ranges still being scanned:
 * range-queue.ts), and the ranges' scans and histograms are merged into exactly what one
 * sequential pass gives (tests compare them). The CLI (lib/node/parse-files.ts: worker threads over file descriptors) and the
 * browser (lib/worker/parallel-parse.ts: Web Workers over Blob.slice) are adapters: they give
 * `readAt` and the runners, nothing else.
 */
import type { ProfileOptions } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import { joinRangeProfiles, type RangeProfile } from '../profile/range-profile';
import { mergeCounts, type Counts } from '../stats/counts';
import { buildFileResult } from './file-result';
import { joinSessions, mergeRanges, needsSequentialRescan } from './merge-ranges';
import { planRanges, type CutRule, type ReadAt } from './range-plan';
import { RangeQueue, type TailSplit } from './range-queue';
import { profileRangeStarts, rangeStarts, type RangeSizes } from './range-schedule';
import type { RangeScan, RangeTask } from './scan-range';
import type { SampleKeeping, TraceFileResult } from './types';

/** Scans one range somewhere (this thread, a worker) and gives back its result. */
export type RangeRunner = (task: RangeTask, onBytes: (bytes: number) => void) => Promise<RangeScan>;

export interface RangeParse {
  readAt: ReadAt;
  size: number;
  fileName: string;
  fileIndex: number;
  event: string;
  keep?: SampleKeeping;
  /** Each runner scans one range at a time; together they take the ranges in turn. */
  runners: readonly RangeRunner[];
  /**
   * Threads scanning at once, which sets the range sizes; the runners' count by default. The CLI
   * gives more runners than threads: its pool queues one range ahead on each worker thread.
   */
  threads?: number;
  /** Tests: smaller ranges, so a small file is cut too; a profile is then cut into guided ranges too, not one per thread. */
  sizes?: RangeSizes;
  /** Profile the file too: then ranges are cut after depth 0 calls (range-plan.ts), and joined exactly. */
  profile?: ProfileOptions;
  /**
   * Runners that read through a RangeLimit (range-limit.ts), so a range's tail can be split off for
   * a thread left with nothing to do: the CLI's, whose threads share memory. Sizes: range-queue.ts TAIL_SPLIT.
   */
  splitTails?: TailSplit;
  /**
   * With splitTails: whether a thread is free now (the CLI's pool, shared by every file it parses);
   * without it, a thread is taken to be free when fewer of this file's ranges run than there are threads.
   */
  idle?: () => boolean;
  /** Bytes scanned so far, and the samples of the ranges finished so far. */
  onProgress?: (bytes: number, samples: number) => void;
  /** Every range is scanned; the join on this thread comes next (the CLI lets its workers go then). */
  onScanned?: () => void;
}

export interface RangesParsed {
  result: TraceFileResult;
  /** The exact histogram of the file's ela from the ranges' histograms; null if a range had none. */
  elaHistogram: Counts | null;
  /** The file's response-time profile, when asked for. */
  profile: DatasetProfile | null;
}

const samplesOf = ({ scan, histogram }: RangeScan) =>
  scan.sampleBlocks ? scan.sampleBlocks.reduce((n, b) => n + b.count, 0) : histogram && scan.samples.count === 0 ? histogram.counts.reduce((a, b) => a + b, 0) : scan.samples.count;

/**
 * Parses one file in ranges, or gives null when it must be read in one pass: gzip (read whole, as
 * it must be inflated from its start), odd content, or a range that began inside SQL text.
 */
export async function parseInRanges(o: RangeParse): Promise<RangesParsed | null> {
  const threads = o.threads ?? o.runners.length;
  // A profile takes one range per thread (range-schedule.ts says why), unless a test asks for sizes.
  const starts = o.profile && !o.sizes ? profileRangeStarts(o.size, threads) : rangeStarts(o.size, threads, o.sizes);
  const rule: CutRule = o.profile ? 'after-top-call' : 'record';
  const plan = await planRanges(o.readAt, o.size, starts, o.event, o.fileName, rule);
  if (!plan) return null;
  const queue = new RangeQueue({
    cuts: plan.cuts,
    common: { headFacts: plan.headFacts, event: o.event, fileName: o.fileName, fileIndex: o.fileIndex, keep: o.keep ?? 'samples', ...(o.profile && { profile: o.profile }) },
    threads,
    split: o.splitTails ?? null,
    ...(o.idle && { idle: o.idle }),
    readAt: o.readAt,
    size: o.size,
    rule,
  });
  const done: RangeScan[] = [];
  const scanned: number[] = [];
  let samples = 0;
  // Silent once a range failed (a Cancel): a runner still stopping must not report after the caller has moved on.
  const report = () => {
    if (!queue.stopped) o.onProgress?.(scanned.reduce((a, b) => a + b, 0), samples);
  };
  const loop = async (runner: RangeRunner) => {
    for (let i = await queue.take(-1); i >= 0; i = await queue.take(i)) {
      const task = queue.tasks[i] as RangeTask;
      let scan: RangeScan;
      try {
        scan = await runner(task, (bytes) => {
          scanned[i] = bytes;
          report();
        });
      } catch (error) {
        queue.stop(); // the other runners take no more ranges
        throw error;
      } finally {
        queue.finish(i);
      }
      done[i] = scan;
      scanned[i] = task.end - task.start;
      samples += samplesOf(scan);
      report();
    }
  };
  await Promise.all(o.runners.map(loop));
  o.onScanned?.();
  const ranges = queue.inFileOrder(done);
  const scans = ranges.map((d) => d.scan);
  if (needsSequentialRescan(scans)) return null;
  const histograms = ranges.map((d) => d.histogram);
  const elaHistogram = histograms.every((h) => h !== null) ? mergeCounts(histograms as Counts[]) : null;
  let profile: DatasetProfile | null = null;
  if (o.profile) {
    profile = joinRangeProfiles(
      ranges.map((d) => d.profile as RangeProfile),
      joinSessions(scans).maps,
    );
    if (profile === null) return null; // a range ended holding records for the next: read it in one pass
  }
  const result = buildFileResult(mergeRanges(scans), { fileName: o.fileName, event: o.event, compression: 'none', bytesRead: o.size });
  return { result, elaHistogram, profile };
}

/** The histogram of a file parsed in one pass keeping only counts; null when it kept samples. */
export function countsHistogram(result: TraceFileResult): Counts | null {
  return result.elaCounts ?? null;
}
