/**
 * Each dataset's outlier pass (lists, clusters, timeline) and what co-occurred in its clusters, kept
 * until its data changes. The outlier panel asks for them first; a share asks again for the same and
 * gets the kept ones, instead of a second pass over millions of waits and over the files.
 */
import type { WindowActivity } from '../outliers/co-occurrence';
import type { OutlierWindow } from '../outliers/clusters';
import type { Sample } from '../stats/sample';
import type { DatasetState } from './dataset-state';
import { coOccurrenceOf, outliersOf, type DatasetOutliers } from './outlier-requests';

interface Kept {
  /** The dataset's Sample when this was computed (DatasetState.sample keeps the same object until its inputs change). */
  sample: Sample;
  /** top and thresholds of the pass. */
  key: string;
  outliers: DatasetOutliers | null;
  /** Co-occurrence by the windows it was asked for (the pass's own windows, as the page sends them back), by their domain, span and size. */
  activity: Map<string, Promise<WindowActivity[]>>;
}

export class OutlierCache {
  private readonly kept = new WeakMap<DatasetState, Kept>();

  private entry(d: DatasetState): Kept | null {
    const k = this.kept.get(d);
    return k && k.sample === d.sample() ? k : null;
  }

  /** outliersOf, or the pass already made on the same data; the label is the one asked with now. */
  outliers(d: DatasetState, label: string, options: { top: number; thresholds: number[] }): DatasetOutliers | null {
    const key = JSON.stringify([options.top, options.thresholds]);
    let k = this.entry(d);
    if (!k || k.key !== key) {
      k = { sample: d.sample(), key, outliers: outliersOf(d, label, options), activity: new Map() };
      this.kept.set(d, k);
    }
    return k.outliers && { ...k.outliers, label };
  }

  /** coOccurrenceOf, or the pass already made over the same files for the same windows. */
  coOccurrence(d: DatasetState, windows: OutlierWindow[]): Promise<WindowActivity[]> {
    const k = this.entry(d);
    if (!k) return coOccurrenceOf(d, windows);
    const key = windows.map((w) => `${w.domain}:${w.start}:${w.end}:${w.count}`).join('|');
    let activity = k.activity.get(key);
    if (!activity) {
      activity = coOccurrenceOf(d, windows);
      k.activity.set(key, activity);
      activity.catch(() => k.activity.delete(key)); // a failed pass (a file gone) is tried again next time
    }
    return activity;
  }
}
