/**
 * The simulated clock of one traced process: a wall clock for `***` stamps and the `tim` counter, which
 * advance together. `tim` has no fixed epoch (trace-format.md §1): epoch-µs-like in 9.2/10.2/11.2 files,
 * small in 12.2+; in 8i it is centiseconds, hence `timDivisor`.
 *
 * Wall time is kept as µs since 1970 of the *local* clock and formatted with the UTC getters, so the
 * output never depends on the time zone of the machine that generates the fixtures.
 */
export class Clock {
  private wallUs: number;
  private timUs: number;

  /**
   * @param wallStart local wall-clock start, `YYYY-MM-DDTHH:MM:SS(.ffffff)`
   * @param timStart the first `tim` value, in the file's `tim` unit
   * @param timDivisor µs per `tim` unit: 1, or 10 000 for 8i centiseconds
   */
  constructor(wallStart: string, timStart: number, private readonly timDivisor = 1) {
    const [whole, frac = ''] = wallStart.split('.');
    const ms = Date.parse(`${whole}Z`);
    if (Number.isNaN(ms)) throw new Error(`bad wall clock start ${wallStart}`);
    this.wallUs = ms * 1000 + Number(frac.padEnd(6, '0').slice(0, 6));
    this.timUs = timStart * timDivisor;
  }

  advance(us: number): this {
    this.wallUs += us;
    this.timUs += us;
    return this;
  }

  /** Current `tim`, in the file's unit. */
  get tim(): number {
    return Math.floor(this.timUs / this.timDivisor);
  }

  /** `2012-08-09 10:15:02.123` (≤ 12.1). */
  stampOld(): string {
    return `${this.datePart(' ')}.${pad(Math.floor((this.wallUs % 1_000_000) / 1000), 3)}`;
  }

  /** `2019-07-09T09:57:07.703476-07:00` (12.2+); `offset` as written, e.g. `-07:00`, or '' for none. */
  stampIso(offset: string): string {
    return `${this.datePart('T')}.${pad(this.wallUs % 1_000_000, 6)}${offset}`;
  }

  private datePart(sep: string): string {
    const d = new Date(Math.floor(this.wallUs / 1000));
    return (
      `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
      `${sep}${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`
    );
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
