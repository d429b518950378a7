/**
 * How large the ranges of one file are, for the CLI's worker threads and the browser's range
 * workers alike (lib/trace/parallel-ranges.ts plans with these; both adapters pass only their
 * thread count).
 *
 * Measured (2026-12-01, this 2-core machine, busy with other work: best of 5 alternating runs of
 * `waitscope stats` on bench/run.mjs' 1 GiB trace): these guided ranges, a quarter of the file
 * down to 16 MiB, 1.19 s; equal 64 MiB ranges (what the browser used before) 1.38 s. In Chromium
 * (bench/browser-bench.mjs, the book's 40 files) the guided ranges were no slower than the old
 * equal ones, within that machine's noise; so both use these.
 */
export interface RangeSizes {
  /** A file at least this large is cut into ranges when more than one thread scans. */
  splitBytes: number;
  /** The smallest range. */
  minBytes: number;
}

export const RANGE_SIZES: RangeSizes = { splitBytes: 64 << 20, minBytes: 16 << 20 };

/**
 * Where to start the ranges of one large file, largest first ("guided self-scheduling"): each
 * range is 1 / (2 x threads) of what is left, but at least `minBytes`. Why: every range costs its
 * thread a first read that nothing overlaps (~1.5 ms here) and a little bookkeeping, so fewer
 * ranges are better; yet the last ranges must be small, so that no thread finishes long after the
 * others (the worker threads may start later than the calling thread: their isolates boot first).
 * A 1 GiB file on 2 threads gets 14 ranges, from 256 MiB down to 16 MiB.
 */
export function guidedRangeStarts(size: number, threads: number, minBytes: number): number[] {
  const starts: number[] = [];
  let at = 0;
  for (;;) {
    at += Math.max(minBytes, Math.ceil((size - at) / (2 * threads)));
    if (at >= size - minBytes / 2) return starts; // a last sliver joins the range before it
    starts.push(at);
  }
}

/** The range starts (without 0) of a file of `size` bytes on `threads` threads: none below `splitBytes` or on one thread. */
export function rangeStarts(size: number, threads: number, sizes: RangeSizes = RANGE_SIZES): number[] {
  return threads > 1 && size >= sizes.splitBytes ? guidedRangeStarts(size, threads, sizes.minBytes) : [];
}
