import type { PositionColumn, SampleKeeping, WaitSamples } from './types';

/** Samples per block: blocks are never copied while a file is scanned. */
const BLOCK = 1 << 16;

const NO_FLOATS = new Float64Array(0);
const NO_INTS = new Uint32Array(0);
const ALL_COLUMNS: readonly PositionColumn[] = ['tim', 'file', 'line', 'offset'];

/** The position columns a keeping mode keeps ('samples': all of them). */
export function columnsKept(keep: SampleKeeping | undefined): ReadonlySet<PositionColumn> {
  if (keep === 'session-counts') return new Set();
  return new Set(keep === undefined || typeof keep === 'string' ? ALL_COLUMNS : keep.columns);
}

/** Whether `samples` has the column (a column not kept is empty; see PositionColumn). */
export function hasColumn(samples: WaitSamples, column: PositionColumn): boolean {
  return samples[column].length >= samples.count;
}

interface Block {
  ela: Float64Array;
  tim: Float64Array;
  line: Uint32Array;
  offset: Float64Array;
  session: Uint32Array;
}

/**
 * Columnar storage for the selected event's waits: typed arrays, never objects (style.md §4).
 * Samples go into fixed blocks, so growing never copies; `finish` copies once into arrays of the
 * exact size, which keeps peak memory near twice the samples instead of three or four times.
 * Only the columns asked for are kept (ela and session always): `compare` keeps 12 bytes a wait
 * instead of 36.
 */
export class SampleColumns {
  count = 0;
  private readonly blocks: Block[] = [];
  private current: Block;
  private used = 0;
  private readonly keepTim: boolean;
  private readonly keepLine: boolean;
  private readonly keepOffset: boolean;
  private readonly keepFile: boolean;

  constructor(
    private readonly fileIndex: number,
    keep?: SampleKeeping,
  ) {
    const kept = columnsKept(keep);
    this.keepTim = kept.has('tim');
    this.keepLine = kept.has('line');
    this.keepOffset = kept.has('offset');
    this.keepFile = kept.has('file');
    this.current = this.newBlock();
    this.blocks.push(this.current);
  }

  private newBlock(): Block {
    return {
      ela: new Float64Array(BLOCK),
      tim: this.keepTim ? new Float64Array(BLOCK) : NO_FLOATS,
      line: this.keepLine ? new Uint32Array(BLOCK) : NO_INTS,
      offset: this.keepOffset ? new Float64Array(BLOCK) : NO_FLOATS,
      session: new Uint32Array(BLOCK),
    };
  }

  /** Sets the tim of sample `index` (pushed earlier), where it was not known yet when pushed (line-grammar.ts logWriteWarning). */
  patchTim(index: number, tim: number): void {
    const block = this.blocks[Math.floor(index / BLOCK)];
    if (block && block.tim.length > 0) block.tim[index % BLOCK] = tim;
  }

  push(ela: number, tim: number, line: number, offset: number, session: number): void {
    if (this.used === BLOCK) {
      this.current = this.newBlock();
      this.blocks.push(this.current);
      this.used = 0;
    }
    const b = this.current;
    const i = this.used++;
    b.ela[i] = ela;
    // A column not kept is empty: a store past its end does nothing.
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
        this.current = this.newBlock();
        this.blocks.push(this.current);
        this.used = 0;
      }
      const k = Math.min(to - at, BLOCK - this.used);
      const b = this.current;
      b.ela.set(src.ela.subarray(at, at + k), this.used);
      if (this.keepTim) b.tim.set(src.tim.subarray(at, at + k), this.used);
      if (this.keepOffset) b.offset.set(src.offset.subarray(at, at + k), this.used);
      if (this.keepLine) b.line.set(src.line.subarray(at, at + k), this.used);
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
        file: this.keepFile ? new Uint32Array(k).fill(this.fileIndex) : NO_INTS,
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
    const out = allocateSamples(n, { keepTim: this.keepTim, keepLine: this.keepLine, keepOffset: this.keepOffset, keepFile: this.keepFile });
    out.file.fill(this.fileIndex);
    let at = 0;
    for (const b of this.blocks) {
      const k = Math.min(BLOCK, n - at);
      out.ela.set(b.ela.subarray(0, k), at);
      if (this.keepTim) out.tim.set(b.tim.subarray(0, k), at);
      if (this.keepLine) out.line.set(b.line.subarray(0, k), at);
      if (this.keepOffset) out.offset.set(b.offset.subarray(0, k), at);
      out.session.set(b.session.subarray(0, k), at);
      at += k;
    }
    this.blocks.length = 0;
    return out;
  }
}

/** Zeroed columns for `count` samples: every column, or those kept. */
export function allocateSamples(count: number, kept = { keepTim: true, keepLine: true, keepOffset: true, keepFile: true }): WaitSamples {
  return {
    count,
    ela: new Float64Array(count),
    tim: kept.keepTim ? new Float64Array(count) : NO_FLOATS,
    file: kept.keepFile ? new Uint32Array(count) : NO_INTS,
    line: kept.keepLine ? new Uint32Array(count) : NO_INTS,
    offset: kept.keepOffset ? new Float64Array(count) : NO_FLOATS,
    session: new Uint32Array(count),
  };
}

export function emptySamples(): WaitSamples {
  return allocateSamples(0);
}

/**
 * The samples whose `keep` flag is 1 (`kept` of them), in order, with the same columns kept: a
 * window's or a filter's subset (lib/scope), on which every statistic is computed as on a whole.
 */
export function selectSamples(samples: WaitSamples, keep: Uint8Array, kept: number): WaitSamples {
  const has = (column: PositionColumn) => hasColumn(samples, column);
  const [tim, file, line, offset] = [has('tim'), has('file'), has('line'), has('offset')];
  const out = allocateSamples(kept, { keepTim: tim, keepLine: line, keepOffset: offset, keepFile: file });
  let k = 0;
  for (let i = 0; i < samples.count; i++) {
    if (keep[i] !== 1) continue;
    out.ela[k] = samples.ela[i] as number;
    out.session[k] = samples.session[i] as number;
    if (tim) out.tim[k] = samples.tim[i] as number;
    if (file) out.file[k] = samples.file[i] as number;
    if (line) out.line[k] = samples.line[i] as number;
    if (offset) out.offset[k] = samples.offset[i] as number;
    k++;
  }
  return out;
}
