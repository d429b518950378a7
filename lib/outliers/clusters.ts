/**
 * Time windows where outliers bunch up.
 *
 * Rule (gap-based, on end times). An outlier is a wait with ela strictly above the threshold
 * (default: the dataset's p99.9, R type 7, only where the dataset has the 1,000 waits a p99.9 needs;
 * below that there is no default and no clusters, see defaultClusterThreshold). Within one time domain (wall-clock.ts: UTC, local, or
 * one process's raw tim; times of different domains are never compared), outliers are sorted by
 * the time their wait ended (the WAIT line's tim); two consecutive ones join the same window when
 * their end times are at most G µs apart. A window is reported when it has at least k outliers.
 *
 * Why end times: waits held up by one event (a log switch, a slow LGWR write) are released
 * together, when LGWR posts them, so their ends coincide while their starts differ by their
 * lengths. Each window also reports `start` = the earliest moment one of its waits began
 * (end − ela), so "what else happened" (co-occurrence.ts) covers the whole stall.
 *
 * Defaults: k = 3 (two outliers close together happen by chance often; three rarely). G is chosen
 * from the data: if the domain's m outliers were spread at random (Poisson) over the span T of
 * all its waits, a gap would be ≤ G with probability about 1 %: G = T / (100·m). A chance window
 * of 3 then needs two such gaps in a row, about 1 in 10,000 per outlier. G is kept within
 * [1 ms, 1 s]: below 1 ms the clocks of different files are not comparable (stamps up to 12.1
 * have ms resolution), and above 1 s a "window" stops being a moment.
 */
import { countAt, tryDenseCounts } from '../stats/counts';
import { minimumCountFor } from '../stats/minimum-counts';
import { quantileSorted, quantileType7 } from '../stats/quantile';

export const DEFAULT_MIN_COUNT = 3;
export const DEFAULT_CLUSTER_P = 0.999;
export const MIN_DEFAULT_GAP = 1_000;
export const MAX_DEFAULT_GAP = 1_000_000;

export interface ClusterOptions {
  /** µs; waits strictly above it are outliers. Default: the type-7 p99.9 of all waits, when there are enough. */
  threshold?: number;
  /** k: fewest outliers in a reported window. Default 3. */
  minCount?: number;
  /** G in µs: largest gap between consecutive end times inside a window. Default: see above, per domain. */
  gap?: number;
  /** What the values are, plural, for the note (lib/trace/measure.ts valuesNoun; default waits). */
  noun?: string;
}

export interface OutlierWindow {
  domain: number;
  /** µs on the domain's axis: earliest begin (end − ela) of a member wait. */
  start: number;
  /** µs: latest end of a member wait. */
  end: number;
  /** µs: the first member's end time (the joining rule works on end times). */
  firstEnd: number;
  count: number;
  /** Sample index of the longest member (the lowest index among equals). */
  worst: number;
  worstEla: number;
  /** G used for this domain, µs. */
  gap: number;
  /** Sample indices of the members, in end-time order. */
  members: Uint32Array;
}

export interface ClusterResult {
  /** Null when no threshold was given and the dataset is too small for the default p99.9: then no windows. */
  threshold: number | null;
  /** Why there is no threshold (noDefaultThresholdNote), else null. */
  thresholdNote: string | null;
  minCount: number;
  /** Outliers with a time (waits without tim cannot be placed); null without a threshold. */
  outliers: number | null;
  windows: OutlierWindow[];
}

/**
 * "Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 12)" when `count` waits are
 * too few for the default p99.9, else null. Below n·(1 − p) ≥ 1 (lib/stats/minimum-counts.ts) the
 * type-7 p99.9 interpolates between the two longest waits: the maximum in disguise, and a threshold
 * named p99.9 that is not one. The CLI adds how to give a threshold; the page has no way to.
 */
export function noDefaultThresholdNote(count: number, noun = 'waits'): string | null {
  const needed = minimumCountFor(DEFAULT_CLUSTER_P);
  if (count >= needed) return null;
  return `Clusters need a threshold: p99.9 needs ≥ ${needed.toLocaleString('en-US')} ${noun} (this dataset has ${count.toLocaleString('en-US')})`;
}

/** The default threshold, the type-7 p99.9, or null with the note when the sample is too small for it. */
export function defaultClusterThreshold(ela: Float64Array, noun = 'waits'): { threshold: number | null; note: string | null } {
  const note = noDefaultThresholdNote(ela.length, noun);
  return note === null ? { threshold: quantileOf(ela, DEFAULT_CLUSTER_P), note: null } : { threshold: null, note };
}

/** R type-7 quantile without sorting integer input (lib/stats/counts.ts). */
export function quantileOf(values: Float64Array, p: number): number {
  const h = tryDenseCounts(values);
  if (h) return quantileType7(values.length, p, (r) => countAt(h, r));
  return quantileSorted(values.slice().sort(), p);
}

/** G = clamp(T / (100·m), 1 ms, 1 s); exported so tests and the CLI can show it. */
export function defaultGap(spanMicros: number, outliers: number): number {
  if (!(outliers > 0) || !(spanMicros > 0)) return MIN_DEFAULT_GAP;
  return Math.min(MAX_DEFAULT_GAP, Math.max(MIN_DEFAULT_GAP, spanMicros / (100 * outliers)));
}

/**
 * Windows from every sample's ela, end time (µs) and domain (-1: no time). Pure and columnar,
 * so a worker can call it on the columns of DatasetClock.columns().
 */
export function detectClusters(ela: Float64Array, micros: Float64Array, domain: Int32Array, options: ClusterOptions = {}): ClusterResult {
  const n = ela.length;
  const minCount = options.minCount ?? DEFAULT_MIN_COUNT;
  if (!(minCount >= 1)) throw new RangeError(`clusters: minCount must be ≥ 1, got ${minCount}`);
  const { threshold, note } = options.threshold !== undefined ? { threshold: options.threshold, note: null } : defaultClusterThreshold(ela, options.noun);
  if (threshold === null) return { threshold: null, thresholdNote: note, minCount, outliers: null, windows: [] };
  // Per domain: the outliers and the span of all waits.
  const byDomain = new Map<number, { picked: number[]; lo: number; hi: number }>();
  for (let i = 0; i < n; i++) {
    const d = domain[i] as number;
    if (d < 0) continue;
    const t = micros[i] as number;
    let g = byDomain.get(d);
    if (!g) byDomain.set(d, (g = { picked: [], lo: t, hi: t }));
    if (t < g.lo) g.lo = t;
    if (t > g.hi) g.hi = t;
    if ((ela[i] as number) > threshold) g.picked.push(i);
  }
  const windows: OutlierWindow[] = [];
  let outliers = 0;
  for (const [d, g] of [...byDomain].sort((a, b) => a[0] - b[0])) {
    outliers += g.picked.length;
    const gap = options.gap ?? defaultGap(g.hi - g.lo, g.picked.length);
    const order = g.picked.sort((a, b) => (micros[a] as number) - (micros[b] as number) || a - b);
    let from = 0;
    for (let k = 1; k <= order.length; k++) {
      const joins = k < order.length && (micros[order[k] as number] as number) - (micros[order[k - 1] as number] as number) <= gap;
      if (joins) continue;
      if (k - from >= minCount) windows.push(makeWindow(order.slice(from, k), d, gap, ela, micros));
      from = k;
    }
  }
  return { threshold, thresholdNote: null, minCount, outliers, windows };
}

function makeWindow(members: number[], domain: number, gap: number, ela: Float64Array, micros: Float64Array): OutlierWindow {
  let start = Infinity;
  let worst = members[0] as number;
  for (const i of members) {
    const begin = (micros[i] as number) - (ela[i] as number);
    if (begin < start) start = begin;
    const e = ela[i] as number;
    const w = ela[worst] as number;
    if (e > w || (e === w && i < worst)) worst = i;
  }
  return {
    domain,
    start,
    end: micros[members[members.length - 1] as number] as number,
    firstEnd: micros[members[0] as number] as number,
    count: members.length,
    worst,
    worstEla: ela[worst] as number,
    gap,
    members: Uint32Array.from(members),
  };
}
