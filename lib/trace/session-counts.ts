/**
 * The selected event's waits as each session's counts of ela, for callers that need the
 * statistics and the sessions but no wait one by one (`keep: 'session-counts'`; `waitscope
 * compare`): the cluster bootstrap resamples whole sessions, and every other statistic reads the
 * counts (lib/stats/sample.ts). Each scan counts its own waits where it ran (a worker thread), so
 * no per-wait column is handed between threads, joined or kept: 12 bytes a wait less than keeping
 * ela and session, and the joins and the dataset's counting pass are gone from the calling thread.
 *
 * Order matters: sessions come in order of their first wait, as `sampleOf` numbers them, so the
 * Sample made from these equals the one made from the columns, and the bootstrap draws the same.
 */
import { mergeCounts, type Counts } from '../stats/counts';
import { sampleAndIdsOfParts } from '../stats/sample';
import type { WaitSamples } from './types';

export interface SessionCounts {
  /** Index of the session in the scan's (file's, dataset's) list of sessions. */
  session: number;
  counts: Counts;
}

/**
 * Each session's counts of some sample columns (ela in µs; a scan's blocks, in order), in order of
 * first wait: counted as one column (sampleOfParts), so a block's own range never decides the way.
 */
export function countSessions(parts: readonly WaitSamples[]): SessionCounts[] {
  const used = parts.filter((p) => p.count > 0).map((p) => ({ values: p.ela.subarray(0, p.count), ids: p.session.subarray(0, p.count) }));
  const { sample, ids } = sampleAndIdsOfParts(used);
  return ids.map((id, k) => ({ session: id, counts: sample.sessions![k] as Counts }));
}

/**
 * Session counts of consecutive parts (ranges of a file, files of a dataset) renumbered into one
 * list of sessions: counts of one session are merged, and a session keeps the place of its
 * first part, which is its first wait when the parts are added in order.
 */
export class SessionCountsJoin {
  private readonly parts = new Map<number, Counts[]>();

  add(session: number, counts: Counts): void {
    const list = this.parts.get(session);
    if (list) list.push(counts);
    else this.parts.set(session, [counts]);
  }

  /** Every part's sessions through `renumber` (part-local index → joined index). */
  addAll(counts: readonly SessionCounts[], renumber: (session: number) => number): void {
    for (const c of counts) this.add(renumber(c.session), c.counts);
  }

  result(): SessionCounts[] {
    return [...this.parts].map(([session, list]) => ({ session, counts: list.length === 1 ? (list[0] as Counts) : mergeCounts(list) }));
  }
}

/** Waits counted in some session counts. */
export function waitsIn(counts: readonly SessionCounts[]): number {
  return counts.reduce((n, c) => n + c.counts.total, 0);
}
