/**
 * The echarts option of Figure 15.15: every dataset's waits on a log time axis, as the KDE of
 * log10(ela) (a line) over the histogram (a lighter step area), both in % of waits per bin.
 *
 * The report's KDE is a density per decade of log10(µs). The line is the share of the waits that
 * density puts within one bin's width Δ around each point (kdeWindowShare), Δ = 1/perDecade for
 * the log10 bins and log10(2) for Oracle's log2 buckets: the histogram's own scale, never above
 * 100 %. (Density × Δ is that only where the density is flat across a bin: on SQL*Net waits, a
 * spike at 1–2 µs narrower than a bin, it drew a 290 % peak over bars of at most 100 %.)
 * Datasets of fewer than KDE_MIN_WAITS waits get no line; allWaitsNoKde says which, for the caption.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { valuesNoun, valueTimeName } from '@/lib/trace/measure';
import { KDE_MIN_WAITS, kdeWindowShare } from '@/lib/stats/kde';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import { formatTimeTick, timeAxisName } from './axis-format';
import { datasetNames } from './dataset-names';
import type { EChartsCoreOption } from './echarts-setup';
import { datasetColor, datasetFill, INK } from './palette';
import { stepOutline, type StepBin } from './step-outline';
import { tooltipRow } from './tooltip';

export type BucketMode = 'log10' | 'log2';

type Dataset = WaitscopeReport['datasets'][number];

/** The histogram of one dataset in the chosen buckets, y in % of its waits. */
export function histogramBins(dataset: Dataset, mode: BucketMode): StepBin[] {
  const d = dataset.distributions;
  if (mode === 'log10') return d.log10Bins.bins.map((b) => ({ lo: b.lo, hi: b.hi, y: b.percent }));
  const total = d.log2Micros.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return [];
  return d.log2Micros.map((b) => {
    // The open top bucket (≥ 2^32 µs) ends at the largest wait; one octave if the max is unknown.
    const max = dataset.summary.max ?? 0;
    const upper = b.upperBound ?? (max > b.lowerBound ? max : b.lowerBound * 2);
    // "< 1 µs" starts at 0, which a log axis cannot show: draw it one octave wide like the others.
    const lower = b.lowerBound > 0 ? b.lowerBound : upper / 2;
    return { lo: lower, hi: upper, y: (100 * b.count) / total };
  });
}

/** Width in decades of one bin of the mode, the factor from density per decade to % per bin. */
export function decadesPerBin(report: WaitscopeReport, mode: BucketMode): number {
  if (mode === 'log2') return Math.log10(2);
  return 1 / (report.datasets[0]?.distributions.log10Bins.perDecade ?? 20);
}

/**
 * Bins below this % of a dataset's waits do not set the axis range. The pinned 1 µs wait and the
 * far tail would otherwise stretch the axis over six decades and squeeze the bell, whose shape
 * (the flash-on hump) is what the figure is for; they are invisible at this y scale anyway, and
 * the subtitle says how many waits fall outside.
 */
export const RANGE_MIN_PERCENT = 0.02;

export interface AllWaitsView {
  bins: StepBin[][];
  /** Whole decades (µs) around every bin of at least RANGE_MIN_PERCENT, or null without data. */
  range: { min: number; max: number } | null;
  /** Per dataset, the % of its waits in bins outside `range`. */
  outsidePercent: number[];
}

export function allWaitsView(report: WaitscopeReport, mode: BucketMode): AllWaitsView {
  const bins = report.datasets.map((d) => histogramBins(d, mode));
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bins.flat()) {
    if (b.y >= RANGE_MIN_PERCENT && b.lo < lo) lo = b.lo;
    if (b.y >= RANGE_MIN_PERCENT && b.hi > hi) hi = b.hi;
  }
  if (!(lo > 0 && hi > lo)) return { bins, range: null, outsidePercent: bins.map(() => 0) };
  const range = { min: 10 ** Math.floor(Math.log10(lo) + 1e-9), max: 10 ** Math.ceil(Math.log10(hi) - 1e-9) };
  const outsidePercent = bins.map((own) =>
    own.reduce((sum, b) => (b.hi <= range.min || b.lo >= range.max ? sum + b.y : sum), 0),
  );
  return { bins, range, outsidePercent };
}

/** Whether the figure draws the dataset's KDE: it has one, of at least KDE_MIN_WAITS waits. */
function drawsKde(dataset: Dataset): boolean {
  const kde = dataset.distributions.kde;
  return kde !== null && kde.n >= KDE_MIN_WAITS;
}

/** Indexes of the datasets that have waits but too few for a KDE line (the caption says why). */
export function allWaitsNoKde(report: WaitscopeReport): number[] {
  return report.datasets.flatMap((d, i) => (d.summary.count > 0 && !drawsKde(d) ? [i] : []));
}

export function allWaitsOption(report: WaitscopeReport, unit: DisplayUnit, mode: BucketMode, view: AllWaitsView): EChartsCoreOption {
  const names = datasetNames(report);
  const { bins, range } = view;
  const width = decadesPerBin(report, mode);
  const series = report.datasets.flatMap((dataset, i) => {
    const kde = drawsKde(dataset) ? dataset.distributions.kde : null;
    const common = { name: names[i], type: 'line', showSymbol: false, color: datasetColor(i), animation: false };
    const line = kde && kdeWindowShare(kde, width);
    return [
      // The KDE first: the legend takes its swatch from the first series of a name.
      ...(line ? [{ ...common, id: `kde-${i}`, z: 3, lineStyle: { width: 2.5 }, data: Array.from(line.x, (x, j) => [x, 100 * line.y[j]!]) }] : []),
      {
        ...common,
        id: `histogram-${i}`,
        z: 2,
        // Outline and a faint fill: overlapping fills of two colours would mix into grey.
        lineStyle: { width: 1, color: datasetFill(i, 0.6) },
        areaStyle: { color: datasetFill(i, 0.07) },
        data: stepOutline(bins[i]!),
      },
    ];
  });
  return {
    color: report.datasets.map((_, i) => datasetColor(i)),
    textStyle: { fontFamily: 'system-ui, sans-serif', color: INK.text },
    legend: { top: 0, data: names, icon: 'roundRect' },
    grid: { top: 40, left: 64, right: 40, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: (params: { axisValue?: number }[]) => tooltipAt(Number(params[0]?.axisValue), report, names, bins, unit),
    },
    xAxis: {
      type: 'log',
      logBase: 10,
      ...(range ?? {}),
      name: timeAxisName(unit, 'log', valueTimeName(report.measure)),
      nameLocation: 'middle',
      nameGap: 32,
      axisLabel: { formatter: (v: number) => formatTimeTick(v, unit), color: INK.muted },
      splitLine: { show: true, lineStyle: { color: INK.grid } },
      minorTick: { show: true, splitNumber: 10 },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: mode === 'log2' ? `% of ${valuesNoun(report.measure)} per log2 bucket` : `% of ${valuesNoun(report.measure)} per bin (1/${Math.round(1 / decadesPerBin(report, mode))} decade)`,
      nameLocation: 'middle',
      nameGap: 44,
      axisLabel: { formatter: (v: number) => `${v}%`, color: INK.muted },
      splitLine: { lineStyle: { color: INK.grid } },
    },
    series,
  };
}

/** The bin under the pointer, per dataset: its range and share of the waits. */
function tooltipAt(x: number, report: WaitscopeReport, names: string[], bins: StepBin[][], unit: DisplayUnit): string {
  if (!Number.isFinite(x)) return '';
  const rows = report.datasets.map((dataset, i) => {
    const bin = bins[i]!.find((b) => b.lo <= x && x < b.hi);
    const where = bin ? `${formatTime(bin.lo, unit)}–${formatTime(bin.hi, unit, { withUnit: true })}: ${bin.y.toFixed(2)}%` : `no ${valuesNoun(report.measure)} here`;
    return tooltipRow(i, names[i]!, `${where} of ${formatCount(dataset.summary.count)} ${valuesNoun(report.measure)}`);
  });
  return [`${formatTime(x, unit, { withUnit: true })}`, ...rows].join('<br/>');
}
