/**
 * Shared linear bins for Figure 15.16: the top-N waits of every dataset counted in the same bins, so
 * the overlaid histograms are comparable bin for bin. This is display re-binning of the report's
 * `top` values only; the statistics themselves come from lib/.
 */

export interface SharedLinearBins {
  /** k + 1 ascending edges in µs: bin i is [edges[i], edges[i+1]), the last one closed. */
  edges: number[];
  /** counts[d][i]: values of series d in bin i. */
  counts: number[][];
}

/**
 * `binCount` equal bins from the smallest to the largest value of all series. The last bin is
 * closed so the maximum is counted; when every value is equal there is one bin of width 1 around
 * it, so nothing is dropped and the axis still has a width.
 */
export function shareLinearBins(series: readonly (readonly number[])[], binCount = 60): SharedLinearBins {
  if (!(Number.isInteger(binCount) && binCount >= 1)) throw new RangeError(`binCount must be a positive integer, got ${binCount}`);
  let min = Infinity;
  let max = -Infinity;
  for (const values of series) {
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (min > max) return { edges: [], counts: series.map(() => []) };
  const k = min === max ? 1 : binCount;
  const from = min === max ? min - 0.5 : min;
  const width = min === max ? 1 : (max - min) / k;
  // Edges as from + i·width (no drifting sums); the last edge is exactly the maximum.
  const edges = Array.from({ length: k + 1 }, (_, i) => (i === k ? Math.max(max, from + width) : from + i * width));
  const counts = series.map((values) => {
    const row = new Array<number>(k).fill(0);
    for (const v of values) {
      let i = Math.min(k - 1, Math.floor((v - from) / width));
      // The division can land one bin off next to an edge; the edges decide.
      if (i > 0 && v < edges[i]!) i--;
      else if (i < k - 1 && v >= edges[i + 1]!) i++;
      row[i] = row[i]! + 1;
    }
    return row;
  });
  return { edges, counts };
}
