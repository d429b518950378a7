/**
 * The heat map of latency over time (issue 15 §3), in the worker: each dataset's waits placed on
 * its time axis and cut into cells of interval × log2 bucket, with p50/p99 per interval
 * (lib/outliers/dataset-over-time.ts). The page only draws what comes back.
 *
 * One interval for every dataset, so their figures compare: the one asked for, or the one chosen
 * from the longest span. Results are kept per dataset until its data changes: switching back to an
 * interval or origin already seen costs nothing.
 */
import { cutPlaced, placeWaits, type DatasetOverTime, type PlacedWaits } from '../outliers/dataset-over-time';
import type { TimeOrigin } from '../stats/latency-over-time';
import { chooseInterval } from '../stats/over-time-interval';
import type { Sample } from '../stats/sample';
import type { DatasetState } from './dataset-state';
import { listInputOf } from './outlier-requests';
import type { ReportDatasetSpec } from './protocol';

export interface DatasetHeatMap extends DatasetOverTime {
  datasetId: string;
  label: string;
}

export interface OverTimeQuestion {
  datasets: ReportDatasetSpec[];
  /** µs; null: chosen from the longest span. */
  intervalMicros: number | null;
  origin: TimeOrigin;
}

export interface OverTimeAnswer {
  results: DatasetHeatMap[];
  intervalMicros: number;
  /** ms the worker spent on this answer (placing the waits and cutting them). */
  computeMs: number;
}

interface Kept {
  sample: Sample;
  placed: PlacedWaits;
  cuts: Map<string, DatasetOverTime>;
}

const MAX_CUTS_KEPT = 8;

export class OverTimeCache {
  private readonly kept = new WeakMap<DatasetState, Kept>();

  private entry(d: DatasetState): Kept | null {
    const k = this.kept.get(d);
    if (k && k.sample === d.sample()) return k;
    const input = listInputOf(d);
    if (!input || input.samples.count === 0) return null;
    const fresh = { sample: d.sample(), placed: placeWaits(input), cuts: new Map<string, DatasetOverTime>() };
    this.kept.set(d, fresh);
    return fresh;
  }

  answer(question: OverTimeQuestion, datasetOf: (id: string) => DatasetState, now: () => number = () => performance.now()): OverTimeAnswer {
    const started = now();
    const entries = question.datasets.flatMap((spec) => {
      const k = this.entry(datasetOf(spec.datasetId));
      return k ? [{ spec, k }] : [];
    });
    const interval = question.intervalMicros ?? chooseInterval(Math.max(0, ...entries.map((e) => e.k.placed.span)));
    const results = entries.map(({ spec, k }) => {
      const key = `${interval}|${question.origin}`;
      let cut = k.cuts.get(key);
      if (!cut) {
        cut = cutPlaced(k.placed, { intervalMicros: interval, origin: question.origin });
        if (k.cuts.size >= MAX_CUTS_KEPT) k.cuts.clear();
        k.cuts.set(key, cut);
      }
      return { ...cut, datasetId: spec.datasetId, label: spec.label };
    });
    return { results, intervalMicros: interval, computeMs: now() - started };
  }
}
