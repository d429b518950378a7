/**
 * A selection made on a figure, by dataset id. The figures report dataset indexes into the report
 * they drew; the report on screen can be older than the datasets list (a dataset cleared since),
 * so indexes are turned into ids at once, with the report that was clicked.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatMicrosIso } from '@/lib/outliers/stamps';
import type { RangeSelection } from '../charts/range-selection';
import { timelineAxisName } from '../charts/timeline-option';

export interface FigureSelection {
  /** The figure's id for the selection ('all-waits/log10', 'top-waits', …): never shown. */
  source: string;
  /** Where it was made, in words for the list's title ("a bucket of the distribution of all waits"). */
  where: string;
  /** The whole range, for the title. µs, inclusive. */
  lo: number;
  hi: number;
  /** Each dataset's own range: a bucket or bar selects it in every dataset, the spectrum's percentiles are different waits in each. */
  ranges: { datasetId: string; lo: number; hi: number }[];
}

export function selectionOf(r: RangeSelection, report: WaitscopeReport): FigureSelection {
  const id = (i: number) => report.datasets[i]?.id;
  let ranges: FigureSelection['ranges'];
  if (r.ranges && r.ranges.length > 0) ranges = r.ranges.flatMap((x) => (id(x.datasetIndex) ? [{ datasetId: id(x.datasetIndex)!, lo: x.lo, hi: x.hi }] : []));
  else if (r.datasetIndex !== null) ranges = id(r.datasetIndex) ? [{ datasetId: id(r.datasetIndex)!, lo: r.lo, hi: r.hi }] : [];
  else ranges = report.datasets.map((d) => ({ datasetId: d.id, lo: r.lo, hi: r.hi }));
  return { source: r.source, where: whereOf(r, report), lo: r.lo, hi: r.hi, ranges };
}

/** A percentile as people write it: 0.999 → "99.9%". */
function percent(p: number): string {
  return `${Number((p * 100).toFixed(4))}%`;
}

/** The figure and the part of it a selection was made on, in words. */
export function whereOf(r: Pick<RangeSelection, 'source' | 'percentiles'>, report: WaitscopeReport): string {
  switch (r.source) {
    case 'all-waits/log10':
      return `a bucket of the distribution of all waits (${report.datasets[0]?.distributions.log10Bins.perDecade ?? 20} log-spaced bins per decade)`;
    case 'all-waits/log2':
      return "an Oracle log2 bucket (V$EVENT_HISTOGRAM_MICRO) of the distribution of all waits";
    case 'top-waits':
      return "a bar of the distribution of the top waits (each dataset's top waits in it)";
    case 'spectrum':
      return r.percentiles
        ? `percentiles ${percent(r.percentiles.lo)} to ${percent(r.percentiles.hi)} of the percentile spectrum (each dataset's own waits there)`
        : 'a stretch of the percentile spectrum';
    default:
      return 'a figure';
  }
}

/**
 * The title of a window brushed on a time axis (the timeline, the heat map), in the axis's own
 * convention (both are drawn as UTC): for a 'utc' axis, UTC written with +00:00; for a 'local' axis,
 * the trace's wall time as written in its *** stamps, with no offset and the axis's words "local to
 * the trace, zone unknown". Never a converted `…Z` time: for a local axis that would claim a zone
 * the trace never gave.
 */
export function windowHeading(t0: number, t1: number, kind: 'utc' | 'local', figure: string): string {
  const at = (ms: number) => formatMicrosIso(Math.round(ms * 1000), kind === 'utc' ? 0 : null);
  return `Waits from ${at(t0)} to ${at(t1)}, ${timelineAxisName(kind)}, brushed on ${figure}`;
}
