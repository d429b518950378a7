/**
 * Hoare selection (quickselect): the k-th smallest value of an array in O(n) on average, without
 * sorting it. Used for the top-N threshold (top-n.ts) and for exact per-interval quantiles
 * (latency-over-time.ts), which select in subarray views of one buffer.
 */

/** Rearranges a so that a[k] is the value it would hold if sorted ascending (Hoare selection). */
export function selectInPlace(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    // Median of three as pivot: linear on sorted or reversed input.
    const mid = (lo + hi) >>> 1;
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}
