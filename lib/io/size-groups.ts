import { mergeCounts, type Counts } from '../stats/counts';
import { groupRow, type GroupRow } from '../scope/group-stats';
import { NO_SIZE, type BlockSizes } from './io-size';

/** The smallest size class: Oracle's I/O size histograms start at 512 B (one sector). */
const FIRST_CLASS = 512;

/** A size class: the exact sizes in (upTo / 2, upTo] (the first class: ≤ 512 B), their latencies merged. */
export interface SizeClassRow extends GroupRow {
  /** The class's largest size, bytes. */
  upTo: number;
  bytes: number;
  throughput: number | null;
}

/** All sized waits together: total bytes ÷ their total wait time ('(no size)' waits are left out of both). */
export interface SizeThroughput {
  waits: number;
  bytes: number;
  /** The sized waits' summed wait time, µs. */
  micros: number;
  /** Bytes per second of wait time; null when the waits took no time. */
  bytesPerSecond: number | null;
}

/** What `--group size` adds beside its rows: the size classes, the total throughput and the block sizes used. */
export interface SizeReport {
  sizeClasses: SizeClassRow[];
  throughput: SizeThroughput;
  blockSizes: BlockSizes;
}

/** Bytes per second of wait time (µs). */
export const perSecond = (bytes: number, micros: number): number | null => (micros > 0 ? bytes / (micros / 1e6) : null);

const sizeOf = (label: string): number | null => (label === NO_SIZE ? null : Number(label));

/**
 * The exact size groups (labels are bytes, or '(no size)') as rows sorted by size ascending (the
 * size distribution), '(no size)' last; each sized row with bytes (count × size) and throughput.
 */
export function sizeRows(groups: ReadonlyMap<string, Counts>): GroupRow[] {
  const rows = [...groups].map(([label, counts]): GroupRow => {
    const row = groupRow(label, counts);
    const size = sizeOf(label);
    const bytes = size === null ? null : row.count * size;
    return { ...row, bytes, throughput: bytes === null ? null : perSecond(bytes, row.sum) };
  });
  return bySizeAscending(rows);
}

/** The class a size falls in: the smallest power of two ≥ the size, at least 512 B. */
export function sizeClassOf(size: number): number {
  let upTo = FIRST_CLASS;
  while (upTo < size) upTo *= 2;
  return upTo;
}

/** The exact groups folded into log2 size classes (their counts merged: exact latency statistics per class), and the total. */
export function sizeReport(groups: ReadonlyMap<string, Counts>, blockSizes: BlockSizes): SizeReport {
  const byClass = new Map<number, { counts: Counts[]; bytes: number }>();
  const total: SizeThroughput = { waits: 0, bytes: 0, micros: 0, bytesPerSecond: null };
  for (const [label, counts] of groups) {
    const size = sizeOf(label);
    if (size === null) continue;
    const upTo = sizeClassOf(size);
    const entry = byClass.get(upTo) ?? { counts: [], bytes: 0 };
    const row = groupRow(label, counts);
    entry.counts.push(counts);
    entry.bytes += row.count * size;
    byClass.set(upTo, entry);
    total.waits += row.count;
    total.bytes += row.count * size;
    total.micros += row.sum;
  }
  total.bytesPerSecond = perSecond(total.bytes, total.micros);
  const sizeClasses = [...byClass]
    .sort(([a], [b]) => a - b)
    .map(([upTo, { counts, bytes }]): SizeClassRow => {
      const row = groupRow(sizeClassLabel(upTo), counts.length === 1 ? (counts[0] as Counts) : mergeCounts(counts));
      return { ...row, upTo, bytes, throughput: perSecond(bytes, row.sum) };
    });
  return { sizeClasses, throughput: total, blockSizes };
}

/** '≤ 512 B', '≤ 1 KiB', '≤ 2 MiB': the class by its largest size. */
export function sizeClassLabel(upTo: number): string {
  return `≤ ${formatBytes(upTo)}`;
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Bytes in binary units, exact where a whole number (8 KiB, 1.5 MiB), else to three significant figures. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = Number.isInteger(value) ? String(value) : value.toPrecision(3).replace(/\.?0+$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** A throughput in decimal MB/s (10^6 bytes per second, as iostat and the AWR report print it). */
export function formatThroughput(bytesPerSecond: number | null): string {
  if (bytesPerSecond === null) return 'n/a';
  const mb = bytesPerSecond / 1e6;
  return `${mb >= 100 ? mb.toFixed(0) : mb >= 1 ? mb.toFixed(1) : mb.toFixed(3)} MB/s`;
}

/** Size groups or pairs of them in size order, '(no size)' last (compare --group size, the page's comparison). */
export function bySizeAscending<T extends { key: string }>(items: T[]): T[] {
  const order = (x: T) => sizeOf(x.key) ?? Infinity;
  return items.sort((x, y) => order(x) - order(y));
}
