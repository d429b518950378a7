/**
 * Percentile spectrum (stats.md §4, "HdrHistogram percentile plot"): the wait at percentile p
 * against 1/(1−p), so p90, p99, p99.9 … sit one decade apart and the whole tail is visible
 * without the arbitrary "top 10,000" cut of Fig 15.16. Quantiles are R type 7 (stats.md §2.1).
 *
 * Points are log-spaced in 1/(1−p): 10^(i/k) for k points per decade, from 1/(1−p) = 1 (p = 0,
 * the minimum) up to n, i.e. p = 1 − 1/n. Beyond that a sample of n waits says nothing: the
 * estimate would only interpolate towards the maximum. The last point is exactly 1/(1−p) = n.
 */
import { countAt, countsOf, type Counts } from './counts';
import { quantileType7 } from './quantile';

export interface SpectrumPoint {
  /** Probability in [0, 1 − 1/n]. */
  p: number;
  /** 1/(1−p): the nominal grid value 10^(i/k) (or n for the last point), p derived from it. */
  inverseTail: number;
  /** Type-7 quantile at p, in the unit of the input (µs). */
  value: number;
}

export const DEFAULT_SPECTRUM_POINTS_PER_DECADE = 10;

/** The 1/(1−p) grid for n samples: 10^(i/k) while ≤ n, then n itself if not already last. */
export function spectrumGrid(n: number, pointsPerDecade: number): number[] {
  const grid: number[] = [];
  if (n < 1) return grid;
  for (let i = 0; ; i++) {
    const t = 10 ** (i / pointsPerDecade);
    if (t > n) break;
    grid.push(t);
  }
  if (grid[grid.length - 1]! < n) grid.push(n);
  return grid;
}

/** The spectrum of a sample in any order ([] when empty), through its counts (counts.ts). */
export function percentileSpectrum(values: Float64Array, options: { pointsPerDecade?: number } = {}): SpectrumPoint[] {
  return percentileSpectrumOfCounts(countsOf(values), options);
}

/** The spectrum of a sample's counts ([] when empty). */
export function percentileSpectrumOfCounts(c: Counts, options: { pointsPerDecade?: number } = {}): SpectrumPoint[] {
  const k = options.pointsPerDecade ?? DEFAULT_SPECTRUM_POINTS_PER_DECADE;
  if (!(Number.isInteger(k) && k >= 1 && k <= 1000)) {
    throw new RangeError(`spectrum: pointsPerDecade must be an integer in 1..1000, got ${k}`);
  }
  const n = c.total;
  if (n === 0) return [];
  const at = (rank: number): number => countAt(c, rank);
  return spectrumGrid(n, k).map((inverseTail) => {
    const p = 1 - 1 / inverseTail;
    return { p, inverseTail, value: quantileType7(n, p, at) };
  });
}
