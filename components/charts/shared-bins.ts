/**
 * Shared bins for Figure 15.16: the top-N waits of every dataset counted in the same bins, so the
 * overlaid histograms are comparable bin for bin. Equal widths on a linear axis, or equal widths in
 * log10 on a log axis. This is display re-binning of the report's `top` values only; the
 * statistics themselves come from lib/.
 */

export type BinScale = 'linear' | 'log';

export interface SharedBins {
  /** k + 1 ascending edges in µs: bin i is [edges[i], edges[i+1]), the last one closed. */
  edges: number[];
  /** counts[d][i]: values of series d in bin i. */
  counts: number[][];
  /** Per series, the values a log axis cannot show (≤ 0 µs), left out of `counts`; 0 on a linear axis. */
  excluded: number[];
}

/**
 * `binCount` equal bins (in value, or in log10 of the value) from the smallest to the largest value
 * of all series. The last bin is closed so the maximum is counted. When every value is equal there
 * is one bin around it, so nothing is dropped and the axis still has a width.
 */
export function shareBins(series: readonly (readonly number[])[], binCount = 60, scale: BinScale = 'linear'): SharedBins {
  if (!(Number.isInteger(binCount) && binCount >= 1)) throw new RangeError(`binCount must be a positive integer, got ${binCount}`);
  const log = scale === 'log';
  const shown = (v: number) => !log || v > 0;
  let min = Infinity;
  let max = -Infinity;
  for (const values of series) {
    for (const v of values) {
      if (!shown(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const excluded = series.map((values) => values.reduce((n, v) => (shown(v) ? n : n + 1), 0));
  if (min > max) return { edges: [], counts: series.map(() => []), excluded };
  const edges = log ? logEdges(min, max, binCount) : linearEdges(min, max, binCount);
  const k = edges.length - 1;
  const t = log ? Math.log10 : (v: number) => v;
  const from = t(edges[0]!);
  const width = (t(edges[k]!) - from) / k;
  const counts = series.map((values) => {
    const row = new Array<number>(k).fill(0);
    for (const v of values) {
      if (!shown(v)) continue;
      let i = Math.max(0, Math.min(k - 1, Math.floor((t(v) - from) / width)));
      // The division (and the logarithm) can land a bin off next to an edge; the edges decide.
      while (i > 0 && v < edges[i]!) i--;
      while (i < k - 1 && v >= edges[i + 1]!) i++;
      row[i] = row[i]! + 1;
    }
    return row;
  });
  return { edges, counts, excluded };
}

/** Edges as from + i·width (no drifting sums); the last edge is exactly the maximum. */
function linearEdges(min: number, max: number, binCount: number): number[] {
  if (min === max) return [min - 0.5, min + 0.5];
  const width = (max - min) / binCount;
  return Array.from({ length: binCount + 1 }, (_, i) => (i === binCount ? max : min + i * width));
}

/** Edges 10^(log10 min + i·width); the first and last are exactly the minimum and the maximum. */
function logEdges(min: number, max: number, binCount: number): number[] {
  if (min === max) return [min / 10 ** 0.05, min * 10 ** 0.05];
  const a = Math.log10(min);
  const width = (Math.log10(max) - a) / binCount;
  return Array.from({ length: binCount + 1 }, (_, i) => (i === 0 ? min : i === binCount ? max : 10 ** (a + i * width)));
}
