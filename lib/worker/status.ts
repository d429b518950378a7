import type { DatasetState } from './dataset-state';
import type { DatasetStatus } from './protocol';

/** The dataset as the page sees it: plain data, no File or sample arrays. */
export function statusOf(d: DatasetState): DatasetStatus {
  return {
    datasetId: d.id,
    source: d.source,
    state: d.state,
    event: d.event,
    ...(d.measure && { measure: d.measure }),
    calls: d.callChoices(),
    files: [...d.traces.map((t) => t.status), ...d.csv.map((c) => c.status)],
    waits: d.waitCount(),
    profile: d.profile,
    note: d.note,
    error: d.error,
    ...(d.cells.panel && { cell: d.cells.panel }),
  };
}
