// Splitting a range's tail for an idle thread (lib/trace/range-queue.ts through parallel-ranges.ts):
// one runner is slow on purpose, the other fast, so the fast one runs out of ranges while the slow
// one is still in its first and takes its tail, again and again. The ranges must still cover the
// file exactly, each cut where a plan would cut, and the merged scan and profile must be one pass's.
// Then the same through the CLI's worker threads (real threads sharing the limits' memory).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFiles } from '../../lib/node/parse-files';
import { profileTrace } from '../../lib/profile/profile-trace';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { parseInRanges, type RangeRunner } from '../../lib/trace/parallel-ranges';
import type { TailSplit } from '../../lib/trace/range-queue';
import { parseTrace } from '../../lib/trace/parse-trace';
import { RangeLimit } from '../../lib/trace/range-limit';
import { rangeStarts } from '../../lib/trace/range-schedule';
import { startRange, type RangeTask } from '../../lib/trace/scan-range';
import { fileChunks } from '../../lib/worker/file-chunks';
import { makeTempDir, ROOT } from '../helpers/cli';

const EVENT = 'log file sync';
const SIZES = { splitBytes: 1 << 20, minBytes: 256 << 10 };
const temp = makeTempDir('range-queue');
const file = path.join(temp.dir, 'two-sessions.trc');
let bytes: Buffer<ArrayBuffer>;
afterAll(() => temp.remove());
beforeAll(() => {
  const session = (i: number) => [...generateCommitLoop({ preset: 'flash-off', seed: 'range-queue', commits: 5000, sessionIndex: i })].join('');
  const second = session(1);
  writeFileSync(file, session(0) + second.slice(second.indexOf('*** SESSION ID')));
  bytes = readFileSync(file);
});

/** A runner reading from memory through the task's limit, `chunk` bytes a claim, waiting `pause` ms after each. */
function memoryRunner(chunk: number, pause: number, seen: RangeTask[]): RangeRunner {
  return async (task, onBytes) => {
    seen.push(task);
    const limit = new RangeLimit(task.limit as SharedArrayBuffer);
    const work = startRange(task);
    let position = task.start;
    for (let n = limit.claim(position, chunk); n > 0; n = limit.claim(position, chunk)) {
      work.scanner.push(bytes.subarray(position, position + n));
      position += n;
      onBytes(position - task.start);
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    }
    return work.finish();
  };
}

const readAt = async (start: number, length: number) => bytes.slice(start, start + length);
const oneProfile = async () => (await profileTrace(fileChunks(new File([bytes], 'two-sessions.trc')), { fileName: 'two-sessions.trc' })).profile;

/**
 * The file's profile in ranges on a slow runner and a fast one: the slow one takes the first
 * (largest) range, ~3 ms per 8 KiB, where the fast one reads a range at once. `seen`: every range run.
 */
function parseSlowAndFast(seen: RangeTask[], splitTails: TailSplit, idle?: () => boolean) {
  return parseInRanges({
    readAt,
    size: bytes.length,
    fileName: 'two-sessions.trc',
    fileIndex: 0,
    event: EVENT,
    keep: 'counts',
    runners: [memoryRunner(8 << 10, 3, seen), memoryRunner(1 << 30, 0, seen)],
    sizes: SIZES,
    profile: {},
    splitTails,
    ...(idle && { idle }),
  });
}

describe('an idle thread takes the tail of a range still being scanned', () => {
  it('splits the slow range again and again; the ranges cover the file and join into one pass', async () => {
    const seen: RangeTask[] = [];
    const size = bytes.length;
    const parsed = await parseSlowAndFast(seen, { minBytes: 64 << 10, marginBytes: 16 << 10 });
    expect(parsed).not.toBeNull();
    const ranges = [...seen].sort((a, b) => a.start - b.start);
    const planned = rangeStarts(size, 2, SIZES).length + 1;
    expect(ranges.length, 'more ranges ran than were planned: tails were split off').toBeGreaterThan(planned);
    // Exactly the file, each byte in one range, in ranges no smaller than the least a split leaves.
    expect(ranges[0]!.start).toBe(0);
    expect(ranges[ranges.length - 1]!.end).toBe(size);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.start).toBe(ranges[i - 1]!.end);
    // The first range (the slow runner's) was cut short, each cut after a depth 0 call (a profile's rule).
    const first = ranges[0]!;
    const plannedFirstEnd = Math.ceil(size / 4); // guided: a quarter of the file, then the next record line
    expect(first.end).toBeLessThan(plannedFirstEnd);
    const text = Buffer.from(bytes);
    for (const r of ranges.slice(1)) {
      const before = text.subarray(text.lastIndexOf(10, r.start - 2) + 1, r.start - 1).toString('latin1');
      expect(before).toMatch(/^(XCTEND |EXEC #\d+:.*,dep=0,)/);
    }
    expect(parsed!.profile).toEqual(await oneProfile());
    const counted = await parseTrace(fileChunks(new File([bytes], 'two-sessions.trc')), { event: EVENT, fileName: 'two-sessions.trc', keep: 'counts' });
    // The scan's own result too (sessions, anchors, warnings, counts); ranges give their counts as the histogram.
    const { elaCounts, ...rest } = counted;
    expect(parsed!.result).toEqual(rest);
    expect([...parsed!.elaHistogram!.counts]).toEqual([...elaCounts!.counts]);
  });

  it('splits nothing when the ranges are all taken and none has enough left', async () => {
    const seen: RangeTask[] = [];
    // More than any range holds.
    const parsed = await parseSlowAndFast(seen, { minBytes: 4 << 20, marginBytes: 16 << 10 });
    expect(parsed!.profile).toEqual(await oneProfile());
    const ranges = [...seen].sort((a, b) => a.start - b.start);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.start).toBe(ranges[i - 1]!.end);
    expect(ranges[0]!.end).toBeGreaterThanOrEqual(Math.ceil(bytes.length / 4)); // the slow range ran whole
  });

  it('splits nothing while no thread is free (idle: the CLI pool says so for every file it parses)', async () => {
    const seen: RangeTask[] = [];
    let asked = 0;
    const parsed = await parseSlowAndFast(seen, { minBytes: 64 << 10, marginBytes: 16 << 10 }, () => (asked++, false));
    expect(asked).toBeGreaterThan(0);
    expect(seen).toHaveLength(rangeStarts(bytes.length, 2, SIZES).length + 1);
    expect(parsed!.profile).toEqual(await oneProfile());
  });

  it('in the CLI: worker threads read through limits shared with the calling thread', async () => {
    const workerUrl = new URL(`file://${path.join(ROOT, 'dist/parse-worker.cjs')}`);
    const size = statSync(file).size;
    const parsed = await parseFiles([{ path: file, name: 'two-sessions.trc', size }], {
      event: EVENT,
      workers: 2,
      workerUrl,
      keep: 'counts',
      profile: {},
      ranges: SIZES,
      tailSplit: { minBytes: 64 << 10, marginBytes: 64 << 10 },
    });
    // Every range read through its limit, on both threads, with tails split when a thread is free
    // (whether one is depends on timing; that a worker stops at a limit moved before it reads is
    // test/node/worker-pool.test.ts's): the join must still be one pass.
    expect(parsed.profiles[0]).toEqual(await oneProfile());
    const counted = await parseTrace(fileChunks(new File([bytes], 'two-sessions.trc')), { event: EVENT, fileName: 'two-sessions.trc', keep: 'counts' });
    expect([...parsed.elaHistograms[0]!.counts]).toEqual([...counted.elaCounts!.counts]);
    expect(parsed.results[0]!.sessions).toEqual(counted.sessions);
  });
});
