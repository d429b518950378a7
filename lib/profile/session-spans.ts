/** A byte range's spans (SessionSpans.parts), per session index of the range's scan. */
export interface RangeSpans {
  t0: (number | undefined)[];
  t1: (number | undefined)[];
  /** µs of between-call waits without tim before the session's first timed record in the range (all of them, when it has none). */
  before: number[];
  /** µs of waits without tim after its last timed record in the range (all of them, when it has none). */
  after: number[];
}

/**
 * Per session index: the earliest start and the latest end of its records, µs (response-time.md:
 * R = Σ t1 − t0). Kept in Float64Arrays with ±Infinity for "none": a plain array with holes hands
 * each read to optimized code as number-or-undefined, which boxes the double, and the profile reads
 * a span per call and per run of waits (~4 M a GiB), a young-generation GC every ~50 k.
 */
export class SessionSpans {
  start = new Float64Array(8).fill(Infinity);
  end = new Float64Array(8).fill(-Infinity);
  /**
   * Before 10g a WAIT has no tim, so only calls place a session in time, and waits before its first
   * call or after its last lay outside [start, end] while their rows counted them: a 9.2 session
   * ending in 12 s of SQL*Net message from client showed think time at 57,143 % of R and
   * unaccounted-for time of −12 s (a DBA review). Such waits are placed one after another from the
   * record they follow, or before the call they precede: `before`, µs of between-call waits without
   * tim before the session's first timed record (the others lie inside that call); `after`, µs of
   * waits without tim since its latest timed record (a call after them would reset it).
   */
  before = new Float64Array(8);
  after = new Float64Array(8);
  /** Sessions up to the highest index given a span. */
  size = 0;

  /** Makes room for `session`; call before writing start[session] or end[session]. */
  reach(session: number): void {
    if (session >= this.size) {
      if (session >= this.start.length) this.grow(session + 1);
      this.size = session + 1;
    }
  }

  /** A record's [start, end] in session `session`. */
  add(session: number, start: number, end: number): void {
    this.reach(session);
    if (start < (this.start[session] as number)) this.start[session] = start;
    if (end > (this.end[session] as number)) this.end[session] = end;
    this.after[session] = 0;
  }

  /** A wait without tim of `micros` in session `session`; `between`: of an event that lies between calls. */
  untimed(session: number, micros: number, between: boolean): void {
    this.reach(session);
    this.after[session] = (this.after[session] as number) + micros;
    if (between && this.start[session] === Infinity) this.before[session] = (this.before[session] as number) + micros;
  }

  /**
   * Per session, for a byte range (range-profile.ts RangeSpans): the timed span alone (undefined
   * where none), and the untimed µs before its first timed record and since its last, which the
   * join adds across ranges as one pass would (a session may have its timed records in one range
   * and its untimed waits in the next).
   */
  parts(): RangeSpans {
    const { t0, t1 } = this.timed();
    return { t0, t1, before: Array.from(this.before.subarray(0, this.size)), after: Array.from(this.after.subarray(0, this.size)) };
  }

  /** The timed spans alone, undefined where a session has none. */
  private timed(): { t0: (number | undefined)[]; t1: (number | undefined)[] } {
    const t0: (number | undefined)[] = [];
    const t1: (number | undefined)[] = [];
    for (let s = 0; s < this.size; s++) {
      const none = this.start[s] === Infinity;
      t0.push(none ? undefined : this.start[s]);
      t1.push(none ? undefined : this.end[s]);
    }
    return { t0, t1 };
  }

  /** As lists, undefined where a session has no span, with its untimed waits placed beside it. */
  lists(): { t0: (number | undefined)[]; t1: (number | undefined)[] } {
    const { t0, t1 } = this.timed();
    return {
      t0: t0.map((start, s) => (start === undefined ? undefined : start - (this.before[s] as number))),
      t1: t1.map((end, s) => (end === undefined ? undefined : end + (this.after[s] as number))),
    };
  }

  private grow(least: number): void {
    let size = this.start.length * 2;
    while (size < least) size *= 2;
    const start = new Float64Array(size).fill(Infinity);
    const end = new Float64Array(size).fill(-Infinity);
    const before = new Float64Array(size);
    const after = new Float64Array(size);
    start.set(this.start);
    end.set(this.end);
    before.set(this.before);
    after.set(this.after);
    this.start = start;
    this.end = end;
    this.before = before;
    this.after = after;
  }
}
