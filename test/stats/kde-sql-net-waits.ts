/**
 * SQL*Net-like waits: almost all 1 or 2 µs, a thin tail to 2 ms. Integer spikes narrower than a
 * bin, where density × bin width reads far above 100 %.
 */
export function sqlNetWaits(n = 1_000_000): Float64Array {
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = i % 1000;
    values[i] = r < 965 ? 1 : r < 998 ? 2 : 3 + ((i * 7919) % 1997);
  }
  return values;
}
