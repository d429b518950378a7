/**
 * Where to start the ranges of one large file, largest first ("guided self-scheduling"): each
 * range is 1 / (2 x threads) of what is left, but at least `minBytes`. Why: every range costs its
 * thread a first read that nothing overlaps (~1.5 ms here) and a little bookkeeping, so fewer
 * ranges are better; yet the last ranges must be small, so that no thread finishes long after the
 * others. A 1 GiB file on 2 threads gets 14 ranges, from 256 MiB down to 16 MiB.
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
