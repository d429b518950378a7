import type { WaitSamples } from './types';

/** Samples per block: blocks are never copied while a file is scanned. */
const BLOCK = 1 << 16;

interface Block {
  ela: Float64Array;
  tim: Float64Array;
  line: Uint32Array;
  offset: Float64Array;
  session: Uint32Array;
}

function newBlock(): Block {
  return {
    ela: new Float64Array(BLOCK),
    tim: new Float64Array(BLOCK),
    line: new Uint32Array(BLOCK),
    offset: new Float64Array(BLOCK),
    session: new Uint32Array(BLOCK),
  };
}

/**
 * Columnar storage for the selected event's waits: typed arrays, never objects (style.md §4).
 * Samples go into fixed blocks, so growing never copies; `finish` copies once into arrays of the
 * exact size, which keeps peak memory near twice the samples instead of three or four times.
 */
export class SampleColumns {
  count = 0;
  private readonly blocks: Block[] = [];
  private current: Block = newBlock();
  private used = 0;

  constructor(private readonly fileIndex: number) {
    this.blocks.push(this.current);
  }

  push(ela: number, tim: number, line: number, offset: number, session: number): void {
    if (this.used === BLOCK) {
      this.current = newBlock();
      this.blocks.push(this.current);
      this.used = 0;
    }
    const b = this.current;
    const i = this.used++;
    b.ela[i] = ela;
    b.tim[i] = tim;
    b.line[i] = line;
    b.offset[i] = offset;
    b.session[i] = session;
    this.count++;
  }

  /**
   * Samples from columns in bulk (the line kernel's), rows [from, to), all in one session.
   * Copies block-sized runs with TypedArray.set instead of one push per sample.
   */
  pushRun(src: { ela: Float64Array; tim: Float64Array; offset: Float64Array; line: Uint32Array }, from: number, to: number, session: number): void {
    let at = from;
    while (at < to) {
      if (this.used === BLOCK) {
        this.current = newBlock();
        this.blocks.push(this.current);
        this.used = 0;
      }
      const k = Math.min(to - at, BLOCK - this.used);
      const b = this.current;
      b.ela.set(src.ela.subarray(at, at + k), this.used);
      b.tim.set(src.tim.subarray(at, at + k), this.used);
      b.offset.set(src.offset.subarray(at, at + k), this.used);
      b.line.set(src.line.subarray(at, at + k), this.used);
      b.session.fill(session, this.used, this.used + k);
      this.used += k;
      this.count += k;
      at += k;
    }
  }

  /** The blocks, trimmed views, no copy. The columns must not be pushed to afterwards. */
  takeBlocks(): WaitSamples[] {
    const parts: WaitSamples[] = [];
    let left = this.count;
    for (const b of this.blocks) {
      const k = Math.min(BLOCK, left);
      if (k === 0) break;
      parts.push({
        count: k,
        ela: b.ela.subarray(0, k),
        tim: b.tim.subarray(0, k),
        file: new Uint32Array(k).fill(this.fileIndex),
        line: b.line.subarray(0, k),
        offset: b.offset.subarray(0, k),
        session: b.session.subarray(0, k),
      });
      left -= k;
    }
    this.blocks.length = 0;
    return parts;
  }

  /** The samples in arrays of the exact count. The columns must not be pushed to afterwards. */
  finish(): WaitSamples {
    const n = this.count;
    const out = allocateSamples(n);
    out.file.fill(this.fileIndex);
    let at = 0;
    for (const b of this.blocks) {
      const k = Math.min(BLOCK, n - at);
      out.ela.set(b.ela.subarray(0, k), at);
      out.tim.set(b.tim.subarray(0, k), at);
      out.line.set(b.line.subarray(0, k), at);
      out.offset.set(b.offset.subarray(0, k), at);
      out.session.set(b.session.subarray(0, k), at);
      at += k;
    }
    this.blocks.length = 0;
    return out;
  }
}

/** Zeroed columns for `count` samples. */
export function allocateSamples(count: number): WaitSamples {
  return {
    count,
    ela: new Float64Array(count),
    tim: new Float64Array(count),
    file: new Uint32Array(count),
    line: new Uint32Array(count),
    offset: new Float64Array(count),
    session: new Uint32Array(count),
  };
}

export function emptySamples(): WaitSamples {
  return allocateSamples(0);
}
