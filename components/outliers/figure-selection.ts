/**
 * A selection made on a figure, by dataset id. The figures report dataset indexes into the report
 * they drew; the report on screen can be older than the datasets list (a dataset cleared since),
 * so indexes are turned into ids at once, with the report that was clicked.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { RangeSelection } from '../charts/range-selection';

export interface FigureSelection {
  source: string;
  /** The whole range, for the title. µs, inclusive. */
  lo: number;
  hi: number;
  /** Each dataset's own range: the spectrum's percentiles are different waits in each dataset. */
  ranges: { datasetId: string; lo: number; hi: number }[];
}

export function selectionOf(r: RangeSelection, report: WaitscopeReport): FigureSelection {
  const id = (i: number) => report.datasets[i]?.id;
  let ranges: FigureSelection['ranges'];
  if (r.ranges && r.ranges.length > 0) ranges = r.ranges.flatMap((x) => (id(x.datasetIndex) ? [{ datasetId: id(x.datasetIndex)!, lo: x.lo, hi: x.hi }] : []));
  else if (r.datasetIndex !== null) ranges = id(r.datasetIndex) ? [{ datasetId: id(r.datasetIndex)!, lo: r.lo, hi: r.hi }] : [];
  else ranges = report.datasets.map((d) => ({ datasetId: d.id, lo: r.lo, hi: r.hi }));
  return { source: r.source, lo: r.lo, hi: r.hi, ranges };
}
