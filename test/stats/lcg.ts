/**
 * Deterministic test data, generated identically here and in test/stats/lcg.py, so expected
 * values can be computed independently with numpy. Only integer arithmetic and IEEE-exact steps
 * (plus one correctly rounded multiply), so both languages produce the same doubles.
 */

/** Numerical Recipes LCG: s ← (1664525·s + 1013904223) mod 2^32; the n states after `seed`. */
export function lcgStates(n: number, seed: number): Uint32Array {
  const out = new Uint32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(1664525, s) + 1013904223) >>> 0;
    out[i] = s;
  }
  return out;
}

/** Integer "waits": 400 + top 11 bits (many ties), and about 1 in 256 multiplied by 100 (a tail). */
export function lcgInts(n: number, seed: number): Float64Array {
  const states = lcgStates(n, seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = states[i]!;
    let v = 400 + (s >>> 21);
    if (((s >>> 8) & 255) === 0) v *= 100;
    out[i] = v;
  }
  return out;
}

/** Non-integer values in [0, 1000): s / 2^32 is exact, × 1000 rounds once. */
export function lcgFloats(n: number, seed: number): Float64Array {
  const states = lcgStates(n, seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (states[i]! / 4294967296) * 1000;
  return out;
}
