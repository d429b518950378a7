/**
 * Fixed-edge histograms of waits in µs (stats.md §4, "Recommendation"):
 * - log-spaced bins, edges 10^(i/m) for m bins per decade, scaled as density per decade so they
 *   overlay the KDE of log10(ela) (kde.ts);
 * - linear bins of a set width over [from, to), e.g. for the top-10k plot (Fig 15.16).
 *
 * Every bin is half-open, [lo, hi): a value equal to an edge goes to the bin it starts. That is
 * Observable Plot's and numpy's convention (except numpy's closed last bin), and the opposite of
 * R `hist()`'s right-closed (a, b]. Edges are compared exactly in µs, never rounded indices:
 * a value lands in bin i iff lo ≤ v < hi with lo and hi exactly the doubles reported.
 */
import { countsOf, type Counts } from './counts';

export interface LogBin {
  /** Inclusive lower edge, µs: 10^(i/m). */
  lo: number;
  /** Exclusive upper edge, µs: 10^((i+1)/m). */
  hi: number;
  count: number;
  /** count / (n · Δlog10) with Δlog10 = 1/m: integrates to 1 over log10(µs), like the KDE. */
  densityPerDecade: number;
  /** 100 · count / n. */
  percent: number;
}

export interface LogBins {
  perDecade: number;
  /** First to last non-empty bin, empty bins in between kept; [] when no value is > 0. */
  bins: LogBin[];
  /** n: the number of positive values, the base of densityPerDecade and percent. */
  positive: number;
  /** Waits ≤ 0 µs (ela=0 does occur): they have no place on a log axis and are only counted. */
  nonPositive: number;
}

export const DEFAULT_BINS_PER_DECADE = 20;

const logEdge = (i: number, m: number): number => 10 ** (i / m);

/**
 * Log-spaced histogram with `perDecade` bins per decade (default 20; stats.md §4 suggests
 * 20–50). Binned per distinct value (counts.ts), so 4 M waits cost a few thousand log10 calls. Throws a RangeError on NaN, +∞ or a bad perDecade.
 */
export function binLog10(values: Float64Array, options: { perDecade?: number } = {}): LogBins {
  return binLog10OfCounts(countsOf(values), options);
}

/** `binLog10` of a sample's counts. */
export function binLog10OfCounts(c: Counts, options: { perDecade?: number } = {}): LogBins {
  const m = options.perDecade ?? DEFAULT_BINS_PER_DECADE;
  if (!(Number.isInteger(m) && m >= 1 && m <= 1000)) {
    throw new RangeError(`log bins: perDecade must be an integer in 1..1000, got ${m}`);
  }
  const runs = (visit: (value: number, count: number) => void): void => {
    for (let k = 0; k < c.values.length; k++) visit(c.values[k]!, c.counts[k]!);
  };
  let min = Infinity;
  let max = 0;
  let positive = 0;
  runs((v, c) => {
    if (v > 0) {
      positive += c;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  });
  const nonPositive = c.total - positive;
  if (positive === 0) return { perDecade: m, bins: [], positive, nonPositive };
  if (max === Infinity) throw new RangeError('log bins: infinite value');

  // Bin i = [10^(i/m), 10^((i+1)/m)), i from base to base + edges.length − 2: the log10 guess is
  // off by at most one near an edge, so one spare bin each side, then exact edge comparisons.
  const base = Math.floor(m * Math.log10(min)) - 1;
  const top = Math.floor(m * Math.log10(max)) + 1;
  const edges = new Float64Array(top - base + 2);
  for (let i = 0; i < edges.length; i++) edges[i] = logEdge(base + i, m);
  const counts = new Float64Array(edges.length - 1);
  runs((v, c) => {
    if (!(v > 0)) return;
    let j = Math.floor(m * Math.log10(v)) - base;
    if (v < edges[j]!) j--;
    else if (v >= edges[j + 1]!) j++;
    counts[j] = counts[j]! + c;
  });
  let first = 0;
  while (counts[first] === 0) first++;
  let last = counts.length - 1;
  while (counts[last] === 0) last--;
  const bins: LogBin[] = [];
  for (let j = first; j <= last; j++) {
    const count = counts[j]!;
    bins.push({
      lo: edges[j]!,
      hi: edges[j + 1]!,
      count,
      densityPerDecade: (count * m) / positive,
      percent: (100 * count) / positive,
    });
  }
  return { perDecade: m, bins, positive, nonPositive };
}

export interface LinearBin {
  /** Inclusive lower edge: from + i·width. */
  lo: number;
  /** Exclusive upper edge: from + (i+1)·width, except the last bin, which stops at `to`. */
  hi: number;
  count: number;
}

export interface LinearBins {
  /** Every bin of [from, to), empty ones included. */
  bins: LinearBin[];
  /** Values < from. */
  underflow: number;
  /** Values ≥ to. */
  overflow: number;
}

/** Guard against a width that would allocate millions of bins by mistake. */
export const MAX_LINEAR_BINS = 1_000_000;

/**
 * Linear histogram of bins [from + i·width, from + (i+1)·width) covering [from, to); when the
 * width does not divide the range, the last bin is narrower and ends at `to`. Edges are computed
 * as from + i·width (not by repeated addition, which drifts). One pass, no copy.
 */
export function binLinear(
  values: Float64Array,
  options: { width: number; from: number; to: number },
): LinearBins {
  const { width, from, to } = options;
  if (!(Number.isFinite(from) && Number.isFinite(to) && from < to)) {
    throw new RangeError(`linear bins: need finite from < to, got [${from}, ${to})`);
  }
  if (!(width > 0 && Number.isFinite(width))) {
    throw new RangeError(`linear bins: width must be positive and finite, got ${width}`);
  }
  let k = Math.ceil((to - from) / width);
  if (k > MAX_LINEAR_BINS) throw new RangeError(`linear bins: ${k} bins exceed ${MAX_LINEAR_BINS}`);
  // (to − from)/width can round up past an integer (0.9/0.03 = 30.000000000000004 → 31 bins),
  // which would leave a sliver [0.8999999999999999, 0.9); a last bin under 1e-9 of a width is
  // merged into the one before.
  while (k > 1 && to - (from + (k - 1) * width) <= width * 1e-9) k--;
  const edges = new Float64Array(k + 1);
  for (let i = 0; i < k; i++) edges[i] = from + i * width;
  edges[k] = to;
  const counts = new Float64Array(k);
  let underflow = 0;
  let overflow = 0;
  for (let j = 0; j < values.length; j++) {
    const v = values[j]!;
    if (v < from) underflow++;
    else if (v >= to) overflow++;
    else if (v === v) {
      let i = Math.min(k - 1, Math.floor((v - from) / width));
      if (v < edges[i]!) i--;
      else if (v >= edges[i + 1]!) i++;
      counts[i] = counts[i]! + 1;
    } else {
      throw new RangeError(`linear bins: NaN at index ${j}`);
    }
  }
  const bins: LinearBin[] = [];
  for (let i = 0; i < k; i++) bins.push({ lo: edges[i]!, hi: edges[i + 1]!, count: counts[i]! });
  return { bins, underflow, overflow };
}
