/**
 * The end of a byte range while a thread scans it, which another thread may move earlier to take
 * the rest of the range itself (parallel-ranges.ts splits a range's tail this way when a thread has
 * nothing left to do). It lives in shared memory: the reading thread claims each chunk before it
 * reads it, and a split succeeds only at or after everything claimed, so no byte is read twice or
 * left out. A spin lock guards the two numbers; each side holds it for a few loads and stores.
 *
 * Layout of the SharedArrayBuffer: the lock (Int32 at byte 0), then the claimed end and the range's
 * end (Float64 at bytes 8 and 16: offsets up to 2^53, beyond Int32 and BigInt-free).
 */
const LOCK = 0;
/** Indexes in the Float64 view, which starts at byte 8. */
const CLAIMED = 0;
const END = 1;
const RANGE_LIMIT_BYTES = 24;

export class RangeLimit {
  private readonly lock: Int32Array;
  private readonly at: Float64Array;

  /** A limit for a range [start, end): nothing claimed yet. */
  static create(start: number, end: number): RangeLimit {
    const limit = new RangeLimit(new SharedArrayBuffer(RANGE_LIMIT_BYTES));
    limit.at[CLAIMED] = start;
    limit.at[END] = end;
    return limit;
  }

  constructor(readonly buffer: SharedArrayBuffer) {
    this.lock = new Int32Array(buffer, 0, 1);
    this.at = new Float64Array(buffer, 8, 2);
  }

  /**
   * The reader: claims up to `length` bytes from `position` (where its reads have got to) and
   * returns how many it may read; 0 once the range's end is reached.
   */
  claim(position: number, length: number): number {
    this.acquire();
    const end = this.at[END] as number;
    const upTo = Math.min(position + length, end);
    if (upTo > (this.at[CLAIMED] as number)) this.at[CLAIMED] = upTo;
    this.release();
    return Math.max(0, upTo - position);
  }

  /** The range's end now, and how far its reader has claimed (a snapshot: both may move). */
  snapshot(): { claimed: number; end: number } {
    this.acquire();
    const claimed = this.at[CLAIMED] as number;
    const end = this.at[END] as number;
    this.release();
    return { claimed, end };
  }

  /**
   * Another thread: ends the range at `cut` instead, if nothing at or after `cut` was claimed;
   * returns the end it had (the taker's range is [cut, that end)), or null when too late.
   */
  split(cut: number): number | null {
    this.acquire();
    const end = this.at[END] as number;
    const ok = cut >= (this.at[CLAIMED] as number) && cut < end;
    if (ok) this.at[END] = cut;
    this.release();
    return ok ? end : null;
  }

  private acquire(): void {
    // Held for a few loads and stores on either side: spinning is cheaper than Atomics.wait.
    while (Atomics.compareExchange(this.lock, LOCK, 0, 1) !== 0);
  }

  private release(): void {
    Atomics.store(this.lock, LOCK, 0);
  }
}
