/**
 * A snapshot: each (cell, metric, object)'s one value. A METRICCURRENT listing is one snapshot; a
 * METRICHISTORY listing holds a series per metric, whose first and last collections are two.
 */
import { CellInputError } from './cell-input-error';
import type { CellcliFile, CellReading } from './parse-cellcli';

export type SnapshotKey = string;

export interface CellSnapshot {
  fileName: string;
  readings: Map<SnapshotKey, CellReading>;
}

export const keyOf = (r: Pick<CellReading, 'cell' | 'name' | 'object'>): SnapshotKey => `${r.cell}\u0000${r.name}\u0000${r.object}`;

/** Where a reading is, in words: `FL_DISK_FIRST of cel01`. */
export function metricWords(r: Pick<CellReading, 'cell' | 'name' | 'object'>): string {
  return `${r.name}${r.object ? ` (${r.object})` : ''}${r.cell ? ` of ${r.cell}` : ''}`;
}

const timeOf = (r: CellReading) => (r.collectionTime === null ? Number.NaN : Date.parse(r.collectionTime));

/**
 * The file's first or last collection of every metric. Two readings of one metric at the same
 * collectionTime (or both without one) are two snapshots pasted into one file: refused.
 */
export function snapshotOf(file: CellcliFile, which: 'first' | 'last'): CellSnapshot {
  const series = seriesOf(file);
  const readings = new Map<SnapshotKey, CellReading>();
  for (const [key, list] of series) readings.set(key, which === 'first' ? list[0]! : list[list.length - 1]!);
  return { fileName: file.fileName, readings };
}

/** Whether the file holds more than one collection of some metric (a METRICHISTORY series). */
export function isSeries(file: CellcliFile): boolean {
  return [...seriesOf(file).values()].some((list) => list.length > 1);
}

function seriesOf(file: CellcliFile): Map<SnapshotKey, CellReading[]> {
  const series = new Map<SnapshotKey, CellReading[]>();
  for (const r of file.readings) {
    const key = keyOf(r);
    const list = series.get(key);
    if (list) list.push(r);
    else series.set(key, [r]);
  }
  for (const list of series.values()) {
    list.sort((a, b) => timeOf(a) - timeOf(b) || a.line - b.line);
    for (let i = 1; i < list.length; i++) {
      const [p, r] = [list[i - 1]!, list[i]!];
      if (r.collectionTime === null || p.collectionTime === null || timeOf(p) === timeOf(r)) {
        throw new CellInputError(
          file.fileName,
          r.line,
          `${metricWords(r)} again (first on line ${p.line})${r.collectionTime ? ` at the same collectionTime ${r.collectionTime}` : ' without a collectionTime'}: one snapshot per file (put the other in a file of its own), or list METRICHISTORY with its collectionTime`,
        );
      }
    }
  }
  return series;
}
