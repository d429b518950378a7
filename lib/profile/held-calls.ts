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
