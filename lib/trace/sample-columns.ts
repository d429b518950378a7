import type { WaitSamples } from './types';

const INITIAL_CAPACITY = 1024;

/**
 * Growable columnar storage for the selected event's waits: typed arrays, never objects
 * (style.md §4). Growth is 1.5×, so the slack stays under half the kept samples.
 */
export class SampleColumns {
  count = 0;
  private capacity = INITIAL_CAPACITY;
  ela = new Float64Array(INITIAL_CAPACITY);
  tim = new Float64Array(INITIAL_CAPACITY);
  file = new Uint32Array(INITIAL_CAPACITY);
  line = new Uint32Array(INITIAL_CAPACITY);
  offset = new Float64Array(INITIAL_CAPACITY);
  session = new Uint32Array(INITIAL_CAPACITY);

  push(ela: number, tim: number, file: number, line: number, offset: number, session: number): void {
    if (this.count === this.capacity) this.grow();
    const i = this.count++;
    this.ela[i] = ela;
    this.tim[i] = tim;
    this.file[i] = file;
    this.line[i] = line;
    this.offset[i] = offset;
    this.session[i] = session;
  }

  private grow(): void {
    this.capacity = Math.ceil(this.capacity * 1.5);
    this.ela = grown(this.ela, new Float64Array(this.capacity));
    this.tim = grown(this.tim, new Float64Array(this.capacity));
    this.file = grown(this.file, new Uint32Array(this.capacity));
    this.line = grown(this.line, new Uint32Array(this.capacity));
    this.offset = grown(this.offset, new Float64Array(this.capacity));
    this.session = grown(this.session, new Uint32Array(this.capacity));
  }

  /** Trims to the exact count. The columns must not be pushed to afterwards. */
  finish(): WaitSamples {
    const n = this.count;
    return {
      count: n,
      ela: this.ela.slice(0, n),
      tim: this.tim.slice(0, n),
      file: this.file.slice(0, n),
      line: this.line.slice(0, n),
      offset: this.offset.slice(0, n),
      session: this.session.slice(0, n),
    };
  }
}

function grown<T extends Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

export function emptySamples(): WaitSamples {
  return new SampleColumns().finish();
}
