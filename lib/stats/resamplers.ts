/**
 * The two resampling schemes of the bootstrap (see bootstrap.ts): Poisson counts per distinct
 * value, and whole sessions. Each fills `out` with resampled counts on a shared value grid.
 */
import { logGamma } from './distributions';
import { quantileType7 } from './quantile';
import type { Counts } from './counts';
import type { UniformStream } from './uniform-stream';

/**
 * Fills `out` with one resample's counts on the sample's own value grid, and `totals` with the
 * resample's size and sum (accumulated on the way: a second pass over K bins costs ~15 %).
 */
export type Resampler = ((random: UniformStream, out: Float64Array, totals: Float64Array) => void) & {
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
export function poissonResampler(counts: Float64Array, grid: Float64Array): Resampler {
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

/** Where each of a session's values sits in `grid` (both ascending; the session's values are a subset). */
function gridPositions(session: Counts, grid: Float64Array): Int32Array {
  const at = new Int32Array(session.values.length);
  let k = 0;
  for (let i = 0; i < at.length; i++) {
    const v = session.values[i]!;
    while (grid[k]! < v) k++;
    if (grid[k] !== v) throw new RangeError(`bootstrap: session value ${v} is not on the sample's grid`);
    at[i] = k;
  }
  return at;
}

/** Σ value × count of one session's counts: exact for integer µs (every partial sum is below 2^53). */
function sumOf(c: Counts): number {
  let sum = 0;
  for (let k = 0; k < c.values.length; k++) sum += c.counts[k]! * c.values[k]!;
  return sum;
}

/**
 * Whole-session resampling. Each session's counts are a sparse list of (grid index, count); a
 * replicate adds up the lists of the sessions drawn, O(Σ Kₛ) ≤ O(S·K).
 */
export function clusterResampler(sessions: readonly Counts[], grid: Float64Array): Resampler {
  const bins = sessions.map((c) => gridPositions(c, grid));
  const binCounts = sessions.map((c) => c.counts);
  const sizes = Float64Array.from(sessions, (c) => c.total);
  const sums = Float64Array.from(sessions, sumOf);
  const picks = new Float64Array(sessions.length);
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
  resample.sessions = sessions.length;
  return resample;
}

/** Above this many (session × distinct value) cells the per-session cumulative table is not built. */
const MAX_CUMULATIVE_CELLS = 32_000_000;

export type ClusterStats = ((random: UniformStream) => [number, number, number]) & { sessions: number };

/**
 * The cluster bootstrap's statistics straight from per-session cumulative counts, without
 * building each replicate's histogram: a replicate's cumulative count at grid index k is
 * Σ m_s·C_s[k] (m_s = times session s was drawn), so each type-7 order statistic is a binary
 * search costing O(S log K) instead of O(K). It draws the same numbers as `clusterResampler` and
 * gives the same statistics exactly (counts and, for integer waits, sums are exact integers).
 * Returns null when the table would exceed MAX_CUMULATIVE_CELLS.
 */
export function clusterStats(sessions: readonly Counts[], grid: Float64Array): ClusterStats | null {
  const S = sessions.length;
  const K = grid.length;
  if (S * K > MAX_CUMULATIVE_CELLS) return null;
  const cumulative = new Float64Array(S * K);
  const sizes = Float64Array.from(sessions, (c) => c.total);
  const sums = Float64Array.from(sessions, sumOf);
  sessions.forEach((c, s) => {
    const at = gridPositions(c, grid);
    for (let i = 0; i < at.length; i++) cumulative[s * K + at[i]!] = c.counts[i]!;
  });
  for (let s = 0; s < S; s++) {
    const row = s * K;
    for (let k = 1; k < K; k++) cumulative[row + k]! += cumulative[row + k - 1]!;
  }
  const picks = new Float64Array(S);
  const drawn: number[] = [];
  /** Smallest grid index whose replicate cumulative count reaches `rank`. */
  const search = (rank: number): number => {
    let lo = 0;
    let hi = K - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let cum = 0;
      for (const s of drawn) cum += picks[s]! * cumulative[s * K + mid]!;
      if (cum >= rank) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const stats = ((random: UniformStream): [number, number, number] => {
    picks.fill(0);
    for (let s = 0; s < S; s++) picks[Math.floor(random.next() * S)]! += 1;
    drawn.length = 0;
    let n = 0;
    let sum = 0;
    for (let s = 0; s < S; s++) {
      const m = picks[s]!;
      if (m === 0) continue;
      drawn.push(s);
      n += m * sizes[s]!;
      sum += m * sums[s]!;
    }
    const at = (rank: number): number => grid[search(rank)]!;
    return [quantileType7(n, 0.5, at), quantileType7(n, 0.99, at), sum / n];
  }) as ClusterStats;
  stats.sessions = S;
  return stats;
}
