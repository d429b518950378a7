import { DOUBLE_ZERO } from '../double-zero';

/**
 * The one dense counting table: counts whole values by indexing a Uint32Array with v − offset,
 * then reads the counts back in ascending order of value. Used by the parser's tally
 * (lib/trace/ela-tally.ts), the per-range histograms (range-histograms.ts) and `tryDenseCounts`
 * (counts.ts); the line kernel's WebAssembly tally (lib/trace/kernel) is the same idea in .wat.
 *
 * Why a block map: `take` then reads only the 64-cell blocks holding a count. A read of every
 * cell up to the highest value (~300 k cells for one 0.3 s wait) ran ~10 ms in code still cold at
 * the end of a parsed range, on each range of a file.
 */

/** The table's cells in blocks of 64; a block map marks those holding a count. */
const BLOCK_SHIFT = 6;
const BLOCK = 1 << BLOCK_SHIFT;
/** Largest table by default: 16 MB of counts (ela is µs, so waits under ~4 s). */
export const DENSE_LIMIT = 1 << 22;
/** Tables of finished counters, all zero again, for the next counter on this thread. */
const spareTables: Uint32Array[] = [];
const MAX_SPARES = 2;

const roundUp = (cells: number): number => Math.max(BLOCK, Math.ceil(cells / BLOCK) * BLOCK);

export interface DenseCounterOptions {
  /** The value counted in cell 0 (default 0). */
  offset?: number;
  /** Cells to start with (default 2^16); the table doubles as needed up to `limit`. */
  cells?: number;
  /** Most cells ever (default DENSE_LIMIT). */
  limit?: number;
}

export class DenseCounter {
  private readonly offset: number;
  private readonly limit: number;
  private table: Uint32Array;
  private used: Uint8Array;
  /** Highest cell used, −1 when none. */
  private top = -1 + DOUBLE_ZERO; // a double field from the start (lib/double-zero.ts): cells come from doubles

  constructor(options: DenseCounterOptions = {}) {
    this.offset = options.offset ?? 0;
    this.limit = roundUp(options.limit ?? DENSE_LIMIT);
    const cells = Math.min(this.limit, roundUp(options.cells ?? 1 << 16));
    this.table = takeSpare(cells, this.limit) ?? new Uint32Array(cells);
    this.used = new Uint8Array(this.table.length >> BLOCK_SHIFT);
  }

  /**
   * Counts `c` samples of value v. Returns false, counting nothing, when v is not a whole number
   * in [offset, offset + limit): the caller keeps such values some other way.
   */
  add(v: number, c = 1): boolean {
    const cell = v - this.offset;
    if (!(cell >= 0 && cell < this.table.length && (cell | 0) === cell)) return this.addOutside(cell, c);
    this.table[cell] = (this.table[cell] as number) + c;
    this.used[cell >> BLOCK_SHIFT] = 1;
    if (cell > this.top) this.top = cell;
    return true;
  }

  /**
   * Counts values[from], values[from + 1], … up to `to`, and returns the index of the first value it
   * could not count (`to` when it counted them all). The loop of `add`, with the table in locals:
   * it runs once per wait of a dataset.
   */
  addAll(values: Float64Array, from: number, to: number): number {
    let table = this.table;
    let used = this.used;
    let top = this.top;
    const offset = this.offset;
    let i = from;
    for (; i < to; i++) {
      const cell = (values[i] as number) - offset;
      if (!(cell >= 0 && cell < table.length && (cell | 0) === cell)) {
        this.top = top;
        if (!this.add(cell + offset)) break;
        table = this.table;
        used = this.used;
        top = this.top;
        continue;
      }
      table[cell] = (table[cell] as number) + 1;
      used[cell >> BLOCK_SHIFT] = 1;
      if (cell > top) top = cell;
    }
    this.top = top;
    return i;
  }

  private addOutside(cell: number, c: number): boolean {
    if (!(cell >= 0 && cell < this.limit && Math.floor(cell) === cell)) return false;
    this.grow(cell);
    return this.add(cell + this.offset, c);
  }

  /** A table (doubled, at most `limit` cells) with a cell for `cell`. */
  private grow(cell: number): void {
    let cells = this.table.length * 2;
    while (cells <= cell) cells *= 2;
    const bigger = new Uint32Array(Math.min(this.limit, cells));
    bigger.set(this.table.subarray(0, this.top + 1));
    const used = new Uint8Array(bigger.length >> BLOCK_SHIFT);
    used.set(this.used);
    this.table = bigger;
    this.used = used;
  }

  /**
   * The values counted, ascending, and their counts. Leaves the table all zero and hands it to the
   * next counter on this thread: the counter must not be used afterwards.
   */
  take(): { values: Float64Array; counts: Float64Array } {
    const counted = this.drain();
    this.release();
    return counted;
  }

  /** Hands the (all zero) table to the next counter on this thread: this one must not be used afterwards. */
  release(): void {
    if (spareTables.length < MAX_SPARES) spareTables.push(this.table);
  }

  /**
   * The values counted, ascending, and their counts; the table is all zero again and the counter
   * counts anew (one counter for many runs: no table is allocated or zeroed per run).
   */
  drain(): { values: Float64Array; counts: Float64Array } {
    const table = this.table;
    const used = this.used;
    const lastBlock = this.top >> BLOCK_SHIFT;
    let distinct = 0;
    for (let b = 0; b <= lastBlock; b++) {
      if (used[b] === 0) continue;
      const end = Math.min((b + 1) << BLOCK_SHIFT, this.top + 1);
      for (let cell = b << BLOCK_SHIFT; cell < end; cell++) if (table[cell] !== 0) distinct++;
    }
    const values = new Float64Array(distinct);
    const counts = new Float64Array(distinct);
    let k = 0;
    for (let b = 0; b <= lastBlock; b++) {
      if (used[b] === 0) continue;
      used[b] = 0;
      const end = Math.min((b + 1) << BLOCK_SHIFT, this.top + 1);
      for (let cell = b << BLOCK_SHIFT; cell < end; cell++) {
        const c = table[cell] as number;
        if (c === 0) continue;
        values[k] = cell + this.offset;
        counts[k++] = c;
        table[cell] = 0;
      }
    }
    this.top = -1;
    return { values, counts };
  }

  /** Forgets every count (the table goes back to the spares, all zero). */
  discard(): void {
    this.take();
  }
}

/** A spare table of at least `cells` and at most `limit` cells, or undefined. */
function takeSpare(cells: number, limit: number): Uint32Array | undefined {
  const i = spareTables.findIndex((t) => t.length >= cells && t.length <= limit);
  return i < 0 ? undefined : spareTables.splice(i, 1)[0];
}
