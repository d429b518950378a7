import { countsQuantile } from '../stats/counts';
import { isEstimable } from '../stats/minimum-counts';
import type { ComponentKind, DatasetProfile } from './profile-model';

/** One row of the response-time profile as shown: its share of R and, where the count supports them, its median and p99. */
export interface ProfileRow {
  component: string;
  kind: ComponentKind;
  /** µs; may be negative for unaccounted-for time (response-time.md: never clamp it). */
  total: number;
  /** total / R; null when R is 0. */
  share: number | null;
  count: number;
  /** µs per call or wait; null where the row has no values of its own or too few (minimum-counts.ts). */
  mean: number | null;
  median: number | null;
  p99: number | null;
}

export interface ProfileTable {
  /** R, µs. */
  total: number;
  sessions: number;
  rows: ProfileRow[];
}

/** The profile's rows by total, largest first, as mrprof orders them; the rows add up to R exactly. */
export function profileTable(profile: DatasetProfile): ProfileTable {
  const R = profile.responseTime;
  const rows = profile.components.map((c): ProfileRow => {
    const counts = c.counts;
    const n = counts?.total ?? 0;
    return {
      component: c.component,
      kind: c.kind,
      total: c.total,
      share: R !== 0 ? c.total / R : null,
      count: c.count,
      mean: counts !== null && isEstimable('mean', n) ? c.total / n : null,
      median: counts !== null && isEstimable('median', n) ? countsQuantile(counts, 0.5) : null,
      p99: counts !== null && isEstimable('p99', n) ? countsQuantile(counts, 0.99) : null,
    };
  });
  rows.sort((a, b) => b.total - a.total || a.component.localeCompare(b.component));
  return { total: R, sessions: profile.sessions, rows };
}
