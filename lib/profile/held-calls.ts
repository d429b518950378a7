import type { RecordPosition, VisitedCall } from '../trace/visited-records';

/**
 * Calls at one depth held for their parent at the depth above, one entry per call in the order they
 * came (columns). Per call, not per statement: two calls of one statement, one made by a client
 * call with no line and one inside the next dep 0 call, belong to different parents. What they
 * cost is a few numbers per recursive call while its parent runs, as the waits inside them did.
 */
export class HeldCalls {
  /** The statement's key. */
  readonly key: string[] = [];
  readonly name: string[] = [];
  /** µs; 0 without e. */
  readonly e: number[] = [];
  /** µs; NaN without c. */
  readonly c: number[] = [];
  /** µs: the waits inside it (its own and its adopted calls'), all booked within calls already. */
  readonly waited: number[] = [];
  /** µs: e − c − waited, NaN without e: its unaccounted-for time should it be a top-level call. */
  readonly unaccounted: number[] = [];
  /** µs: its tim, when it ended; NaN without. */
  readonly end: number[] = [];

  get n(): number {
    return this.key.length;
  }

  push(key: string, name: string, e: number, c: number, waited: number, unaccounted: number, end: number): void {
    this.key.push(key);
    this.name.push(name);
    this.e.push(e);
    this.c.push(c);
    this.waited.push(waited);
    this.unaccounted.push(unaccounted);
    this.end.push(end);
  }

  /** Appends entries [from, to) of `other`. */
  take(other: HeldCalls, from: number, to: number): void {
    for (let i = from; i < to; i++) this.push(other.key[i] as string, other.name[i] as string, other.e[i] as number, other.c[i] as number, other.waited[i] as number, other.unaccounted[i] as number, other.end[i] as number);
  }

  clear(): void {
    this.key.length = this.name.length = this.e.length = this.c.length = this.waited.length = this.unaccounted.length = this.end.length = 0;
  }
}

/**
 * Which of the calls held for a parent are its children: entries [first, n) of `held`, the latest
 * ones, as many as the parent's e holds (a parent's e includes its children's). Each e is rounded to
 * the trace's unit, so the sum may pass the parent's by a unit per call. Without e (a CLOSE before
 * 11.2) the order alone says: every held call.
 *
 * From 10.2 on (`at.callsNestInTime`: every line then carries one µs clock) a child must also have
 * ended no earlier than the parent's start tim − e (with the same slack). In the corpus' 11.2-23ai
 * traces every child the rule of e adopts ends ≥ 141 µs after its parent began, but for one
 * session-end CLOSE (dep 0, e 3-22 µs) per jkstill latency trace, whose recursive deletes end
 * 1.1-1.6 ms before it began. Not before 10.2: 9.2 ends a hard parse's dictionary SQL 2.5-15 ms
 * before the parse's own tim − e.
 *
 * Why a budget of e at all: when a parent took every held call, the real corpus had a 6 µs
 * `CLOSE … dep=0` take 1,239 µs of recursive deletes made by a client call with no line (jkstill's
 * latency traces; `FETCH dep=0` of 24-36 µs after 800-7,000 µs likewise), and the next PARSE take
 * the recursive SQL of a failed parse (`PARSE ERROR`, 9.2) from 80 s before: their statements'
 * time without their recursive ones came out at −975 µs and −1,061,432 µs.
 */
export function adoptedFrom(held: HeldCalls, call: VisitedCall, at: RecordPosition): number {
  const n = held.n;
  const budget = call.e === call.e ? call.e : Infinity;
  const start = at.callsNestInTime ? call.tim - call.e : NaN; // NaN: no time test
  let first = n;
  let e = 0;
  while (first > 0) {
    const next = held.e[first - 1] as number;
    const slack = (n - first + 1) * at.microsPerUnit;
    if (e + next > budget + slack) break;
    if ((held.end[first - 1] as number) < start - slack) break; // false when either is NaN
    e += next;
    first--;
  }
  return first;
}
