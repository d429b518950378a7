/**
 * The events of the loaded files as a profile (issue 12 §5): per event, per dataset, its waits, their
 * total time and its share of the dataset's wait time; events by total time over every dataset.
 */
import type { EventProfileRow } from '@/lib/trace/types';

export interface ProfileCell {
  count: number;
  /** µs */
  total: number;
  /** Of the dataset's total wait time, 0-1; 0 for a dataset without waits. */
  share: number;
}

export interface EventRow {
  event: string;
  /** µs, over every dataset: the sort key. */
  total: number;
  /** One per dataset, in the order given. */
  cells: ProfileCell[];
}

/** Rows by total time (then waits, then name); `current` is listed even when no file has it. */
export function eventProfile(datasets: readonly { profile: readonly EventProfileRow[] }[], current: string | null): EventRow[] {
  const rows = new Map<string, EventRow>();
  const rowOf = (event: string) => {
    let row = rows.get(event);
    if (!row) {
      row = { event, total: 0, cells: datasets.map(() => ({ count: 0, total: 0, share: 0 })) };
      rows.set(event, row);
    }
    return row;
  };
  datasets.forEach((d, i) => {
    const waitTime = d.profile.reduce((n, r) => n + r.total, 0);
    for (const r of d.profile) {
      const row = rowOf(r.event);
      row.cells[i] = { count: r.count, total: r.total, share: waitTime > 0 ? r.total / waitTime : 0 };
      row.total += r.total;
    }
  });
  if (current !== null) rowOf(current);
  const waits = (r: EventRow) => r.cells.reduce((n, c) => n + c.count, 0);
  return [...rows.values()].sort((a, b) => b.total - a.total || waits(b) - waits(a) || a.event.localeCompare(b.event));
}

/**
 * The event to show instead of `event` when not one loaded file has a wait of it: the one with the
 * most time over every dataset. Null while there is nothing to judge or the event is there.
 */
export function eventWithMostTime(datasets: readonly { profile: readonly EventProfileRow[] }[], event: string): string | null {
  if (datasets.some((d) => d.profile.some((r) => r.event === event && r.count > 0))) return null;
  const top = eventProfile(datasets, null)[0];
  return top && top.cells.some((c) => c.count > 0) ? top.event : null;
}

/** A share as the profile shows it: one decimal; a share too small for that is not shown as 0. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.0005) return '<0.1%';
  return `${(share * 100).toFixed(1)}%`;
}
