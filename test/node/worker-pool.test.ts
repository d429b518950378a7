// A range task with a RangeLimit (lib/trace/range-limit.ts), run by the CLI's pool on the calling
// thread and on a real worker thread (the bundled worker script): each reads up to the limit's end,
// not the task's, and its claims land in the memory the calling thread holds (shared, not copied).
// And a retired pool: workers stop when idle, tasks still run.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParsePool } from '../../lib/node/worker-pool';
import { parseFiles } from '../../lib/node/parse-files';
import { FileError } from '../../lib/node/file-error';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { RangeLimit } from '../../lib/trace/range-limit';
import { cutNear, planRanges } from '../../lib/trace/range-plan';
import { makeTempDir, ROOT } from '../helpers/cli';

const temp = makeTempDir('worker-pool');
const file = path.join(temp.dir, 'commit-loop.trc');
const workerUrl = new URL(`file://${path.join(ROOT, 'dist/parse-worker.cjs')}`);
afterAll(() => temp.remove());
beforeAll(() => writeFileSync(file, [...generateCommitLoop({ preset: 'flash-on', seed: 'worker-pool', commits: 6000 })].join('')));

/** WAIT lines that start in [from, to), counted in the bytes themselves. */
function waitLinesIn(bytes: Buffer, from: number, to: number): number {
  let n = 0;
  for (let at = bytes.indexOf('\nWAIT #', Math.max(0, from - 1)); at >= 0 && at + 1 < to; at = bytes.indexOf('\nWAIT #', at + 1)) n++;
  return n;
}

/** The test file cut in two where the range plan cuts it, and a range task of it. */
async function halves() {
  const bytes = readFileSync(file);
  const size = bytes.length;
  const readAt = async (start: number, length: number) => bytes.subarray(start, start + length);
  const plan = await planRanges(readAt, size, [Math.floor(size / 2)], 'log file sync', 'commit-loop.trc');
  const [, mid] = plan!.cuts as [number, number, number];
  const range = (start: number, end: number) => ({ kind: 'range' as const, path: file, headFacts: plan!.headFacts, event: 'log file sync', fileName: 'commit-loop.trc', fileIndex: 0, keep: 'counts' as const, start, end });
  return { bytes, size, mid, range };
}

describe('ParsePool.retire', () => {
  it('lets a worker finish the task it runs, and runs later tasks on the calling thread', async () => {
    const { bytes, size, mid, range } = await halves();
    const pool = new ParsePool(2, workerUrl);
    try {
      // The first runs here, the second on the worker; retired at once, the worker is busy.
      expect(pool.liveWorkers).toBe(1);
      const running = [pool.run(range(0, mid)), pool.run(range(mid, size))];
      expect(pool.idle()).toBe(false); // both threads busy
      pool.retire();
      expect(pool.liveWorkers).toBe(1); // busy: it stops when its task ends
      const done = await Promise.all(running);
      expect(pool.liveWorkers).toBe(0);
      expect(pool.idle()).toBe(true);
      const later = await pool.run(range(mid, size));
      const waits = [waitLinesIn(bytes, 0, mid), waitLinesIn(bytes, mid, size), waitLinesIn(bytes, mid, size)];
      expect(waits[0]).toBeGreaterThan(1000);
      [...done, later].forEach((d, i) => expect(d.kind === 'range-done' && d.scan.waitLines).toBe(waits[i]));
    } finally {
      await pool.close();
    }
  });
});

describe('range tasks read through a shared limit', () => {
  it('stop at the limit’s end on both threads, and their claims are seen here', async () => {
    const bytes = readFileSync(file);
    const size = statSync(file).size;
    const readAt = async (start: number, length: number) => bytes.subarray(start, start + length);
    const plan = await planRanges(readAt, size, [Math.floor(size / 2)], 'log file sync', 'commit-loop.trc');
    const [, mid] = plan!.cuts as [number, number, number];
    const ends = [await cutNear(readAt, size, Math.floor(mid / 2), 'record'), await cutNear(readAt, size, Math.floor((mid + size) / 2), 'record')];
    const limits = [RangeLimit.create(0, mid), RangeLimit.create(mid, size)];
    // Split before the scan: the task still says the planned end; only the limit says where to stop.
    expect(limits[0]!.split(ends[0]!)).toBe(mid);
    expect(limits[1]!.split(ends[1]!)).toBe(size);
    const pool = new ParsePool(2, workerUrl);
    try {
      const common = { kind: 'range' as const, path: file, headFacts: plan!.headFacts, event: 'log file sync', fileName: 'commit-loop.trc', fileIndex: 0, keep: 'counts' as const };
      // The first task runs on this thread, the second on the worker (ParsePool.dispatch).
      const done = await Promise.all([pool.run({ ...common, start: 0, end: mid, limit: limits[0]!.buffer }), pool.run({ ...common, start: mid, end: size, limit: limits[1]!.buffer })]);
      const starts = [0, mid];
      done.forEach((d, i) => {
        expect(d.kind).toBe('range-done');
        if (d.kind !== 'range-done') return;
        expect(d.scan.waitLines).toBe(waitLinesIn(bytes, starts[i]!, ends[i]!));
        expect(limits[i]!.snapshot()).toEqual({ claimed: ends[i], end: ends[i] });
      });
      expect(waitLinesIn(bytes, mid, ends[1]!)).toBeLessThan(waitLinesIn(bytes, mid, size));
    } finally {
      await pool.close();
    }
  });
});

describe('a pool that leaves the calling thread free (callingThread false)', () => {
  it('runs its tasks on the worker, one after the other, and on the calling thread only without one', async () => {
    const { bytes, size, mid, range } = await halves();
    const pool = new ParsePool(2, workerUrl, false);
    try {
      expect([pool.size, pool.capacity, pool.liveWorkers]).toEqual([1, 2, 1]);
      // One task: sharing this thread, the pool would run it here and its worker would be idle.
      const first = pool.run(range(0, mid));
      expect(pool.idle()).toBe(false);
      const running = [first, pool.run(range(mid, size))];
      const done = await Promise.all(running);
      expect(pool.idle()).toBe(true);
      done.forEach((d, i) => expect(d.kind === 'range-done' && d.scan.waitLines).toBe(waitLinesIn(bytes, i === 0 ? 0 : mid, i === 0 ? mid : size)));
    } finally {
      await pool.close();
    }
    // Without the worker script (no worker can start), the calling thread still takes the tasks…
    const alone = new ParsePool(2, new URL(`file://${path.join(temp.dir, 'no-such-worker.cjs')}`), false);
    try {
      expect([alone.size, alone.liveWorkers]).toEqual([1, 0]);
      const d = await alone.run(range(0, mid));
      expect(d.kind === 'range-done' && d.scan.waitLines).toBe(waitLinesIn(bytes, 0, mid));
      // …and close() stops one running there at its next chunk (a worker's would be terminated).
      const stopped = alone.run(range(0, size));
      await alone.close();
      await expect(stopped).rejects.toThrow('stopped: the parse pool was closed');
    } finally {
      await alone.close();
    }
  });
});

describe('a pool shared by parseFiles and the task after it (the export)', () => {
  it('parses on both threads, keeps its worker, then with workersOnly leaves the calling thread free', async () => {
    const { bytes, size, mid, range } = await halves();
    const pool = new ParsePool(2, workerUrl);
    try {
      const parsed = await parseFiles([{ path: file, name: 'commit-loop.trc', size }], { event: 'log file sync', pool, ranges: { splitBytes: 64 * 1024, minBytes: 16 * 1024 } });
      expect(parsed.results[0]?.samples.count).toBe(bytes.toString('latin1').split("nam='log file sync'").length - 1);
      // The worker is still there (parseFiles neither retired nor closed a caller's pool).
      expect(pool.liveWorkers).toBe(1);
      pool.workersOnly();
      expect([pool.size, pool.capacity]).toEqual([1, 2]);
      // One task goes to the worker: this thread stays free (idle() is false while it runs).
      const task = pool.run(range(0, mid));
      expect(pool.idle()).toBe(false);
      const done = await task;
      expect(done.kind === 'range-done' && done.scan.waitLines).toBe(waitLinesIn(bytes, 0, mid));
    } finally {
      await pool.close();
    }
  });
});

describe('a task that fails on a worker', () => {
  it('is a FileError when a file could not be written or read, a plain Error (a bug) otherwise', async () => {
    const pool = new ParsePool(2, workerUrl, false); // one worker, and nothing on this thread
    try {
      expect(pool.liveWorkers).toBe(1);
      const blocked = path.join(temp.dir, 'calls-is-a-folder');
      mkdirSync(path.join(blocked, 'calls.parquet'), { recursive: true });
      const cannotWrite = await pool.run({ kind: 'export-calls', files: [], dataset: 'd', out: path.join(blocked, 'calls.parquet') }).catch((e: unknown) => e);
      expect(cannotWrite).toBeInstanceOf(FileError);
      expect((cannotWrite as Error).message).toBe(`cannot write ${path.join(blocked, 'calls.parquet')}: is a directory`);
      // A file the task cannot read: a FileError too, naming it.
      const missing = path.join(temp.dir, 'gone.trc');
      const cannotRead = await pool.run({ kind: 'export-calls', files: [{ input: { path: missing, name: 'gone.trc' }, result: { fileName: 'gone.trc', compression: 'none' } as never }], dataset: 'd', out: path.join(temp.dir, 'calls.parquet') }).catch((e: unknown) => e);
      expect(cannotRead).toBeInstanceOf(FileError);
      expect((cannotRead as Error).message).toContain(`cannot read ${missing}`);
      // A task our code cannot run (a first pass missing): not the user's file, so no FileError.
      const bug = await pool.run({ kind: 'export-calls', files: [{ input: { path: file, name: 'x.trc' }, result: null as never }], dataset: 'd', out: path.join(temp.dir, 'calls2.parquet') }).catch((e: unknown) => e);
      expect(bug).toBeInstanceOf(Error);
      expect(bug).not.toBeInstanceOf(FileError);
    } finally {
      await pool.close();
    }
  });
});
