/**
 * The FLASHLOG metrics of one dataset: every cell's values, the deltas between a before and an
 * after snapshot (cumulative counters only: a rate's or a percentage's difference means nothing),
 * the sums over cells, and the flash-first share of the races (flash-first-share.ts).
 */
import { CellInputError } from './cell-input-error';
import { isSeries, metricWords, snapshotOf, type CellSnapshot } from './cell-snapshot';
import { FL_DISK_FIRST, FL_FLASH_FIRST, FL_PREVENTED_OUTLIERS, FLASHLOG_METRICS, type MetricKind } from './flashlog-catalogue';
import { raceFigures, RATIO_DEFINITION, SHARE_DEFINITION, type RaceFigures } from './flash-first-share';
import { isRateUnit } from './metric-units';
import type { CellcliFile, CellReading } from './parse-cellcli';

export type KindOrUnknown = MetricKind | 'unknown';

export interface CellMetricRow {
  cell: string;
  name: string;
  object: string;
  unit: string;
  kind: KindOrUnknown;
  /** False for an FL_ name not in the guide's list: kept as printed, flagged. */
  known: boolean;
  before: number;
  after: number | null;
  /** after − before, for cumulative counters only. */
  delta: number | null;
}

export interface TotalRow {
  name: string;
  unit: string;
  cells: number;
  before: number;
  after: number | null;
  delta: number | null;
}

export interface FlashLogSummary {
  /** Where before and after come from: two files, or one METRICHISTORY file's first and last collection. */
  before: { fileName: string; collectionTime: string | null };
  after: { fileName: string; collectionTime: string | null } | null;
  cells: string[];
  rows: CellMetricRow[];
  /** Cumulative counters summed over the cells. */
  totals: TotalRow[];
  races: { before: RaceFigures | null; after: RaceFigures | null; interval: RaceFigures | null };
  preventedOutliers: { before: number; after: number | null; delta: number | null } | null;
  definitions: { share: string; ratio: string };
  unknownNames: string[];
}

function kindOf(r: CellReading): KindOrUnknown {
  if (r.metricType) return r.metricType;
  const known = FLASHLOG_METRICS[r.name];
  if (known) return known.kind;
  if (isRateUnit(r.unit)) return 'rate';
  if (r.unit === '%') return 'instantaneous';
  return 'unknown';
}

const latestTime = (s: CellSnapshot) => [...s.readings.values()].map((r) => r.collectionTime).filter((t): t is string => t !== null).sort().pop() ?? null;

/** One file: one snapshot (or a METRICHISTORY series' first and last); two files: before and after. */
export function summarizeFlashLog(first: CellcliFile, second: CellcliFile | null = null): FlashLogSummary {
  const [before, after] = second ? [snapshotOf(first, 'last'), snapshotOf(second, 'last')] : isSeries(first) ? [snapshotOf(first, 'first'), snapshotOf(first, 'last')] : [snapshotOf(first, 'last'), null];
  if (after) checkSameMetrics(before, after);
  const rows: CellMetricRow[] = [];
  for (const [key, b] of before.readings) {
    const a = after?.readings.get(key) ?? null;
    const kind = kindOf(b);
    if (a && a.unit !== b.unit) throw new CellInputError(after!.fileName, a.line, `${metricWords(a)} is in ${a.unit || 'no unit'} here but in ${b.unit || 'no unit'} in ${before.fileName} line ${b.line}`);
    let delta: number | null = null;
    if (a && kind === 'cumulative') {
      delta = a.value - b.value;
      if (delta < 0) {
        throw new CellInputError(
          after!.fileName,
          a.line,
          `${metricWords(a)} fell from ${b.value.toLocaleString('en-US')} (${before.fileName} line ${b.line}) to ${a.value.toLocaleString('en-US')}: a cumulative counter only grows, unless the cell restarted (a restart resets the counters); take both snapshots after the restart, or check the order (before first)`,
        );
      }
    }
    rows.push({ cell: b.cell, name: b.name, object: b.object, unit: b.unit, kind, known: b.name in FLASHLOG_METRICS, before: b.value, after: a?.value ?? null, delta });
  }
  rows.sort((x, y) => x.cell.localeCompare(y.cell) || x.name.localeCompare(y.name) || x.object.localeCompare(y.object));
  const totals = totalsOf(rows, after !== null);
  const total = (name: string) => totals.find((t) => t.name === name) ?? null;
  const ff = total(FL_FLASH_FIRST);
  const df = total(FL_DISK_FIRST);
  const po = total(FL_PREVENTED_OUTLIERS);
  return {
    before: { fileName: before.fileName, collectionTime: latestTime(before) },
    after: after && { fileName: after.fileName, collectionTime: latestTime(after) },
    cells: [...new Set(rows.map((r) => r.cell))],
    rows,
    totals,
    races: {
      before: ff && df ? raceFigures(ff.before, df.before) : null,
      after: ff && df && ff.after !== null && df.after !== null ? raceFigures(ff.after, df.after) : null,
      interval: ff && df && ff.delta !== null && df.delta !== null ? raceFigures(ff.delta, df.delta) : null,
    },
    preventedOutliers: po && { before: po.before, after: po.after, delta: po.delta },
    definitions: { share: SHARE_DEFINITION, ratio: RATIO_DEFINITION },
    unknownNames: [...new Set(rows.filter((r) => !r.known).map((r) => r.name))],
  };
}

/** A metric in one snapshot and not the other: the deltas would silently leave it (or a cell) out. */
function checkSameMetrics(before: CellSnapshot, after: CellSnapshot): void {
  for (const [x, y] of [[before, after], [after, before]] as const) {
    for (const [key, r] of x.readings) {
      if (!y.readings.has(key)) {
        throw new CellInputError(x.fileName, r.line, `${metricWords(r)} is here but not in ${y.fileName}: before and after must list the same metrics of the same cells`);
      }
    }
  }
}

function totalsOf(rows: CellMetricRow[], withAfter: boolean): TotalRow[] {
  const totals = new Map<string, TotalRow>();
  for (const r of rows) {
    if (r.kind !== 'cumulative') continue;
    const key = `${r.name}\u0000${r.unit}`;
    const t = totals.get(key) ?? { name: r.name, unit: r.unit, cells: 0, before: 0, after: withAfter ? 0 : null, delta: withAfter ? 0 : null };
    t.cells++;
    t.before += r.before;
    if (t.after !== null) t.after += r.after ?? 0;
    if (t.delta !== null) t.delta += r.delta ?? 0;
    totals.set(key, t);
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name));
}

