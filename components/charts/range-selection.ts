/**
 * What a click or a drag on a figure selects: a range of wait values (µs) of one dataset, or of
 * several. Both ends are INCLUSIVE, so a consumer lists exactly the waits with lo ≤ ela ≤ hi.
 *
 * The figures' bins are half-open, [a, b) (lib/stats/bins.ts, lib/stats/buckets.ts), so a bin's
 * selection has hi = the largest double below b (`justBelow`), not b − 1: CSV input may hold
 * fractional µs, and for the whole-µs values of traces the two filters select the same waits.
 * A closed bin (the last linear bin of Figure 15.16, which holds the maximum) keeps hi = b.
 */

export interface RangeSelection {
  /** Index in report.datasets of the dataset clicked; null for a drag across several (the spectrum). */
  datasetIndex: number | null;
  /** Inclusive lower end, µs. */
  lo: number;
  /** Inclusive upper end, µs (Infinity for Oracle's open top bucket "≥ 2^32 µs"). */
  hi: number;
  /** Which figure and how: 'all-waits/log10', 'all-waits/log2', 'top-waits' or 'spectrum'. */
  source: string;
  /**
   * Each dataset's own value range, when the selection covers several: the spectrum's brushed
   * percentiles, a bucket of Figure 15.15 or a bar of Figure 15.16 (every dataset's waits in it).
   */
  ranges?: { datasetIndex: number; lo: number; hi: number }[];
  /** Spectrum only: the brushed percentiles, 0 ≤ lo ≤ hi < 1. */
  percentiles?: { lo: number; hi: number };
}

const scratch = new DataView(new ArrayBuffer(8));

/**
 * The largest double below x (Java's Math.nextDown): for finite x > 0 one step down the IEEE-754
 * bit pattern. `lo ≤ v ≤ justBelow(b)` holds exactly when `lo ≤ v < b`.
 */
export function justBelow(x: number): number {
  if (Number.isNaN(x) || x === -Infinity) return x;
  if (x === Infinity) return Number.MAX_VALUE;
  if (x === 0) return -Number.MIN_VALUE;
  scratch.setFloat64(0, x);
  const bits = scratch.getBigUint64(0);
  // Positive: the previous pattern is smaller; negative: the next pattern is more negative.
  scratch.setBigUint64(0, x > 0 ? bits - 1n : bits + 1n);
  return scratch.getFloat64(0);
}

/** The inclusive range of the half-open bin [lo, hi). */
export function halfOpenRange(lo: number, hi: number): { lo: number; hi: number } {
  return { lo, hi: justBelow(hi) };
}

/** A bar as drawn: [lo, hi) on the x axis, y high; y = 0 is an empty bin and is never picked. */
export interface HitBin {
  lo: number;
  hi: number;
  y: number;
}

/**
 * The bar a click at (x, y) in data coordinates means, among overlaid histograms (bins[d] is
 * dataset d's bars, sorted by lo; hidden datasets are skipped):
 * - a click inside bars of several datasets (at or below their tops, give or take `tolerance` in
 *   y units) picks the lowest one: the innermost outline, which can be reached no other way;
 * - a click above every bar of its column picks the tallest, so a bar of the far tail, too thin to
 *   hit, is selected by clicking anywhere above it.
 * null when no shown dataset has a non-empty bar at x.
 */
export function pickBin(
  bins: readonly (readonly HitBin[])[],
  x: number,
  y: number,
  tolerance: number,
  visible: readonly boolean[] = [],
): { datasetIndex: number; binIndex: number } | null {
  let inside: { datasetIndex: number; binIndex: number; y: number } | null = null;
  let tallest: { datasetIndex: number; binIndex: number; y: number } | null = null;
  for (let d = 0; d < bins.length; d++) {
    if (visible[d] === false) continue;
    const own = bins[d]!;
    const b = binAt(own, x);
    if (b < 0) continue;
    const top = own[b]!.y;
    if (!(top > 0)) continue;
    if (y <= top + tolerance && (inside === null || top < inside.y)) inside = { datasetIndex: d, binIndex: b, y: top };
    if (tallest === null || top > tallest.y) tallest = { datasetIndex: d, binIndex: b, y: top };
  }
  const hit = inside ?? tallest;
  return hit && { datasetIndex: hit.datasetIndex, binIndex: hit.binIndex };
}

/** Index of the bin with lo ≤ x < hi (bins sorted by lo), or −1. */
export function binAt(bins: readonly HitBin[], x: number): number {
  let low = 0;
  let high = bins.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const bin = bins[mid]!;
    if (x < bin.lo) high = mid - 1;
    else if (x >= bin.hi) low = mid + 1;
    else return mid;
  }
  return -1;
}
