/**
 * The time window of each dataset in the worker (issue 15 §1), set by the page ('set-window'), and
 * each dataset's windowed view (windowed-dataset.ts), kept while the dataset's inputs and window
 * stay the same: every request over a dataset reads the same view, so its Sample, its joined
 * columns and its outlier pass are computed once per (dataset, window).
 */
import { isWholeRun, NO_WINDOW, type TimeWindow } from '../scope/time-window';
import type { DatasetState } from './dataset-state';
import { windowedDataset, windowKey } from './windowed-dataset';

interface KeptView {
  key: string;
  /** What the view was made from: the dataset's inputs by identity. */
  parts: readonly unknown[];
  view: DatasetState;
}

function partsOf(d: DatasetState): unknown[] {
  return [d.state, d.event, d.measure, d.source, d.note, d.synthetic, ...d.traces.map((t) => t.result), ...d.csv.map((c) => c.values)];
}

export class DatasetWindows {
  private readonly windows = new Map<string, TimeWindow>();
  private readonly views = new WeakMap<DatasetState, KeptView>();

  set(datasetId: string, window: TimeWindow): void {
    if (isWholeRun(window)) this.windows.delete(datasetId);
    else this.windows.set(datasetId, window);
  }

  windowOf(datasetId: string): TimeWindow {
    return this.windows.get(datasetId) ?? NO_WINDOW;
  }

  /** The dataset as its window shows it; itself for the whole run, or while it is still being read. */
  viewOf(d: DatasetState): DatasetState {
    const window = this.windowOf(d.id);
    if (isWholeRun(window) || d.state === 'loading') return d;
    const key = windowKey(window);
    const parts = partsOf(d);
    const kept = this.views.get(d);
    if (kept && kept.key === key && kept.parts.length === parts.length && kept.parts.every((p, i) => p === parts[i])) return kept.view;
    const view = windowedDataset(d, window);
    this.views.set(d, { key, parts, view });
    return view;
  }
}
