import { mergeCounts, type Counts } from '../stats/counts';
import { estimableSummary } from '../stats/minimum-counts';
import { summarizeCounts } from '../stats/summary';
import type { GroupTallies } from './group-collector';

/** One group's exact statistics, µs (the JSON contract of issue 15 §4); null where the group is too small (minimum-counts.ts). */
export interface GroupRow {
  key: string;
  count: number;
  min: number | null;
  median: number | null;
  mean: number | null;
  p99: number | null;
  max: number | null;
  sum: number;
  /** Size groups only (`--group size`, lib/io/size-groups.ts): count × size, bytes; null for '(no size)'. */
  bytes?: number | null;
  /** Size groups only: bytes per second of the group's summed wait time; null without bytes or time. */
  throughput?: number | null;
}

/** The counts of each group over several parts (files, or a dataset's samples), same labels merged. */
export function mergeGroupTallies(parts: readonly GroupTallies[]): Map<string, Counts> {
  const byLabel = new Map<string, Counts[]>();
  for (const part of parts) {
    part.labels.forEach((label, i) => {
      const list = byLabel.get(label) ?? [];
      list.push(part.counts[i] as Counts);
      byLabel.set(label, list);
    });
  }
  return new Map([...byLabel].map(([label, list]) => [label, list.length === 1 ? (list[0] as Counts) : mergeCounts(list)]));
}

/** Each group's statistics, sorted by total (sum) descending, then by key. */
export function groupRows(groups: ReadonlyMap<string, Counts>): GroupRow[] {
  const rows = [...groups].map(([key, counts]) => groupRow(key, counts));
  return rows.sort((a, b) => b.sum - a.sum || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** One group's statistics from its counts. */
export function groupRow(key: string, counts: Counts): GroupRow {
  const s = estimableSummary(summarizeCounts(counts));
  return { key, count: s.count, min: s.min, median: s.median, mean: s.mean, p99: s.p99, max: s.max, sum: s.sum };
}
