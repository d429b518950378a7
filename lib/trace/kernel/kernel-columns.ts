/**
 * The line kernel's output columns (line-kernel.wat writes them): typed-array views over its
 * memory, laid one after another from a base, one entry per record.
 *
 * Class instances, not object literals: V8 gives literals of the same size one root map and
 * shares their property transitions, so wait-line.ts parseWaitLine's result (also 7 properties,
 * the first `id`, a number), made for a WAIT line cut by a chunk's end, widened the field type of
 * the wait log's `id` (an Int32Array) and threw away the optimized code that relied on it. Seen in
 * a 256 MiB profile pass in one thread (--trace-generalization, then --trace-deopt "marking
 * dependent code ... takeWaitLog, waitLogRun ... reason: code dependencies"), each of the two then
 * compiled by TurboFan a second time (20-35 ms of a core each).
 */

/** Views of `records` entries each, laid one after another from `at`, in the order they are asked for. */
class ColumnLayout {
  constructor(
    private readonly buffer: ArrayBuffer,
    private at: number,
    private readonly records: number,
  ) {}

  int32(): Int32Array {
    return this.take(Int32Array);
  }

  uint32(): Uint32Array {
    return this.take(Uint32Array);
  }

  float64(): Float64Array {
    return this.take(Float64Array);
  }

  private take<T extends Int32Array | Uint32Array | Float64Array>(type: { new (buffer: ArrayBuffer, at: number, length: number): T; BYTES_PER_ELEMENT: number }): T {
    const view = new type(this.buffer, this.at, this.records);
    this.at += type.BYTES_PER_ELEMENT * this.records;
    return view;
  }
}

/**
 * Samples the kernel wrote for the event the scanner keeps, as columns. `seq[i]` is how many
 * records the same call emitted before sample i, so the scanner can give each the session that
 * was current there.
 */
export class KernelSamples {
  readonly ela: Float64Array;
  readonly tim: Float64Array;
  readonly offset: Float64Array;
  readonly line: Uint32Array;
  readonly seq: Int32Array;

  /** In the order of line-kernel.wat's sample layout (32 bytes a record). */
  constructor(buffer: ArrayBuffer, base: number, records: number) {
    const layout = new ColumnLayout(buffer, base, records);
    this.ela = layout.float64();
    this.tim = layout.float64();
    this.offset = layout.float64();
    this.line = layout.uint32();
    this.seq = layout.int32();
  }
}

/**
 * The wait log (KernelEmit.WaitLog): each WAIT the kernel booked, in file order, as columns.
 * `id` is the event id the scanner registered it under; ela and tim are in the trace's unit;
 * `seq[i]` is how many records the same call emitted before entry i (as for samples). The WAIT's
 * line is input[start, end) of the scan call (as a record's start and end), at `line` lines after
 * the call's first.
 */
export class KernelWaitLog {
  readonly id: Int32Array;
  readonly seq: Int32Array;
  readonly ela: Float64Array;
  readonly tim: Float64Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly line: Int32Array;

  /** In the order of line-kernel.wat's wait-log layout (36 bytes a record). */
  constructor(buffer: ArrayBuffer, base: number, records: number) {
    const layout = new ColumnLayout(buffer, base, records);
    this.id = layout.int32();
    this.seq = layout.int32();
    this.ela = layout.float64();
    this.tim = layout.float64();
    this.start = layout.int32();
    this.end = layout.int32();
    this.line = layout.int32();
  }
}

/**
 * The commit log (KernelEmit.CommitLog): each XCTEND the kernel parsed and did not emit, in file
 * order, as columns: its tim in the trace's unit (NaN without one, before 11g), and `seq[i]`, how
 * many records the same call emitted before entry i (as for samples).
 */
export class KernelCommitLog {
  readonly tim: Float64Array;
  readonly seq: Int32Array;

  /** In the order of line-kernel.wat's commit-log layout (12 bytes a record). */
  constructor(buffer: ArrayBuffer, base: number, records: number) {
    const layout = new ColumnLayout(buffer, base, records);
    this.tim = layout.float64();
    this.seq = layout.int32();
  }
}
