/**
 * Per session index: the earliest start and the latest end of its records, µs (response-time.md:
 * R = Σ t1 − t0). Kept in Float64Arrays with ±Infinity for "none": a plain array with holes hands
 * each read to optimized code as number-or-undefined, which boxes the double, and the profile reads
 * a span per call and per run of waits (~4 M a GiB), a young-generation GC every ~50 k.
 */
export class SessionSpans {
  start = new Float64Array(8).fill(Infinity);
  end = new Float64Array(8).fill(-Infinity);
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
  }

  /** As lists, undefined where a session has no span (range-profile.ts RangeProfile.spans). */
  lists(): { t0: (number | undefined)[]; t1: (number | undefined)[] } {
    const t0: (number | undefined)[] = [];
    const t1: (number | undefined)[] = [];
    for (let s = 0; s < this.size; s++) {
      const none = this.start[s] === Infinity;
      t0.push(none ? undefined : this.start[s]);
      t1.push(none ? undefined : this.end[s]);
    }
    return { t0, t1 };
  }

  private grow(least: number): void {
    let size = this.start.length * 2;
    while (size < least) size *= 2;
    const start = new Float64Array(size).fill(Infinity);
    const end = new Float64Array(size).fill(-Infinity);
    start.set(this.start);
    end.set(this.end);
    this.start = start;
    this.end = end;
  }
}
