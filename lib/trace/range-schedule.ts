/**
 * How large the ranges of one file are, for the CLI's worker threads and the browser's range
 * workers alike (lib/trace/parallel-ranges.ts plans with these; both adapters pass only their
 * thread count).
 *
 * Measured once for both (2026-12-01, this 2-core machine, busy with other helpers' builds, so
 * small differences are noise):
 * - CLI, `waitscope stats` on bench/run.mjs' 1 GiB trace, 5 alternating runs: guided ranges down
 *   to 16 MiB best 1.00 s, median 1.14 s; down to 32 MiB best 1.05 s, median 1.17 s; equal
 *   64 MiB ranges (the browser's before) best 1.38 s.
 * - Chromium, bench/browser-bench.mjs, the book's 40 files of ~98 MB: down to 16 MiB (5 ranges a
 *   file) 16.3-20.6 s to the table; equal ranges (2 a file) 15.8-18.3 s; down to 32 MiB (3 a
 *   file) 10.5-17.2 s. A range costs the browser more than the CLI (a Blob stream to open, its
 *   first chunk from the browser process), so fewer ranges are better there.
 * So: guided ranges down to 32 MiB, in both, for a parse. A profile takes one range per thread
 * (profileRangeStarts, below).
 */
export interface RangeSizes {
  /** A file at least this large is cut into ranges when more than one thread scans. */
  splitBytes: number;
  /** The smallest range. */
  minBytes: number;
}

export const RANGE_SIZES: RangeSizes = { splitBytes: 64 << 20, minBytes: 32 << 20 };

/**
 * Where to start the ranges of one large file, largest first ("guided self-scheduling"): each
 * range is 1 / (2 x threads) of what is left, but at least `minBytes`. Why: every range costs its
 * thread a first read that nothing overlaps (~1.5 ms here) and a little bookkeeping, so fewer
 * ranges are better; yet the last ranges must be small, so that no thread finishes long after the
 * others (the worker threads may start later than the calling thread: their isolates boot first).
 * With 32 MiB at least, a 1 GiB file on 2 threads gets 11 ranges, from 256 MiB down to 32 MiB,
 * and a 98 MB file (the book's) 3.
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

/**
 * The range starts (without 0) of a file to profile: one equal range per thread, none below
 * `splitBytes` or on one thread. Why not guided ranges: a profile's range is a new collector and
 * scanner, and on each thread the second to fourth of them cost the JIT a round of deoptimizing
 * and recompiling the collector's code (V8 --trace-opt: kernelLines compiled 9 times in 8 ranges
 * of one thread, ~650 ms of TurboFan against ~230 for one range; callgrind: +0.3, +0.7 and +0.85
 * G instructions per 256 MiB for 2, 4 and 8 ranges against 6.1 G for one). On this 2-core machine,
 * `waitscope profile` of bench/run.mjs' 1 GiB trace: 11 guided ranges (down to 32 MiB) median
 * 1.39 s, 4 of 256 MiB 1.29 s, 3 of 384-256 MiB 1.30 s, 2 of 512 MiB 1.15 s (6 alternating runs
 * each, 2026-12-02). The threads start within a few ms of each other (the CLI's worker boots while
 * the main bundle loads; the page's range workers start with the page), so on a uniform trace equal
 * ranges end together. What this gives up: a thread that finishes first takes nothing from the
 * other, so a trace whose calls crowd into one half, or a core slowed by something else, leaves
 * one thread working alone at the end (on this shared machine one range of two took 905-1500 ms,
 * at random, in runs of the same file). The recompiling is gone since c8a24ce (one thread, six
 * ranges: kernelLines and onCall compiled once), but 11 guided ranges still measured 2.06-2.12 s
 * against ~1.9 s for two (2 runs, 2026-12-03, a slower VM), so the profile keeps one range a thread.
 */
export function profileRangeStarts(size: number, threads: number, splitBytes: number = RANGE_SIZES.splitBytes): number[] {
  if (threads <= 1 || size < splitBytes) return [];
  return Array.from({ length: threads - 1 }, (_, i) => Math.floor((size * (i + 1)) / threads));
}
