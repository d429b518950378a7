import type { EventProfileRow } from './types';

const MRU_SIZE = 4;

/**
 * Interns event names straight from the bytes of a WAIT line and keeps the per-event profile
 * (count, total, min, max: the resource profile mrskew groups by). A name is decoded once, when
 * first seen. Lookups try the few most recent names first, because a trace repeats a short cycle
 * of events (commit: log file sync, SQL*Net to client, SQL*Net from client).
 */
export class EventTable {
  private readonly nameBytes: Uint8Array[] = [];
  readonly names: string[] = [];
  readonly count: number[] = [];
  readonly total: number[] = [];
  readonly min: number[] = [];
  readonly max: number[] = [];
  private readonly byHash = new Map<number, number[]>();
  private readonly mru: number[] = [];

  constructor(private readonly decodeName: (buf: Uint8Array, start: number, end: number) => string) {}

  /**
   * Id of the event whose name starts at `start` and is followed by `quote` + ` ela=`, or -1
   * when none of the recent names is there. Compares in place, so the common case never scans
   * the name twice.
   */
  matchRecent(buf: Uint8Array, start: number, end: number, quote: number): number {
    const mru = this.mru;
    for (let m = 0; m < mru.length; m++) {
      const id = mru[m] as number;
      const known = this.nameBytes[id] as Uint8Array;
      const len = known.length;
      const close = start + len;
      // `' ela=` must follow the name: the quote and five bytes.
      if (close + 6 > end || buf[close] !== quote || buf[close + 1] !== 0x20 || buf[close + 2] !== 0x65) continue;
      let k = 0;
      while (k < len && known[k] === buf[start + k]) k++;
      if (k < len || buf[close + 3] !== 0x6c || buf[close + 4] !== 0x61 || buf[close + 5] !== 0x3d) continue;
      if (m > 0) {
        mru[m] = mru[m - 1] as number;
        mru[m - 1] = id;
      }
      return id;
    }
    return -1;
  }

  /** Id of the name in buf[start, end), adding it on first sight. */
  intern(buf: Uint8Array, start: number, end: number): number {
    const len = end - start;
    const mru = this.mru;
    for (let m = 0; m < mru.length; m++) {
      const id = mru[m] as number;
      const known = this.nameBytes[id] as Uint8Array;
      if (known.length === len && sameBytes(known, buf, start, len)) return id;
    }
    const id = this.lookup(buf, start, end);
    mru.unshift(id);
    if (mru.length > MRU_SIZE) mru.pop();
    return id;
  }

  nameLength(id: number): number {
    return (this.nameBytes[id] as Uint8Array).length;
  }

  private lookup(buf: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ (buf[i] as number), 0x01000193);
    const len = end - start;
    const bucket = this.byHash.get(h);
    if (bucket) {
      for (const id of bucket) {
        const known = this.nameBytes[id] as Uint8Array;
        if (known.length === len && sameBytes(known, buf, start, len)) return id;
      }
    }
    const id = this.names.length;
    this.nameBytes.push(buf.slice(start, end));
    this.names.push(this.decodeName(buf, start, end));
    this.count.push(0);
    this.total.push(0);
    this.min.push(Infinity);
    this.max.push(-Infinity);
    if (bucket) bucket.push(id);
    else this.byHash.set(h, [id]);
    return id;
  }

  /** Adds WAITs booked elsewhere (the line kernel) to an event's profile. */
  addCounts(id: number, count: number, total: number, min: number, max: number): void {
    if (count === 0) return;
    this.count[id] = (this.count[id] as number) + count;
    this.total[id] = (this.total[id] as number) + total;
    if (min < (this.min[id] as number)) this.min[id] = min;
    if (max > (this.max[id] as number)) this.max[id] = max;
  }

  record(id: number, ela: number): void {
    this.count[id] = (this.count[id] as number) + 1;
    this.total[id] = (this.total[id] as number) + ela;
    if (ela < (this.min[id] as number)) this.min[id] = ela;
    if (ela > (this.max[id] as number)) this.max[id] = ela;
  }

  /** The profile in µs, sorted by total descending, events never seen complete left out. */
  profile(microsPerUnit: number): EventProfileRow[] {
    const rows: EventProfileRow[] = [];
    for (let id = 0; id < this.names.length; id++) {
      const count = this.count[id] as number;
      if (count === 0) continue;
      rows.push({
        event: this.names[id] as string,
        count,
        total: (this.total[id] as number) * microsPerUnit,
        min: (this.min[id] as number) * microsPerUnit,
        max: (this.max[id] as number) * microsPerUnit,
      });
    }
    return rows.sort((a, b) => b.total - a.total || a.event.localeCompare(b.event));
  }
}

function sameBytes(known: Uint8Array, buf: Uint8Array, start: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (known[i] !== buf[start + i]) return false;
  return true;
}

/** Merges profiles of several files or ranges (counts and totals add, min/max combine). */
export function mergeProfiles(profiles: readonly EventProfileRow[][]): EventProfileRow[] {
  const byEvent = new Map<string, EventProfileRow>();
  for (const rows of profiles) {
    for (const r of rows) {
      const seen = byEvent.get(r.event);
      if (!seen) byEvent.set(r.event, { ...r });
      else {
        seen.count += r.count;
        seen.total += r.total;
        seen.min = Math.min(seen.min, r.min);
        seen.max = Math.max(seen.max, r.max);
      }
    }
  }
  return [...byEvent.values()].sort((a, b) => b.total - a.total || a.event.localeCompare(b.event));
}
