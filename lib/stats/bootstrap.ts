/**
 * Percentile-bootstrap CIs for A − B (and A/B − 1) of the median, p99 and mean (stats.md §2.7).
 * Each replicate resamples A and B independently; statistics are R type-7 quantiles and the
 * mean of the resampled data; the CI is the type-7 (1 ± confidence)/2 quantiles of B replicates.
 *
 * Two resampling schemes, both O(K) per replicate (K = distinct values), never O(n):
 * - 'poisson': iid Poisson bootstrap on the value counts, c*ₖ ~ Poisson(cₖ) (Hanley &
 *   MacGibbon 2006; stats.md §2.7). The resample size varies around n, which is immaterial
 *   for n in the thousands and up. A replicate with an empty resample is drawn again.
 * - 'cluster': whole sessions drawn with replacement (S draws from S sessions), their
 *   precomputed value counts added up. Waits within a session are correlated (stats.md §2.7
 *   "Dependence caveat"), so this CI is the honest one when sessions are known; with few
 *   sessions it is coarse.
 *
 * Deterministic: one seeded generator (`UniformStream`) drives everything, so the same inputs,
 * options and seed give the same CIs on every run and platform (IEEE doubles throughout).
 *
 * Cost (measured, 2 × 4 M synthetic waits of stats.md §5, K = 6.8 k + 19.9 k, B = 2000, on the
 * 2-core development VM with other jobs running): Poisson ≈ 1.4–1.75 s, cluster over 20 + 20
 * sessions ≈ 1.0–1.5 s; the rest of `compare` ≈ 70 ms. Cost is linear in B.
 */
import { logGamma } from './distributions';
import type { ValueCounts } from './mann-whitney';
import { quantileSorted, quantileType7 } from './quantile';

export type BootstrapMethod = 'poisson' | 'cluster';
export type BootstrapStatistic = 'median' | 'p99' | 'mean';
export const BOOTSTRAP_STATISTICS: readonly BootstrapStatistic[] = ['median', 'p99', 'mean'];

export interface Interval {
  lower: number;
  upper: number;
}

export interface BootstrapResult {
  method: BootstrapMethod;
  replicates: number;
  seed: number;
  confidence: number;
  /** Number of distinct sessions per dataset (cluster method only). */
  sessionCounts?: { a: number; b: number };
  /** CI of stat(A) − stat(B). */
  difference: Record<BootstrapStatistic, Interval>;
  /** CI of stat(A)/stat(B) − 1 (a fraction: −0.176 is 17.6 % lower than B). */
  relative: Record<BootstrapStatistic, Interval>;
}

/**
 * Uniform [0, 1) numbers from sfc32 (C. Doty-Humphrey, public domain), seeded by splitmix32,
 * produced a buffer at a time. The generator runs on local variables in `refill`: as closure
 * variables its 32-bit words would be boxed by V8 (they exceed the 31-bit small integers), and a
 * call per number costs more than the number. `(t >>> 0) / 2^32` is 3× slower than `t·2^-32 + ½`
 * (uint32 → double), so the words map to [0, 1) through the signed value.
 */
export class UniformStream {
  readonly buf = new Float64Array(4096);
  pos = 4096;
  private readonly state: Int32Array;

  constructor(seed: number) {
    let s = seed >>> 0;
    const split = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return z ^ (z >>> 16);
    };
    this.state = Int32Array.of(split(), split(), split(), split());
  }

  /** Refills the buffer when fewer than `need` numbers are left (call before taking them). */
  ensure(need: number): void {
    if (this.pos + need > this.buf.length) this.refill();
  }

  /** Overwrites the whole buffer with fresh numbers and sets `pos` to 0. */
  refill(): void {
    const st = this.state;
    let a = st[0]!;
    let b = st[1]!;
    let c = st[2]!;
    let d = st[3]!;
    const buf = this.buf;
    for (let i = 0; i < buf.length; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      buf[i] = t * 2.3283064365386963e-10 + 0.5; // int32/2^32 + ½: exact, in [0, 1)
    }
    st.set([a, b, c, d]);
    this.pos = 0;
  }

  next(): number {
    this.ensure(1);
    return this.buf[this.pos++]!;
  }
}

/**
 * Fills `out` with one resample's counts on the sample's own value grid, and `totals` with the
 * resample's size and sum (accumulated on the way: a second pass over K bins costs ~15 %).
 */
type Resampler = ((random: UniformStream, out: Float64Array, totals: Float64Array) => void) & {
  sessions?: number;
};

const SMALL = 10;
const TABLE = 48; // P(Poisson(9) > 47) < 1e-20: the last CDF entry is set to 1.
const GUIDE = 256;

/**
 * CDF tables of Poisson(1..9) with guide tables (Chen & Asau 1974): u picks a start index whose
 * CDF is just below u, so inversion needs no division and on average well under one step.
 */
const [SMALL_CDF, SMALL_GUIDE] = (() => {
  const cdf = new Float64Array(SMALL * TABLE);
  const guide = new Int32Array(SMALL * GUIDE);
  for (let lam = 1; lam < SMALL; lam++) {
    let p = Math.exp(-lam);
    let s = p;
    for (let x = 0; x < TABLE; x++) {
      cdf[lam * TABLE + x] = x === TABLE - 1 ? 1 : s;
      p *= lam / (x + 1);
      s += p;
    }
    let x = 0;
    for (let g = 0; g < GUIDE; g++) {
      while (cdf[lam * TABLE + x]! < g / GUIDE) x++;
      guide[lam * GUIDE + g] = lam * TABLE + x;
    }
  }
  return [cdf, guide];
})();

/**
 * Poisson(cₖ) for every bin; counts are whole numbers ≥ 1. Counts below 10 by guided inversion;
 * larger ones by Hörmann's PTRS transformed rejection (1993; numpy's algorithm), whose per-mean
 * constants are computed once since the means are the same in every replicate.
 */
function poissonResampler(counts: Float64Array, grid: Float64Array): Resampler {
  const K = counts.length;
  const pa = new Float64Array(K);
  const pb = new Float64Array(K);
  const pInvAlpha = new Float64Array(K);
  const pVr = new Float64Array(K);
  const pLogLam = new Float64Array(K);
  let maxCount = 0;
  counts.forEach((lam, k) => {
    maxCount = Math.max(maxCount, lam);
    const b = 0.931 + 2.53 * Math.sqrt(lam);
    pb[k] = b;
    pa[k] = -0.059 + 0.02483 * b;
    pInvAlpha[k] = Math.log(1.1239 + 1.1328 / (b - 3.4));
    pVr[k] = 0.9277 - 3.6224 / (b - 2);
    pLogLam[k] = Math.log(lam);
  });
  const logFact = new Float64Array(Math.ceil(maxCount + 40 * Math.sqrt(maxCount) + 100));
  for (let x = 2; x < logFact.length; x++) logFact[x] = logFact[x - 1]! + Math.log(x);
  // Hot loop (54 M bins for 2 × 4 M waits, B = 2000): the buffer position lives in a local and a
  // refill happens only between bins, when fewer than 64 numbers are left (a PTRS rejection
  // loop needs more than 64 with probability < 1e-40).
  const limit = 4096 - 64;
  return (random, out, totals) => {
    const buf = random.buf;
    let pos = random.pos;
    let n = 0;
    let sum = 0;
    for (let k = 0; k < K; k++) {
      if (pos > limit) {
        random.refill();
        pos = 0;
      }
      const lam = counts[k]!;
      if (lam < SMALL) {
        const u = buf[pos++]!;
        let j = SMALL_GUIDE[((lam * GUIDE) | 0) + ((u * GUIDE) | 0)]!;
        // Two branch-free steps settle almost every draw; a mispredicted loop branch per draw
        // cost 4× the rest of this path (measured). The loop finishes the rare long walks.
        j += u > SMALL_CDF[j]! ? 1 : 0;
        j += u > SMALL_CDF[j]! ? 1 : 0;
        while (u > SMALL_CDF[j]!) j++;
        const y = j - ((lam * TABLE) | 0);
        out[k] = y;
        n += y;
        sum += y * grid[k]!;
        continue;
      }
      const a = pa[k]!;
      const b = pb[k]!;
      const vr = pVr[k]!;
      let x: number;
      for (;;) {
        const u = buf[pos++]! - 0.5;
        const v = buf[pos++]!;
        const us = 0.5 - Math.abs(u);
        x = Math.floor(((2 * a) / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr) break;
        if (x < 0 || (us < 0.013 && v > us)) continue;
        const lhs = Math.log(v) + pInvAlpha[k]! - Math.log(a / (us * us) + b);
        const lnFact = x < logFact.length ? logFact[x]! : logGamma(x + 1);
        if (lhs <= -lam + x * pLogLam[k]! - lnFact) break;
      }
      out[k] = x;
      n += x;
      sum += x * grid[k]!;
    }
    random.pos = pos;
    totals[0] = n;
    totals[1] = sum;
  };
}

/** Maps each value of a sample to its index in `grid` (the sample's ascending distinct values). */
function gridIndexer(grid: Float64Array): (v: number) => number {
  const first = grid[0] ?? 0;
  const span = (grid[grid.length - 1] ?? 0) - first;
  if (span < 1 << 24 && grid.every(Number.isInteger)) {
    const table = new Int32Array(span + 1);
    grid.forEach((v, k) => (table[v - first] = k));
    return (v) => table[v - first]!;
  }
  return (v) => {
    let lo = 0;
    let hi = grid.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (grid[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Whole-session resampling. Each session's counts are precomputed once as a sparse list of
 * (grid index, count); a replicate adds up the lists of the sessions drawn, O(Σ Kₛ) ≤ O(S·K).
 */
function clusterResampler(x: Float64Array, sessions: Uint32Array, grid: Float64Array): Resampler {
  if (sessions.length !== x.length) throw new RangeError('bootstrap: sessions and samples differ in length');
  const indexOf = gridIndexer(grid);
  const dense = new Map<number, number>();
  const sessionOf = new Int32Array(x.length);
  let lastId = -1;
  let last = -1;
  for (let i = 0; i < x.length; i++) {
    const id = sessions[i]!;
    if (id !== lastId) {
      lastId = id;
      last = dense.get(id) ?? dense.size;
      dense.set(id, last);
    }
    sessionOf[i] = last;
  }
  // Counting sort of the samples' grid indices by session, then one dense scratch per session.
  const start = new Int32Array(dense.size + 1);
  for (let i = 0; i < x.length; i++) start[sessionOf[i]! + 1]!++;
  for (let s = 0; s < dense.size; s++) start[s + 1]! += start[s]!;
  const fill = start.slice(0, dense.size);
  const byS = new Int32Array(x.length);
  for (let i = 0; i < x.length; i++) byS[fill[sessionOf[i]!]!++] = indexOf(x[i]!);
  const scratch = new Float64Array(grid.length);
  const bins: Int32Array[] = [];
  const binCounts: Float64Array[] = [];
  for (let s = 0; s < dense.size; s++) {
    const touched: number[] = [];
    for (let i = start[s]!; i < start[s + 1]!; i++) {
      const k = byS[i]!;
      if (scratch[k]! === 0) touched.push(k);
      scratch[k]! += 1;
    }
    bins.push(Int32Array.from(touched));
    binCounts.push(Float64Array.from(touched, (k) => scratch[k]!));
    for (const k of touched) scratch[k] = 0;
  }
  const sizes = Float64Array.from(binCounts, (cs) => cs.reduce((t, c) => t + c, 0));
  const sums = Float64Array.from(bins, (ks, s) => ks.reduce((t, k, i) => t + binCounts[s]![i]! * grid[k]!, 0));
  const picks = new Float64Array(dense.size);
  const resample: Resampler = (random, out, totals) => {
    out.fill(0);
    picks.fill(0);
    totals.fill(0);
    for (let s = 0; s < picks.length; s++) picks[Math.floor(random.next() * picks.length)]! += 1;
    for (let s = 0; s < picks.length; s++) {
      const m = picks[s]!;
      if (m === 0) continue;
      totals[0]! += m * sizes[s]!;
      totals[1]! += m * sums[s]!;
      const ks = bins[s]!;
      const cs = binCounts[s]!;
      for (let i = 0; i < ks.length; i++) out[ks[i]!]! += m * cs[i]!;
    }
  };
  resample.sessions = dense.size;
  return resample;
}

/**
 * Median, p99 and mean of a resample, given its size n and sum, or null when it is empty.
 * The cumulative walk stops at p99's upper rank, so it rarely visits the sparse tail bins.
 */
function statsOfCounts(grid: Float64Array, counts: Float64Array, n: number, sum: number): [number, number, number] | null {
  if (n === 0) return null;
  const i5 = 1 + (n - 1) * 0.5;
  const i99 = 1 + (n - 1) * 0.99;
  const ranks = [Math.floor(i5), Math.ceil(i5), Math.floor(i99), Math.ceil(i99)];
  const found = [0, 0, 0, 0];
  let r = 0;
  let cum = 0;
  for (let k = 0; k < counts.length && r < 4; k++) {
    cum += counts[k]!;
    while (r < 4 && cum >= ranks[r]!) found[r++] = grid[k]!;
  }
  const at = (rank: number): number => found[ranks.indexOf(rank)]!;
  return [quantileType7(n, 0.5, at), quantileType7(n, 0.99, at), sum / n];
}

export interface BootstrapOptions {
  /** Number of replicates B (default 2000). */
  replicates?: number;
  /** Generator seed (default 1). */
  seed?: number;
  /** Two-sided CI level (default 0.95). */
  confidence?: number;
  /** Session index of each sample, one array per dataset: both given → the cluster bootstrap. */
  sessions?: { a: Uint32Array; b: Uint32Array };
}

/**
 * Bootstrap CIs. `a`/`b` are the value counts (`valueCountsOf`); for the cluster method the raw
 * samples (`raw.a`, `raw.b`) are needed as well, to pair each value with its session.
 */
export function bootstrapDifferences(
  a: ValueCounts,
  b: ValueCounts,
  options: BootstrapOptions = {},
  raw?: { a: Float64Array; b: Float64Array },
): BootstrapResult {
  const { replicates = 2000, seed = 1, confidence = 0.95, sessions } = options;
  if (!(Number.isInteger(replicates) && replicates >= 2)) throw new RangeError(`bootstrap: bad replicate count ${replicates}`);
  if (a.total === 0 || b.total === 0) throw new RangeError('bootstrap: empty sample');
  if (sessions && !raw) throw new RangeError('bootstrap: the cluster method needs the raw samples');
  const method: BootstrapMethod = sessions ? 'cluster' : 'poisson';
  const resampleA = sessions && raw ? clusterResampler(raw.a, sessions.a, a.values) : poissonResampler(a.counts, a.values);
  const resampleB = sessions && raw ? clusterResampler(raw.b, sessions.b, b.values) : poissonResampler(b.counts, b.values);
  const random = new UniformStream(seed);
  const outA = new Float64Array(a.values.length);
  const outB = new Float64Array(b.values.length);
  const totals = new Float64Array(2);
  const draw = (resample: Resampler, grid: Float64Array, out: Float64Array) => {
    for (;;) {
      resample(random, out, totals);
      const s = statsOfCounts(grid, out, totals[0]!, totals[1]!);
      if (s) return s;
    }
  };
  const diffs = BOOTSTRAP_STATISTICS.map(() => new Float64Array(replicates));
  const rels = BOOTSTRAP_STATISTICS.map(() => new Float64Array(replicates));
  for (let r = 0; r < replicates; r++) {
    const sa = draw(resampleA, a.values, outA);
    const sb = draw(resampleB, b.values, outB);
    for (let j = 0; j < sa.length; j++) {
      diffs[j]![r] = sa[j]! - sb[j]!;
      rels[j]![r] = sa[j]! / sb[j]! - 1;
    }
  }
  const lo = (1 - confidence) / 2;
  const interval = (xs: Float64Array): Interval => {
    const sorted = xs.sort();
    return { lower: quantileSorted(sorted, lo), upper: quantileSorted(sorted, 1 - lo) };
  };
  const pick = (arrays: Float64Array[]) =>
    Object.fromEntries(BOOTSTRAP_STATISTICS.map((s, j) => [s, interval(arrays[j]!)])) as Record<BootstrapStatistic, Interval>;
  const sessionCounts =
    resampleA.sessions !== undefined && resampleB.sessions !== undefined
      ? { a: resampleA.sessions, b: resampleB.sessions }
      : undefined;
  return {
    method,
    replicates,
    seed,
    confidence,
    ...(sessionCounts && { sessionCounts }),
    difference: pick(diffs),
    relative: pick(rels),
  };
}
