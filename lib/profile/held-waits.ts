/**
 * Waits held for a call, as columns: event id (VisitedWait.id), ela and tim in µs (NaN without
 * tim). A profile holds a few at a time, millions over a pass: columns that grow and are reused
 * cost no object per wait (pooled objects cost a pop and a push each).
 */
export class HeldWaits {
  id = new Int32Array(16);
  ela = new Float64Array(16);
  tim = new Float64Array(16);
  /** How many are held: entries [0, n). */
  n = 0;

  push(id: number, ela: number, tim: number): void {
    const i = this.n;
    if (i === this.id.length) this.grow(i + 1);
    this.id[i] = id;
    this.ela[i] = ela;
    this.tim[i] = tim;
    this.n = i + 1;
  }

  /** Entry `from` becomes entry `to` (to ≤ from): for keeping some in place. */
  move(from: number, to: number): void {
    this.id[to] = this.id[from] as number;
    this.ela[to] = this.ela[from] as number;
    this.tim[to] = this.tim[from] as number;
  }

  /** Room for `more` entries after the n held, so a loop may write them to the columns itself. */
  reserve(more: number): void {
    if (this.n + more > this.id.length) this.grow(this.n + more);
  }

  private grow(least: number): void {
    let size = this.id.length * 2;
    while (size < least) size *= 2;
    const id = new Int32Array(size);
    const ela = new Float64Array(size);
    const tim = new Float64Array(size);
    id.set(this.id);
    ela.set(this.ela);
    tim.set(this.tim);
    this.id = id;
    this.ela = ela;
    this.tim = tim;
  }
}
