import { DOUBLE_ZERO } from '../double-zero';
import type { KernelWaitLog } from './kernel/kernel-columns';
import type { KernelCallPlace } from './scanner';
import type { WaitRun } from './trace-visitor';

const EMPTY_BYTES = new Uint8Array(0);

/**
 * The WaitRun over a kernel's wait log (trace-visitor.ts onWaitRun), one per visited scan, placed
 * anew for each run. A class, not an object literal: a literal's hidden class is shared with other
 * literals of the same first keys (`id` first, as parseWaitLine's result), and the field types
 * widened there threw away the optimized takeWaitLog and onWaitRun when a thread's second range
 * made its first run (V8 --trace-deopt: "code dependencies"; test/profile/second-range.test.ts).
 */
export class KernelWaitRun implements WaitRun {
  readonly id: Int32Array;
  readonly ela: Float64Array;
  readonly tim: Float64Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly line: Int32Array;
  bytes: Uint8Array = EMPTY_BYTES;
  at = 0;
  offsetAt = DOUBLE_ZERO;
  firstLine = 0;

  constructor(
    log: KernelWaitLog,
    readonly names: readonly string[],
  ) {
    this.id = log.id;
    this.ela = log.ela;
    this.tim = log.tim;
    this.start = log.start;
    this.end = log.end;
    this.line = log.line;
  }

  /** Points the run at the kernel call's input, whose lines its entries' start, end and line index. */
  placeAt(where: KernelCallPlace): this {
    this.bytes = where.input;
    this.at = where.done;
    this.offsetAt = where.base + where.done;
    this.firstLine = where.firstLine;
    return this;
  }
}
