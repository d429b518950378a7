/**
 * A small seeded PRNG for the synthetic traces: sfc32 (Chris Doty-Humphrey's "small fast counting"
 * generator, PractRand-clean) seeded through splitmix32.
 *
 * Why not Math.random: fixtures and benchmark traces must be byte-identical across runs and machines.
 * sfc32 uses only 32-bit integer operations (`| 0`, `>>>`, `Math.imul`), so the uniform stream is the
 * same on every JS engine. `normal()` uses `Math.log`/`Math.sqrt`/`Math.cos`; `sqrt` is correctly
 * rounded by IEEE 754 and V8 ships its own fdlibm port for `log`/`cos`, so Node gives identical values on
 * every platform (another engine could differ in the last ulp, which integer-µs rounding almost never shows).
 */

export interface Rng {
  /** Uniform in [0, 1), 32 bits of resolution. Exactly one draw of the underlying stream. */
  next(): number;
  /** Standard normal by Box–Muller. Always exactly two `next()` draws (no cached spare), so streams stay aligned. */
  normal(): number;
  /** Uniform integer in [lo, hi], both inclusive. One draw. */
  int(lo: number, hi: number): number;
  /** True with probability p. One draw. */
  chance(p: number): boolean;
  /** One element of a non-empty array. One draw. */
  pick<T>(items: readonly T[]): T;
}

/** One splitmix32 step (Vigna's splitmix64 constants adapted to 32 bits by the MurmurHash3 finaliser). */
function splitmix32(state: number): { state: number; value: number } {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return { state: next, value: (z ^ (z >>> 16)) >>> 0 };
}

/** FNV-1a over UTF-16 code units: turns a string seed or a stream label into 32 bits. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export type Seed = number | string;

function seedToUint32(seed: Seed): number {
  if (typeof seed === 'string') return fnv1a(seed);
  if (!Number.isFinite(seed)) throw new Error(`seed must be finite, got ${seed}`);
  // Fold both 32-bit halves of integers up to 2^53 so that e.g. 1 and 2^32 + 1 differ.
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  return (lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0;
}

/**
 * An independent sub-stream for one purpose (`'ela'`, `'noise'`, …). The ela values of a trace and the
 * direct sampler both read `deriveSeed(seed, 'ela')`, so everything else a trace writer draws (cursor
 * numbers, think times, other events) can change without moving a single ela value.
 */
export function deriveSeed(seed: Seed, label: string): number {
  return (seedToUint32(seed) ^ fnv1a(label)) >>> 0;
}

export function createRng(seed: Seed): Rng {
  let s = seedToUint32(seed);
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    const step = splitmix32(s);
    s = step.state;
    words.push(step.value | 0);
  }
  let a = words[0] ?? 0;
  let b = words[1] ?? 0;
  let c = words[2] ?? 0;
  let d = words[3] ?? 0;

  const raw = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The author of sfc32 recommends discarding the first outputs so that similar seeds diverge.
  for (let i = 0; i < 12; i++) raw();

  const rng: Rng = {
    next: raw,
    normal() {
      const u1 = 1 - raw(); // (0, 1]: log(0) is impossible
      const u2 = raw();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    int(lo, hi) {
      return lo + Math.floor(raw() * (hi - lo + 1));
    },
    chance(p) {
      return raw() < p;
    },
    pick(items) {
      const item = items[Math.floor(raw() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty array');
      return item;
    },
  };
  return rng;
}
