/**
 * The ranges of one file as threads take them (parallel-ranges.ts): the planned ranges in turn, and
 * then, with `split`, the tail of a range still being scanned, for a thread left with nothing to do.
 * On a shared machine the speed of each core varies from second to second (here the two equal
 * 512 MiB ranges of one profile ended up to 250 ms apart, either one last), so without this the
 * slower thread alone sets the wall time while the other waits.
 */
import { RangeLimit } from './range-limit';
import { cutNear, type CutRule, type ReadAt } from './range-plan';
import type { RangeTask } from './scan-range';

/** When a range's tail is split off: at least `minBytes` left to share, after `marginBytes` left to its reader. */
export interface TailSplit {
  minBytes: number;
  marginBytes: number;
}

/**
 * The margin: a reader claims one 4 MiB chunk ahead of the one it scans (lib/node/scan-file-range.ts),
 * and may claim another while the cut is looked for. The minimum: a thread's new range makes V8
 * deoptimize and compile its collector's code again (range-schedule.ts), on a background thread
 * that then takes CPU from the other scanning thread: with a 16 MiB minimum, a profile of the 1 GiB
 * trace used 0.1-0.3 s more CPU than without splits, and tails of 13-30 MiB gained less than that
 * cost. A split gains about half the difference in the two threads' ends; at 64 MiB left (~150 ms
 * at one thread's speed) that outweighs it. Since c8a24ce a new range no longer throws the
 * collector's optimized code away (test/profile/second-range.test.ts); a 16 MiB minimum then split
 * 3 of 4 runs and measured 1.880 s against 1.945 s median (16 alternating runs, 2026-12-03, on a VM
 * whose runs varied by 25 %): not shown to be better, so the minimum stays until a steadier machine says.
 */
export const TAIL_SPLIT: TailSplit = { minBytes: 64 << 20, marginBytes: 8 << 20 };

/**
 * A thread new to a range scans its first tens of MiB slower than one that has scanned for a while
 * (its collector is new to V8: range-schedule.ts): split tails of 50-160 MiB of the 1 GiB profile
 * ran at 0.7-1.0 times the speed their thread had on its own range (5 tails), a 30 MiB one at
 * 0.54 (2026-12-02).
 */
const NEW_RANGE_SPEED = 0.8;

export interface RangeQueueOptions {
  /** Range starts, then the file size (RangePlan.cuts). */
  cuts: readonly number[];
  /** What every range's task carries besides its bytes. */
  common: Omit<RangeTask, 'start' | 'end' | 'limit'>;
  threads: number;
  /** Split tails (the runners read through the RangeLimit of their task), or null. */
  split: TailSplit | null;
  /** Whether a thread is free (parallel-ranges.ts RangeParse.idle); else fewer of these ranges run than there are threads. */
  idle?: () => boolean;
  readAt: ReadAt;
  size: number;
  rule: CutRule;
}

export class RangeQueue {
  readonly tasks: RangeTask[] = [];
  private readonly limits: (RangeLimit | null)[] = [];
  private readonly startedAt: number[] = [];
  private readonly endedAt: number[] = [];
  /** Ranges being scanned now. */
  private readonly active = new Set<number>();
  private next = 0;
  /** Set by stop(): a range failed. */
  stopped = false;
  private splitting: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: RangeQueueOptions) {
    o.cuts.slice(0, -1).forEach((start, i) => this.add(start, o.cuts[i + 1] as number));
  }

  /**
   * The range a thread takes next, having just finished range `finished` (-1 at first), or -1 when
   * there is none for it. Only one split at a time: two idle threads must not cut the same tail.
   */
  async take(finished: number): Promise<number> {
    if (this.stopped) return -1;
    if (this.next < this.tasks.length) return this.start(this.next++);
    if (this.o.split === null || !this.threadFree()) return -1;
    const split = this.o.split;
    // A split that fails (its probe could not be read) is no split: the range runs to its end.
    const taken = this.splitting.then(() => (this.threadFree() && !this.stopped ? this.splitTail(split, finished) : -1)).catch(() => -1);
    this.splitting = taken;
    const i = await taken;
    return i < 0 || this.stopped ? -1 : i;
  }

  /** Range `i` is scanned: its thread is free. */
  finish(i: number): void {
    this.active.delete(i);
    this.endedAt[i] = performance.now();
  }

  /** A range failed: no thread takes another. */
  stop(): void {
    this.stopped = true;
  }

  /** The ranges' results in file order (split-off tails were added last). */
  inFileOrder<T>(results: readonly T[]): T[] {
    return this.tasks.map((task, i) => ({ start: task.start, result: results[i] as T })).sort((a, b) => a.start - b.start).map((r) => r.result);
  }

  private threadFree(): boolean {
    return this.o.idle ? this.o.idle() : this.active.size < this.o.threads;
  }

  private start(i: number): number {
    this.active.add(i);
    this.startedAt[i] = performance.now();
    return i;
  }

  private add(start: number, end: number): number {
    const limit = this.o.split ? RangeLimit.create(start, end) : null;
    this.tasks.push({ ...this.o.common, start, end, ...(limit && { limit: limit.buffer }) });
    this.limits.push(limit);
    return this.tasks.length - 1;
  }

  /**
   * The range with the most bytes left loses its tail, cut as a plan cuts (after what its reader
   * has claimed), sized so that both threads end together at the speeds they have shown; the idle
   * thread takes it. Returns the new range's index, or -1 when no range has enough left.
   */
  private async splitTail(split: TailSplit, finished: number): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt++) {
      let victim = -1;
      let left = 0;
      let claimed = 0;
      for (const i of this.active) {
        const snap = this.limits[i]?.snapshot();
        // Not yet begun (its task still queued for a thread): nothing to measure its speed by.
        if (snap && snap.claimed > (this.tasks[i] as RangeTask).start && snap.end - snap.claimed > left) [victim, left, claimed] = [i, snap.end - snap.claimed, snap.claimed];
      }
      if (victim < 0 || left < split.minBytes + split.marginBytes) return -1;
      const share = this.thiefShare(finished, victim, claimed);
      const cut = await cutNear(this.o.readAt, this.o.size, claimed + split.marginBytes + Math.floor((left - split.marginBytes) * (1 - share)), this.o.rule);
      if (cut < 0) return -1; // no place to cut there (long SQL text): the range runs to its end
      const end = (this.limits[victim] as RangeLimit).split(cut);
      if (end === null) continue; // its reader got past the cut meanwhile: look again
      (this.tasks[victim] as RangeTask).end = cut;
      const taken = this.add(cut, end);
      this.next = this.tasks.length; // taken here, not given out again
      return this.start(taken);
    }
    return -1;
  }

  /**
   * The idle thread's share of what is left: its speed over both threads' speeds, from the range it
   * just scanned and the victim's progress so far; half when either is unknown; within [1/4, 3/4].
   */
  private thiefShare(finished: number, victim: number, claimed: number): number {
    const now = performance.now();
    const own = finished >= 0 ? (this.tasks[finished] as RangeTask) : null;
    const ownSpeed = own ? ((own.end - own.start) / ((this.endedAt[finished] as number) - (this.startedAt[finished] as number))) * NEW_RANGE_SPEED : NaN;
    const victimSpeed = (claimed - (this.tasks[victim] as RangeTask).start) / (now - (this.startedAt[victim] as number));
    const share = ownSpeed / (ownSpeed + victimSpeed);
    return share > 0 && Number.isFinite(share) ? Math.min(0.75, Math.max(0.25, share)) : 0.5;
  }
}
