/**
 * Two inputs of one dataset that hold the same `***` stamp, as written to its last digit and with the
 * same first record `tim` after it, of the same process, hold the same records: a process writes a
 * stamp once, and `tim` is a µs clock. That is trcsess output beside the traces it was made from
 * (trcsess is usually run in the trace folder, and `waitscope profile .` then reads both; the
 * corpus' trace-combine pair), a trace beside a piece cut from it, or a copy the copy checks before
 * the read do not see (a trace beside an archive that holds it). Every wait, call and session of the
 * shared part would count twice, with no sign of it. Like a likely copy (likely-copies.ts), this is
 * a guess: both inputs stay, and the user is told. The CLI (lib/cli/load-dataset.ts) and the page
 * (lib/worker/shared-stamp-notes.ts) say the same.
 *
 * Not checked: a stamp with no WAIT `tim` after it (anchors take theirs from WAITs: before 10g WAITs
 * have none, trace-format.md; a level 1 trace has no WAITs), and stamps whose `tim` is their own
 * wall time (an LGWR trace of warnings alone; strace and fio output): two hosts can write the same
 * millisecond.
 */
import type { SessionMarker, TimeAnchor, TraceFacts } from './types';

/** What the check reads of a parsed input. */
export interface StampedInput {
  fileName: string;
  facts: Pick<TraceFacts, 'trcsess' | 'pid' | 'host' | 'instance'>;
  sessions: readonly Pick<SessionMarker, 'pid'>[];
  anchors: readonly Pick<TimeAnchor, 'line' | 'text' | 'wall' | 'tim' | 'stampTim' | 'session'>[];
}

/** An input that holds records of other inputs (by index), with one stamp it shares: its line there, and its text as star-lines.ts reads it. */
export interface SharedStamps {
  input: number;
  sources: number[];
  line: number;
  text: string;
}

/** Two inputs (by name) a copy note named before the read: copies of one another, as the note says. */
export type CopyPair = readonly [string, string];

/**
 * Inputs (by name) to their group of copies: a copy note pairs each copy with the first file it
 * copies (likely-copies.ts), so a, b and c alike make the pairs b-a and c-a, and b-c is left to
 * those notes too.
 */
function copyGroups(pairs: readonly CopyPair[]): (name: string) => string {
  const parent = new Map<string, string>();
  const root = (name: string): string => {
    let r = name;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r) as string;
    return r;
  };
  for (const [a, b] of pairs) {
    const ra = root(a);
    const rb = root(b);
    if (ra !== rb) parent.set(ra, rb);
  }
  return root;
}

/**
 * Per input that shares stamps with others: those others. Of each pair, the note goes on trcsess
 * output (made from the other), else on the input with fewer stamps (a piece of the other), else on
 * the later one. `named`: pairs a copy note named already, which it leaves to that note (with every
 * other pair of their group).
 */
export function sharedStamps(inputs: readonly StampedInput[], named: readonly CopyPair[] = []): SharedStamps[] {
  const group = copyGroups(named);
  const holders = new Map<string, { input: number; line: number; text: string; pid: string | null }[]>();
  // Per pair "a b" (a < b): one stamp they share, on each side.
  const pairs = new Map<string, { a: number; b: number; lineA: number; lineB: number; textA: string; textB: string }>();
  inputs.forEach((input, i) => {
    for (const anchor of input.anchors) {
      if (anchor.tim === null || anchor.stampTim === true) continue;
      const key = `${anchor.wall}\u0000${anchor.tim}`;
      // The stamp's process: its session's (trcsess output names each process), else the header's.
      const pid = input.sessions[anchor.session]?.pid ?? input.facts.pid;
      const seen = holders.get(key) ?? [];
      if (seen.some((h) => h.input === i)) continue;
      for (const h of seen) {
        const earlier = inputs[h.input] as StampedInput;
        if (!sameProcess(earlier, h.pid, input, pid)) continue;
        const pair = `${h.input} ${i}`;
        if (!pairs.has(pair) && group(earlier.fileName) !== group(input.fileName)) {
          pairs.set(pair, { a: h.input, b: i, lineA: h.line, lineB: anchor.line, textA: h.text, textB: anchor.text });
        }
      }
      seen.push({ input: i, line: anchor.line, text: anchor.text, pid });
      holders.set(key, seen);
    }
  });
  const byInput = new Map<number, SharedStamps>();
  for (const { a, b, lineA, lineB, textA, textB } of pairs.values()) {
    const A = inputs[a] as StampedInput;
    const B = inputs[b] as StampedInput;
    const onA = A.facts.trcsess !== B.facts.trcsess ? A.facts.trcsess : A.anchors.length < B.anchors.length;
    const [input, source, line, text] = onA ? [a, b, lineA, textA] : [b, a, lineB, textB];
    const entry = byInput.get(input);
    if (entry) entry.sources.push(source);
    else byInput.set(input, { input, sources: [source], line, text });
  }
  return [...byInput.values()].sort((x, y) => x.input - y.input).map((s) => ({ ...s, sources: s.sources.sort((x, y) => x - y) }));
}

/**
 * The same process wherever both inputs know it: pid, host and instance (pids are per host: RAC nodes reuse them). A piece cut from the
 * front of a trace has no header, so none of them.
 */
function sameProcess(a: StampedInput, pidA: string | null, b: StampedInput, pidB: string | null): boolean {
  const differ = (x: string | null, y: string | null) => x !== null && y !== null && x !== y;
  return !differ(pidA, pidB) && !differ(a.facts.host, b.facts.host) && !differ(a.facts.instance, b.facts.instance);
}

/** The note on the input that holds records of `sources` (names), with one shared stamp as written and its line there. */
export function sharedStampsNote(input: StampedInput, sources: readonly string[], shared: Pick<SharedStamps, 'line' | 'text'>): string {
  const one = sources.length === 1;
  const others = sources.join(', ');
  const stamp = `such as the *** stamp on line ${shared.line}, ${shared.text}, with the same tim after it`;
  return input.facts.trcsess
    ? `${input.fileName} is trcsess output holding the same *** stamps as ${others} (${stamp}): if it was made from ${one ? 'that file' : 'those files'}, their records count twice; read one or the other`
    : `${input.fileName} holds the same *** stamps as ${others} (${stamp}): if one was cut or copied from ${one ? 'the other' : 'another'}, their records count twice`;
}
