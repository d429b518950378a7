/**
 * One call for the CLI and the worker: the top list, the outlier windows with their worst waits
 * as rows, and the threshold counts of one dataset. Co-occurrence and context need the files'
 * bytes again, so they are separate steps (co-occurrence.ts, context.ts).
 */
import { detectClusters, type ClusterOptions, type OutlierWindow } from './clusters';
import { formatMicrosIso, type TimeKind } from './stamps';
import { thresholdTable, type DatasetThresholds } from './thresholds';
import { DEFAULT_TOP, topWaits, waitRow, type ListInput, type WaitList, type WaitRow } from './top-list';
import { DatasetClock, LOCAL_DOMAIN, UTC_DOMAIN, type TimeDomain, type TimWarning } from './wall-clock';

export interface OutlierOptions extends ClusterOptions {
  /** Rows in the top list, default 100. */
  top?: number;
  /** Extra thresholds (µs) counted besides 500 ms. */
  thresholds?: readonly number[];
}

export interface WindowSummary extends OutlierWindow {
  kind: Exclude<TimeKind, 'none'>;
  /** ISO-8601 (µs) of start and end; with the worst wait's UTC offset for `utc`, none for `local`; null for raw `tim`. */
  startIso: string | null;
  endIso: string | null;
  worstRow: WaitRow;
}

export interface OutlierAnalysis {
  dataset: string;
  top: WaitList;
  /** Null when none was given and the dataset is too small for the default p99.9 (clusters.ts): then no windows. */
  threshold: number | null;
  /** Why there is no threshold, else null. */
  thresholdNote: string | null;
  minCount: number;
  /** Waits above the threshold that have a time; null without a threshold. */
  outliers: number | null;
  windows: WindowSummary[];
  domains: TimeDomain[];
  thresholds: DatasetThresholds;
  /** Waits whose tim is out of range: they have no wall-clock time (wall-clock.ts). */
  warnings: TimWarning[];
}

export function analyzeOutliers(input: ListInput, label: string, options: OutlierOptions = {}): OutlierAnalysis {
  const clock = new DatasetClock(input);
  const top = topWaits(input, label, options.top ?? DEFAULT_TOP, clock);
  const ela = input.samples.ela.subarray(0, input.samples.count);
  const { micros, domain } = clock.columns();
  const clusters = detectClusters(ela, micros, domain, options);
  const windows = clusters.windows.map((w) => summarizeWindow(w, input, label, clock));
  const thresholds = thresholdTable([{ label, ela }], options.thresholds ?? []);
  return {
    dataset: label,
    top,
    threshold: clusters.threshold,
    thresholdNote: clusters.thresholdNote,
    minCount: clusters.minCount,
    outliers: clusters.outliers,
    windows,
    domains: clock.domains,
    thresholds: thresholds[0] as DatasetThresholds,
    warnings: [clock.timWarning(input.samples, domain)].filter((w) => w !== null),
  };
}

function summarizeWindow(w: OutlierWindow, input: ListInput, label: string, clock: DatasetClock): WindowSummary {
  const worstRow = waitRow(input, label, w.worst, clock);
  const kind = w.domain === UTC_DOMAIN ? 'utc' : w.domain === LOCAL_DOMAIN ? 'local' : 'tim';
  const offset = kind === 'utc' ? (worstRow.time.utcOffsetMinutes ?? 0) : null;
  const iso = (t: number) => (kind === 'tim' ? null : formatMicrosIso(offset === null ? t : t + offset * 60e6, offset));
  return { ...w, kind, startIso: iso(w.start), endIso: iso(w.end), worstRow };
}
