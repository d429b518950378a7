/**
 * The selected event's waits counted by `ela` value instead of kept one by one: for callers that
 * need only the statistics (`waitscope stats`). Every statistic of stats.md is a function of
 * the distinct values and their counts, so nothing is lost; what is saved is the per-wait
 * columns (ela, tim, line, offset, session: 36 bytes a wait), handing them between threads and
 * joining them: on the 1 GiB benchmark trace (2.2 M waits) that was ~0.25 s of a ~1 s run and
 * ~150 MB of memory touched.
 */

/** Distinct `ela` values (µs) in ascending order, and how many waits had each. */
export interface ElaCounts {
  values: Float64Array;
  counts: Float64Array;
}

/** Values below this are counted in a table (16 MB at most); ela is µs, so waits under ~4 s. */
const TABLE_LIMIT = 1 << 22;
const FIRST_TABLE = 1 << 16;
/** Tables of finished tallies, all zero again, for the next tally on this thread. */
const spareTables: Uint32Array[] = [];

/**
 * Counts ela values as the scanner finds them. `push` and `pushRun` stand in for SampleColumns'
 * (the scanner calls either); `push` reads only its first argument, the ela.
 */
export class ElaTally {
  count = 0;
  private table: Uint32Array = spareTables.pop() ?? new Uint32Array(FIRST_TABLE);
  /** Highest table cell used, so only that much is zeroed again. */
  private top = -1;
  /** Values the table does not take: 4 s and longer, and any that is not an integer. */
  private readonly others = new Map<number, number>();

  push(ela: number): void {
    this.count++;
    if (ela >= 0 && ela < this.table.length && (ela | 0) === ela) {
      this.table[ela] = (this.table[ela] as number) + 1;
      if (ela > this.top) this.top = ela;
    } else this.pushOther(ela);
  }

  /** `count` waits of the value `ela` (from the line kernel's own tally). */
  add(ela: number, count: number): void {
    this.push(ela);
    if (count > 1) {
      // push() put the value in the table or in `others`; add the rest there too.
      this.count += count - 1;
      if (this.others.has(ela)) this.others.set(ela, (this.others.get(ela) as number) + count - 1);
      else this.table[ela] = (this.table[ela] as number) + count - 1;
    }
  }

  /** Rows [from, to) of sample columns (the line kernel's); only `ela` is read. */
  pushRun(src: { ela: Float64Array }, from: number, to: number): void {
    const ela = src.ela;
    for (let i = from; i < to; i++) this.push(ela[i] as number);
  }

  private pushOther(ela: number): void {
    if (ela >= 0 && ela < TABLE_LIMIT && Math.floor(ela) === ela) {
      let cells = this.table.length * 2;
      while (cells <= ela) cells *= 2;
      const bigger = new Uint32Array(Math.min(TABLE_LIMIT, cells));
      bigger.set(this.table.subarray(0, this.top + 1));
      this.table = bigger;
      this.table[ela] = 1;
      this.top = Math.max(this.top, ela);
      return;
    }
    this.others.set(ela, (this.others.get(ela) ?? 0) + 1);
  }

  /**
   * The counts, each value multiplied by `scale` (10,000 for centiseconds, see lib/units). The
   * tally must not be used afterwards; its table goes back to this thread's spares.
   */
  finish(scale: number): ElaCounts {
    const fromTable: number[] = [];
    const table = this.table;
    for (let v = 0; v <= this.top; v++) if (table[v] !== 0) fromTable.push(v);
    const rest = [...this.others.keys()].sort((a, b) => a - b);
    const values = new Float64Array(fromTable.length + rest.length);
    const counts = new Float64Array(values.length);
    // The table's values and the rest are each ascending; the rest may hold fractions between them.
    let i = 0;
    let j = 0;
    for (let k = 0; k < values.length; k++) {
      const fromT = j >= rest.length || (i < fromTable.length && (fromTable[i] as number) < (rest[j] as number));
      const v = fromT ? (fromTable[i++] as number) : (rest[j++] as number);
      values[k] = v * scale;
      counts[k] = fromT ? (table[v] as number) : (this.others.get(v) as number);
    }
    table.fill(0, 0, this.top + 1);
    if (spareTables.length < 2) spareTables.push(table);
    this.top = -1;
    return { values, counts };
  }
}
