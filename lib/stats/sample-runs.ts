/**
 * A sample seen as (value, count) runs in no particular order, for the binning functions
 * (buckets, bins, KDE) that need neither order nor individual samples.
 *
 * Integer µs data with a compact range goes through the exact integer histogram (stats.md §3):
 * 4 M waits become ≈ 7k–20k runs, so a per-run `Math.log10` or bucket search costs nothing.
 * Anything else (fractions, huge ranges) is visited one sample at a time with count 1.
 */
import { tryBuildIntHistogram } from './int-histogram';

/** Calls `visit(value, count)` once per run; values may repeat across runs and come unordered. */
export type UnorderedRuns = (visit: (value: number, count: number) => void) => void;

/** Throws a RangeError on NaN, which no binning can place. Never copies or mutates `values`. */
export function runsOfSample(values: Float64Array): UnorderedRuns {
  const h = tryBuildIntHistogram(values);
  if (h !== null) {
    return (visit) => {
      for (let k = 0; k < h.values.length; k++) visit(h.values[k]!, h.counts[k]!);
    };
  }
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i])) throw new RangeError(`stats: NaN in sample at index ${i}`);
  }
  return (visit) => {
    for (let i = 0; i < values.length; i++) visit(values[i]!, 1);
  };
}
