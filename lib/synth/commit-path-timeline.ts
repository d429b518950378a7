import { createRng, deriveSeed } from './random';

/**
 * One simulated timeline of the commit path (issue 16 §2), from which the foreground traces and
 * LGWR's trace are written (commit-path.ts), so that the pairing of the two (lib/lgwr) has a
 * known answer.
 *
 * The protocol simulated is Oracle's (Database Reference, "log file sync": the session posts LGWR,
 * LGWR writes the log buffer, then posts the session; the wait "includes the writing of the log
 * buffer and the post"): a session commits at c and posts LGWR; the post reaches LGWR after a
 * post delay; LGWR, single-threaded, starts a write at max(the end of its previous write, the
 * first post's arrival) that carries every commit whose post has arrived by then (group commit);
 * the write takes w; LGWR then posts each of those sessions, which wakes up after a wake-up delay
 * and ends its `log file sync` at e + u. Its next commit follows after a round trip and think time.
 *
 * Times are µs on one true clock (local wall µs since 1970). Every quantity is an integer µs,
 * so the written trace loses nothing.
 */

export interface CommitPathModel {
  seed: number;
  sessions: number;
  /** Commits per session. */
  commits: number;
  /** Start of the run, local wall µs since 1970. */
  startMicros: number;
}

export interface SimCommit {
  session: number;
  /** Commit (XCTEND) and start of the `log file sync`. */
  commitAt: number;
  /** µs from the commit to LGWR receiving the post. */
  postDelay: number;
  /** µs from the end of the serving write to the session waking up. */
  wakeDelay: number;
  /** End of the `log file sync`. */
  syncEnd: number;
  /** Index of the write that carried this commit's redo. */
  write: number;
  /** Redo blocks this commit added to its write. */
  blocks: number;
  /** Think time after it (SQL*Net message from client before the next commit). */
  thinkAfter: number;
}

export interface SimWrite {
  start: number;
  end: number;
  blocks: number;
  /** Commits it carried. */
  commits: number[];
}

export interface CommitPathTimeline {
  commits: SimCommit[];
  writes: SimWrite[];
  /** First think time of each session (before its first commit). */
  firstThink: number[];
}

/** The round trip after a commit: `SQL*Net message to client` ela, µs. */
export const TO_CLIENT_MICROS = 2;
/** Above it LGWR writes `Warning: log write elapsed time` (log-write-warning.ts: 500 ms). */
export const LGWR_WARNING_MICROS = 500_000;

/** A slow write's share of writes, and a slow wake-up's share of commits (CPU or scheduling). */
const SLOW_WRITE_CHANCE = 0.008;
const SLOW_WAKE_CHANCE = 0.01;

export function simulateCommitPath(m: CommitPathModel): CommitPathTimeline {
  const rng = createRng(deriveSeed(m.seed, 'commit-path'));
  const think = (): number => 2_000 + Math.floor(rng.next() * 18_000);
  const firstThink = Array.from({ length: m.sessions }, () => 1_000 + Math.floor(rng.next() * 20_000));
  // Each session's pending commit: when it commits and when its post reaches LGWR.
  const nextCommit = firstThink.map((t) => m.startMicros + t);
  const left = Array.from({ length: m.sessions }, () => m.commits);
  const pending: { session: number; commitAt: number; arrives: number; postDelay: number }[] = [];
  const draw = (s: number): void => {
    const postDelay = 20 + Math.floor(rng.next() * 40);
    pending.push({ session: s, commitAt: nextCommit[s] as number, arrives: (nextCommit[s] as number) + postDelay, postDelay });
  };
  for (let s = 0; s < m.sessions; s++) draw(s);
  const commits: SimCommit[] = [];
  const writes: SimWrite[] = [];
  let freeAt = m.startMicros;
  while (pending.length > 0) {
    const first = Math.min(...pending.map((p) => p.arrives));
    const start = Math.max(freeAt, first);
    const group = pending.filter((p) => p.arrives <= start).sort((a, b) => a.commitAt - b.commitAt || a.session - b.session);
    const slow = rng.chance(SLOW_WRITE_CHANCE);
    const w = slow ? 600_000 + Math.floor(rng.next() * 800_000) : 300 + Math.floor(rng.next() * 1_500);
    const end = start + w;
    const write: SimWrite = { start, end, blocks: 0, commits: [] };
    const index = writes.length;
    writes.push(write);
    for (const p of group) {
      pending.splice(pending.indexOf(p), 1);
      const wakeDelay = rng.chance(SLOW_WAKE_CHANCE) ? 40_000 + Math.floor(rng.next() * 260_000) : 10 + Math.floor(rng.next() * 50);
      const blocks = 2 + Math.floor(rng.next() * 10);
      const thinkAfter = think();
      const c: SimCommit = { session: p.session, commitAt: p.commitAt, postDelay: p.postDelay, wakeDelay, syncEnd: end + wakeDelay, write: index, blocks, thinkAfter };
      write.blocks += blocks;
      write.commits.push(commits.length);
      commits.push(c);
      left[p.session] = (left[p.session] as number) - 1;
      if ((left[p.session] as number) > 0) {
        nextCommit[p.session] = c.syncEnd + TO_CLIENT_MICROS + thinkAfter;
        draw(p.session);
      }
    }
    freeAt = end;
  }
  return { commits, writes, firstThink };
}
