/**
 * From a picked bar or a brushed stretch of a figure to the waits it stands for (range-selection.ts
 * says what a selection is). Pure, so the mapping is tested without a browser: the components only
 * turn pixels into data coordinates and call these.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { BucketMode } from './all-waits-option';
import { halfOpenRange, type RangeSelection } from './range-selection';
import type { TopWaitsView } from './top-waits-option';

/**
 * Bin `binIndex` of histogramBins(dataset, mode) as the values it counts. These are the report's
 * buckets, not the drawn geometry: the log2 "< 1 µs" bucket is drawn from 0.5 µs but holds
 * [0, 1), and the open top bucket "≥ 2^32 µs" holds everything from 2^32 up (hi = Infinity).
 * Every dataset has the same buckets, and the tooltip of a bucket counts every dataset's waits in
 * it: `ranges` selects the bucket in each of them, datasetIndex/lo/hi name the bar clicked.
 */
export function allWaitsSelection(report: WaitscopeReport, mode: BucketMode, datasetIndex: number, binIndex: number): RangeSelection | null {
  const range = allWaitsRange(report, mode, datasetIndex, binIndex);
  if (!range) return null;
  const ranges = report.datasets.map((_, i) => ({ datasetIndex: i, ...range }));
  return { datasetIndex, ...range, source: mode === 'log10' ? 'all-waits/log10' : 'all-waits/log2', ranges };
}

function allWaitsRange(report: WaitscopeReport, mode: BucketMode, datasetIndex: number, binIndex: number): { lo: number; hi: number } | null {
  const d = report.datasets[datasetIndex]?.distributions;
  if (!d) return null;
  if (mode === 'log10') {
    const bin = d.log10Bins.bins[binIndex];
    return bin ? halfOpenRange(bin.lo, bin.hi) : null;
  }
  const bucket = d.log2Micros[binIndex];
  if (!bucket) return null;
  return bucket.upperBound === null ? { lo: bucket.lowerBound, hi: Infinity } : halfOpenRange(bucket.lowerBound, bucket.upperBound);
}

/**
 * Bar `binIndex` of dataset `datasetIndex` in Figure 15.16, as values: [edges[i], edges[i+1]),
 * the last bin closed (it holds the maximum). The bar counts only the dataset's top-N waits, so
 * lo is raised to the smallest of them: the lowest bar must not select the many waits below the
 * top N that share its range (waits equal to that smallest one, ties at the cut, are selected).
 * The bins are shared and the tooltip counts every dataset's bar: `ranges` holds each dataset's
 * own range for the bin (lo raised to its own smallest top wait), datasetIndex/lo/hi the bar clicked.
 */
export function topWaitsSelection(view: TopWaitsView, datasetIndex: number, binIndex: number): RangeSelection | null {
  const own = topWaitsRange(view, datasetIndex, binIndex);
  if (!own) return null;
  const ranges = view.tops.flatMap((_, i) => {
    const range = topWaitsRange(view, i, binIndex);
    // A dataset whose top N all lie above this bar has no waits in it (lo past hi): nothing to list.
    return range && range.lo <= range.hi ? [{ datasetIndex: i, ...range }] : [];
  });
  return { datasetIndex, ...own, source: 'top-waits', ranges };
}

function topWaitsRange(view: TopWaitsView, datasetIndex: number, binIndex: number): { lo: number; hi: number } | null {
  const { edges } = view.bins;
  const top = view.tops[datasetIndex];
  if (!top || top.length === 0 || !(binIndex >= 0 && binIndex < edges.length - 1)) return null;
  const last = binIndex === edges.length - 2;
  const range = last ? { lo: edges[binIndex]!, hi: edges[binIndex + 1]! } : halfOpenRange(edges[binIndex]!, edges[binIndex + 1]!);
  const smallest = top[top.length - 1]!;
  return { lo: Math.max(range.lo, smallest), hi: range.hi };
}

/** 1/(1−p) → p, the spectrum's x axis back to a percentile (x below 1 is p = 0). */
export function percentileOf(inverseTail: number): number {
  return inverseTail <= 1 ? 0 : 1 - 1 / inverseTail;
}

/**
 * A brushed stretch [x0, x1] of the spectrum's x axis (1/(1−p)) as wait values. Each shown
 * dataset's range runs from its spectrum point at or left of x0 to its point at or right of x1,
 * rounded OUTWARD to the report's points (quantiles between them are not in the report): every
 * wait whose percentile lies in the stretch is selected, and a few neighbours with it. Past the
 * last point (p = 1 − 1/n) the range runs to the dataset's maximum.
 *
 * With one dataset shown, datasetIndex is that dataset; with several it is null and lo/hi is the
 * union of their ranges, each dataset's own range being in `ranges`.
 */
export function spectrumSelection(report: WaitscopeReport, x0: number, x1: number, visible: readonly boolean[] = []): RangeSelection | null {
  const from = Math.min(x0, x1);
  const to = Math.max(x0, x1);
  if (!(Number.isFinite(from) && Number.isFinite(to))) return null;
  const ranges: { datasetIndex: number; lo: number; hi: number }[] = [];
  report.datasets.forEach((dataset, datasetIndex) => {
    if (visible[datasetIndex] === false) return;
    const points = dataset.distributions.spectrum;
    if (points.length === 0) return;
    let lo = points[0]!.value;
    for (const point of points) if (point.inverseTail <= from) lo = point.value;
    const right = points.find((point) => point.inverseTail >= to);
    const hi = right ? right.value : (dataset.summary.max ?? points[points.length - 1]!.value);
    ranges.push({ datasetIndex, lo, hi: Math.max(lo, hi) });
  });
  if (ranges.length === 0) return null;
  const percentiles = { lo: percentileOf(from), hi: percentileOf(to) };
  if (ranges.length === 1) return { ...ranges[0]!, source: 'spectrum', ranges, percentiles };
  return {
    datasetIndex: null,
    lo: Math.min(...ranges.map((r) => r.lo)),
    hi: Math.max(...ranges.map((r) => r.hi)),
    source: 'spectrum',
    ranges,
    percentiles,
  };
}

/** One bucket of Figure 15.15 as the keyboard list offers it: the dataset and bin that select it, its range, each dataset's waits in it. */
export interface BucketChoice {
  datasetIndex: number;
  binIndex: number;
  /** [lo, hi) in µs; hi = Infinity for Oracle's open top bucket. */
  lo: number;
  hi: number;
  /** Waits of each dataset (report order) in the bucket. */
  counts: number[];
}

/**
 * The buckets of histogramBins(…, mode) that hold a wait in some dataset, ascending: what a click
 * on Figure 15.15 can select, for a keyboard (components/keys/BucketPicker.tsx). Each dataset's
 * log10 bins start at its own smallest wait, so a bin index differs between datasets; the edges
 * 10^(i/m) are the same numbers in each, so buckets are matched by their lower edge.
 */
export function allWaitsBuckets(report: WaitscopeReport, mode: BucketMode): BucketChoice[] {
  const byLo = new Map<number, BucketChoice>();
  report.datasets.forEach((dataset, datasetIndex) => {
    const d = dataset.distributions;
    const bins = mode === 'log10' ? d.log10Bins.bins.map((b) => ({ lo: b.lo, hi: b.hi, count: b.count })) : d.log2Micros.map((b) => ({ lo: b.lowerBound, hi: b.upperBound ?? Infinity, count: b.count }));
    bins.forEach((bin, binIndex) => {
      if (bin.count === 0) return;
      let choice = byLo.get(bin.lo);
      if (!choice) {
        choice = { datasetIndex, binIndex, lo: bin.lo, hi: bin.hi, counts: report.datasets.map(() => 0) };
        byLo.set(bin.lo, choice);
      }
      choice.counts[datasetIndex]! += bin.count;
    });
  });
  return [...byLo.values()].sort((a, b) => a.lo - b.lo);
}
