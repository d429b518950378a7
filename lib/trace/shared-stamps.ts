/**
 * Two inputs of one dataset that hold the same `***` stamp, to its last written digit and with the
 * same first `tim` after it, hold the same records: a process writes a stamp once, and `tim` is a µs
 * clock. That is trcsess output beside the traces it was made from (trcsess is usually run in the
 * trace folder, and `waitscope profile .` then reads both; the corpus' trace-combine pair), or a
 * trace beside a piece cut from it. Every wait, call and session of the shared part would count
 * twice, with no sign of it. Like a likely copy (likely-copies.ts), this is a guess: both inputs stay,
 * and the user is told. Whole copies are left to likely-copies.ts, which names them before any read.
 * The CLI (lib/cli/load-dataset.ts) and the page (lib/worker/shared-stamp-notes.ts) say the same.
 */
import type { SessionMarker, TimeAnchor, TraceFacts } from './types';

/** What the check reads of a parsed input. */
export interface StampedInput {
  fileName: string;
  bytes: number;
  facts: Pick<TraceFacts, 'trcsess' | 'pid'>;
  sessions: readonly Pick<SessionMarker, 'pid'>[];
  anchors: readonly Pick<TimeAnchor, 'line' | 'wall' | 'tim' | 'session'>[];
}

/** An input that holds records of other inputs (by index), with one stamp it shares (its first shared with the first pair found). */
export interface SharedStamps {
  input: number;
  sources: number[];
  wall: string;
  line: number;
}

/**
 * Per input that shares stamps with others: those others. Of each pair, the note goes on trcsess
 * output (made from the other), else on the input with fewer stamps (a piece of the other), else on
 * the later one. A stamp is matched by its wall time as written and its tim, and by its process
 * where both inputs know it (a piece cut from the front has no header, so no pid).
 */
export function sharedStamps(inputs: readonly StampedInput[]): SharedStamps[] {
  const seen = new Map<string, { input: number; pid: string | null }[]>();
  // Per pair "a b" (a < b): the first stamp of b that a holds too.
  const pairs = new Map<string, { a: number; b: number; wall: string; lineA: number; lineB: number }>();
  const firstLine = new Map<string, number>();
  inputs.forEach((input, i) => {
    for (const anchor of input.anchors) {
      if (anchor.tim === null) continue; // a stamp with no tim after it could be any process's at that time
      const key = `${anchor.wall}\u0000${anchor.tim}`;
      const pid = input.sessions[anchor.session]?.pid ?? input.facts.pid;
      const holders = seen.get(key) ?? [];
      for (const h of holders) {
        if (h.input === i || (h.pid !== null && pid !== null && h.pid !== pid)) continue;
        const pair = `${h.input} ${i}`;
        if (!pairs.has(pair)) pairs.set(pair, { a: h.input, b: i, wall: anchor.wall, lineA: firstLine.get(`${h.input}\u0000${key}`) as number, lineB: anchor.line });
      }
      if (!holders.some((h) => h.input === i)) {
        holders.push({ input: i, pid });
        firstLine.set(`${i}\u0000${key}`, anchor.line);
      }
      seen.set(key, holders);
    }
  });
  const byInput = new Map<number, SharedStamps>();
  for (const { a, b, wall, lineA, lineB } of pairs.values()) {
    const A = inputs[a] as StampedInput;
    const B = inputs[b] as StampedInput;
    if (isWholeCopy(A, B)) continue;
    const onA = A.facts.trcsess !== B.facts.trcsess ? A.facts.trcsess : A.anchors.length < B.anchors.length;
    const [input, source, line] = onA ? [a, b, lineA] : [b, a, lineB];
    const entry = byInput.get(input);
    if (entry) entry.sources.push(source);
    else byInput.set(input, { input, sources: [source], wall, line });
  }
  return [...byInput.values()].sort((x, y) => x.input - y.input).map((s) => ({ ...s, sources: s.sources.sort((x, y) => x - y) }));
}

/** The same size and every stamp alike: a whole copy, which likely-copies.ts names (by its ends) before the read. */
function isWholeCopy(a: StampedInput, b: StampedInput): boolean {
  if (a.bytes !== b.bytes || a.anchors.length !== b.anchors.length) return false;
  return a.anchors.every((x, i) => {
    const y = b.anchors[i] as StampedInput['anchors'][number];
    return x.wall === y.wall && x.tim === y.tim && x.line === y.line;
  });
}

/** The note on the input that holds records of `sources` (names), naming one shared stamp and its line there. */
export function sharedStampsNote(input: StampedInput, sources: readonly string[], shared: Pick<SharedStamps, 'wall' | 'line'>): string {
  const others = sources.join(', ');
  const stamp = `*** ${shared.wall} at line ${shared.line}, with the same tim after it`;
  return input.facts.trcsess
    ? `${input.fileName} is trcsess output holding the same *** stamps as ${others} (such as ${stamp}): if it was made from ${sources.length === 1 ? 'that file' : 'those files'}, their records count twice; read one or the other`
    : `${input.fileName} holds the same *** stamps as ${others} (such as ${stamp}): if one was cut or copied from the other, their records count twice`;
}
