import { LINE_KERNEL_WASM_BASE64 } from './line-kernel-bytes';
import { KernelCommitLog, KernelSamples, KernelWaitLog } from './kernel-columns';

/** Record layout of line-kernel.wat, in 4-byte units (and 8-byte units for the doubles). */
export const KernelRecord = {
  int32s: 12,
  float64s: 6,
  kindFlags: 0,
  start: 1,
  end: 2,
  nameStart: 3,
  nameLength: 4,
  lineIndex: 11,
  ela: 3,
  tim: 4,
} as const;

export const KernelKind = { Other: 0, Wait: 1, Record: 2, WaitUnparsed: 3, SqlText: 4, Call: 8 } as const;

/**
 * A call line the kernel parsed (KernelKind.Call, only with KernelEmit.Records): in its record,
 * the cursor's start and length (int32 slots), and the call's code; its fields in `calls`, at
 * `CallFields.per` f64 per record index, NaN where the line has none (c, e and tim in the trace's
 * unit). Codes are the indexes of CALL_NAMES.
 */
export const CallRecord = { cursorStart: 3, cursorLength: 4, code: 5 } as const;
export const CallFields = {
  per: 16,
  c: 0, e: 1, p: 2, cr: 3, cu: 4, mis: 5, r: 6, dep: 7, og: 8, plh: 9, tim: 10, type: 11, rlbk: 12, rdOnly: 13, cursor: 14, bytes: 15,
} as const;
export const CALL_NAMES = ['', 'PARSE', 'EXEC', 'FETCH', 'UNMAP', '', 'CLOSE', 'XCTEND'] as const;
export const KernelFlag = { InnerW: 1, HighByte: 2, EndsInDigit: 4, RecordsBefore: 8, TalliedBefore: 16 } as const;

/**
 * Lines the kernel hands back only when asked (the `emit` argument of `scan`), for a visited scan
 * that reads them (trace-visitor.ts): record lines ending in a value (calls, XCTEND, STAT, …;
 * otherwise only counted) and SQL text lines (otherwise skipped); and the wait log (`waitLog`:
 * every WAIT the kernel books, with its tim, for a visitor that takes WAITs in runs); and, with
 * Records, the commit log (`commitLog`: XCTEND lines the kernel parsed, logged with their tim
 * instead of emitted, for a visitor that takes commits in runs). A bit mask.
 */
export const KernelEmit = { Usual: 0, Records: 1, SqlText: 2, WaitLog: 4, CommitLog: 8 } as const;

/** What the kernel does with complete WAITs of a registered event, besides booking them. */
export const KernelKeep = { Nothing: 0, Samples: 1, Counts: 2 } as const;
export type KernelKeepMode = (typeof KernelKeep)[keyof typeof KernelKeep];

const RECORD_BYTES = 48;
/**
 * Records per call (and samples, wait log entries), refilled as often as a chunk needs. Why 4,096
 * and not 32,768: a profile's scan writes per call line a record (48 B) and its fields (128 B), and
 * per WAIT a wait log entry (36 B); with 32,768 a 4 MiB chunk's output (~4 MB) went through memory
 * rather than the cache, and each kernel touched ~3 MB more fresh pages, which cost ~11 µs each on
 * this VM (a C loop touching 64 MiB: 180 ms). `waitscope profile` of the 1 GiB trace, 10
 * alternating runs: median 1.075 s against 1.110 (CPU 2.00 s against 2.02); `stats` 0.480 s both.
 */
export const MAX_RECORDS = 4096;
/** Each of the two input areas: a chunk is read into one while the other is scanned. */
export const AREA_BYTES = 4 << 20;
const PAGE = 65536;
// The kernel reads in 64-byte blocks, up to 63 bytes past its input: a page of room after each
// area keeps those reads inside it.
const AREA_STRIDE = AREA_BYTES + PAGE;
const EVENTS_BASE = MAX_RECORDS * RECORD_BYTES;
const EVENT_SLOTS = 1024;
const EVENT_BYTES = 128;
/** Where an entry's count, total, min and max start, in 8-byte units. */
const EVENT_COUNTS = 10;
/** Longer names are never booked by the kernel: their WAITs always come to the scanner. */
export const MAX_KERNEL_NAME = 64;
/** Fill the table at most to this, so probing stays short and always ends at an empty slot. */
const MAX_REGISTERED = 768;
/** Calls ended early to register a new event, at most (see `stopsLeft` in the .wat). */
const MAX_STOPS = MAX_REGISTERED + 64;
const SAMPLES_BASE = EVENTS_BASE + EVENT_SLOTS * EVENT_BYTES;
/** Per sample: ela, tim and offset (f64), line and sequence (i32). */
const SAMPLE_BYTES = 32;
const AREA_BASE = SAMPLES_BASE + MAX_RECORDS * SAMPLE_BYTES;
/**
 * The tally table (KernelKeep.Counts): a u32 count per ela value below TALLY_CELLS (ela in the
 * trace's unit; ~1 s in µs), after the input areas. Its pages are touched only where values fall.
 */
const TALLY_BASE = AREA_BASE + 2 * AREA_STRIDE;
const TALLY_CELLS = 1 << 20;
/** The fields of parsed call lines (CallFields), after the tally: touched only by a scan that reads calls. */
const CALLS_BASE = TALLY_BASE + TALLY_CELLS * 4;
const CALL_BYTES = CallFields.per * 8;
/** The wait log (KernelEmit.WaitLog), after the call fields: per entry i32 id and seq, f64 ela and tim, i32 start, end and line index. */
const WAITLOG_BASE = CALLS_BASE + MAX_RECORDS * CALL_BYTES;
const WAITLOG_BYTES = 36;
/** The commit log (KernelEmit.CommitLog), after the wait log: per entry f64 tim, then i32 seq. */
const COMMITLOG_BASE = WAITLOG_BASE + MAX_RECORDS * WAITLOG_BYTES;
const COMMITLOG_BYTES = 12;
/** Values (and as many counts) per drainTally batch: the record area holds both. */
const DRAIN_BATCH = (MAX_RECORDS * RECORD_BYTES) / 8;

interface KernelExports {
  memory: WebAssembly.Memory;
  consumed: WebAssembly.Global;
  lines: WebAssembly.Global;
  skippedRecords: WebAssembly.Global;
  recordsAfterLast: WebAssembly.Global;
  inSql: WebAssembly.Global;
  emit: WebAssembly.Global;
  calls: WebAssembly.Global;
  waitLog: WebAssembly.Global;
  waitLogCount: WebAssembly.Global;
  commitLog: WebAssembly.Global;
  commitLogCount: WebAssembly.Global;
  events: WebAssembly.Global;
  wantTim: WebAssembly.Global;
  waitsCounted: WebAssembly.Global;
  samples: WebAssembly.Global;
  tally: WebAssembly.Global;
  tallyCells: WebAssembly.Global;
  tallyTop: WebAssembly.Global;
  tallyCount: WebAssembly.Global;
  drained: WebAssembly.Global;
  talliedAfterLast: WebAssembly.Global;
  maxSamples: WebAssembly.Global;
  sampleCount: WebAssembly.Global;
  stopsLeft: WebAssembly.Global;
  stopped: WebAssembly.Global;
  scan(input: number, length: number, out: number, maxRecords: number, firstLine: number, offsetBase: number): number;
  register(name: number, length: number, id: number, sampled: number): number;
  reset(stops: number): void;
  drainTally(values: number, counts: number, capacity: number): number;
}

export interface KernelScan {
  records: number;
  /** Bytes of complete lines gone through. */
  consumed: number;
  lines: number;
  /** Record lines counted without a record of their own. */
  skippedRecords: number;
  /** Some of those, or of the WAITs booked in the event table, came after the last emitted record. */
  recordsAfterLast: boolean;
  /** WAITs booked in the kernel's event table instead of emitted. */
  waitsCounted: number;
  /** Samples of the kept event written to the sample columns (`KernelSamples`). */
  samples: number;
  /** WAITs written to the wait log (`KernelWaitLog`, only with KernelEmit.WaitLog). */
  logged: number;
  /** XCTENDs written to the commit log (`KernelCommitLog`, only with KernelEmit.CommitLog), each also counted in skippedRecords. */
  commits: number;
  /** The call ended after a WAIT of an event not in its table: register it, then go on. */
  stopped: boolean;
  /** WAITs of the kept event were counted in the tally after the last emitted record. */
  talliedAfterLast: boolean;
}

let compiled: WebAssembly.Module | null | undefined;
/**
 * Kernels whose scanner finished, for the next scanner on this thread: a new one costs ~10 MB of
 * fresh pages (page faults) before its first line, which mattered once large files were cut
 * into ranges of 32 MiB.
 */
const spare: LineKernel[] = [];

/**
 * The kernel's bytes from the base64 text it is shipped as (line-kernel-bytes.ts), by a plain loop.
 * Why not Uint8Array.from(text, c => c.charCodeAt(0)): its callback, called once per byte in code
 * still cold, took 8-15 ms of each thread's start, on the calling thread inside the plan of its
 * ranges and on a parse worker before its first range (a profile's critical path, both), and V8
 * compiled the callback too. This loop took 0.5 ms with the profile's V8 flags (no compile) and
 * 1.6-5.8 ms without them (one OSR compile of ~4-5 ms on a background thread); the module's
 * compile itself 1-4 ms (node --trace-opt, this 2-core machine, 2026-12-04). A wrong decode leaves
 * no kernel (test/trace/line-kernel.test.ts "is available on this machine" fails).
 */
function kernelBytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The module, compiled once per thread; null where WebAssembly SIMD is missing. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    compiled = new WebAssembly.Module(kernelBytes(LINE_KERNEL_WASM_BASE64));
  } catch {
    compiled = null; // no WebAssembly or no SIMD: the scanner's JavaScript path does the same work
  }
  return compiled;
}

/**
 * One kernel instance per scanner. Its memory holds the output records and two input areas of
 * fixed size; it never grows after construction, so views handed out (even to a file read in
 * flight on another thread) stay valid.
 */
export class LineKernel {
  private readonly exports: KernelExports;
  readonly int32: Int32Array;
  readonly float64: Float64Array;
  private readonly areas: [Uint8Array, Uint8Array];
  private next = 0;
  private readonly eventFloat64: Float64Array;
  /** Per registered event: its id and the 8-byte index of its entry's counts. */
  private readonly registered: { id: number; at: number }[] = [];
  readonly samples: KernelSamples;
  readonly waitLog: KernelWaitLog;
  readonly commitLog: KernelCommitLog;
  /** Fields of the call records of the last scan (CallFields), per record index. */
  readonly calls: Float64Array;
  private readonly tallyTable: Uint32Array;

  private constructor(module: WebAssembly.Module) {
    this.exports = new WebAssembly.Instance(module).exports as unknown as KernelExports;
    const memory = this.exports.memory;
    const needed = COMMITLOG_BASE + MAX_RECORDS * COMMITLOG_BYTES;
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
    const buffer = memory.buffer;
    this.int32 = new Int32Array(buffer, 0, MAX_RECORDS * KernelRecord.int32s);
    this.float64 = new Float64Array(buffer, 0, MAX_RECORDS * KernelRecord.float64s);
    this.areas = [new Uint8Array(buffer, AREA_BASE, AREA_BYTES), new Uint8Array(buffer, AREA_BASE + AREA_STRIDE, AREA_BYTES)];
    this.eventFloat64 = new Float64Array(buffer, EVENTS_BASE, (EVENT_SLOTS * EVENT_BYTES) / 8);
    this.exports.events.value = EVENTS_BASE;
    this.exports.samples.value = SAMPLES_BASE;
    this.exports.tally.value = TALLY_BASE;
    this.exports.tallyCells.value = TALLY_CELLS;
    this.exports.calls.value = CALLS_BASE;
    this.exports.waitLog.value = WAITLOG_BASE;
    this.exports.commitLog.value = COMMITLOG_BASE;
    this.waitLog = new KernelWaitLog(buffer, WAITLOG_BASE, MAX_RECORDS);
    this.commitLog = new KernelCommitLog(buffer, COMMITLOG_BASE, MAX_RECORDS);
    this.calls = new Float64Array(buffer, CALLS_BASE, MAX_RECORDS * CallFields.per);
    this.tallyTable = new Uint32Array(buffer, TALLY_BASE, TALLY_CELLS);
    this.exports.maxSamples.value = MAX_RECORDS;
    this.exports.reset(MAX_STOPS);
    this.samples = new KernelSamples(buffer, SAMPLES_BASE, MAX_RECORDS);
  }

  /**
   * Lets the kernel book complete WAITs of the event named by name[start, start + length) (bytes
   * in one of this kernel's input areas, as its records point to; no quote among them) itself:
   * count, total, min, max. WAITs of an event kept as samples also go to the sample columns
   * (`samples`); kept as counts, to the tally (`drainTally`). Returns false when the table is full
   * or the name too long.
   */
  register(name: Uint8Array, start: number, length: number, id: number, keep: KernelKeepMode): boolean {
    if (this.registered.length >= MAX_REGISTERED || length > MAX_KERNEL_NAME || !this.owns(name)) return false;
    const entry = this.exports.register(name.byteOffset + start, length, id, keep);
    if (entry === 0) return false;
    this.registered.push({ id, at: (entry - EVENTS_BASE) / 8 + EVENT_COUNTS });
    return true;
  }

  /** The WAITs the kernel booked, per event id. */
  counted(): { id: number; count: number; total: number; min: number; max: number }[] {
    const f = this.eventFloat64;
    return this.registered.map(({ id, at }) => ({
      id,
      count: f[at] as number,
      total: f[at + 1] as number,
      min: f[at + 2] as number,
      max: f[at + 3] as number,
    }));
  }

  /** Kept-event WAITs counted in the tally so far. */
  get tallied(): number {
    return this.exports.tallyCount.value as number;
  }

  /**
   * Hands the tallied values (in the trace's unit, ascending) and their counts to `into`, in
   * batches of at most `batch` (values[0, n), counts[0, n), and the sum of those counts; the views
   * are reused), then empties the tally. The kernel walks its table (drainTally in the .wat); the
   * batches go through the record area, which no scan needs any more.
   */
  drainTally(into: (values: Uint32Array, counts: Uint32Array, n: number, waits: number) => void, batch = DRAIN_BATCH): void {
    if (!(batch >= 1 && batch <= DRAIN_BATCH)) throw new RangeError(`a drain batch must be 1 to ${DRAIN_BATCH}`);
    const buffer = this.exports.memory.buffer;
    const values = new Uint32Array(buffer, 0, batch);
    const counts = new Uint32Array(buffer, batch * 4, batch);
    for (;;) {
      const n = this.exports.drainTally(values.byteOffset, counts.byteOffset, batch);
      if (n > 0) into(values, counts, n, this.exports.drained.value as number);
      if (n < batch) return;
    }
  }

  /** A kernel for a new scan: a spare one of this thread, else a new one; null without SIMD. */
  static create(): LineKernel | null {
    const module = kernelModule();
    if (!module) return null;
    return spare.pop() ?? new LineKernel(module);
  }

  /**
   * Compiles the module and readies a spare kernel, for a thread that may have time before its
   * first scan (a parse worker). Its pages are not touched here: they once were (11 MB of page
   * faults), but a worker now gets its first range ~25 ms after the calling thread starts
   * parsing, so that only delayed it, and the pages a scan never uses (most of the sample columns
   * when only counts are kept) cost faults for nothing.
   */
  static warmUp(): void {
    LineKernel.create()?.release();
  }

  /** Hands the kernel back for the next scan; its owner must not use it afterwards. */
  release(): void {
    new Uint8Array(this.exports.memory.buffer, EVENTS_BASE, EVENT_SLOTS * EVENT_BYTES).fill(0);
    this.tallyTable.fill(0, 0, (this.exports.tallyTop.value as number) + 1);
    this.registered.length = 0;
    this.exports.reset(MAX_STOPS);
    spare.push(this);
  }

  /** The next input area to fill (they alternate), for reading a file straight into it. */
  area(): Uint8Array {
    const area = this.areas[this.next] as Uint8Array;
    this.next ^= 1;
    return area;
  }

  /** True when `chunk` lies in one of the input areas. */
  owns(chunk: Uint8Array): boolean {
    return chunk.buffer === this.exports.memory.buffer && chunk.byteOffset >= AREA_BASE;
  }

  /** Copies src[start, end) (at most AREA_BYTES) into an area; returns a view of those bytes. */
  load(src: Uint8Array, start: number, end: number): Uint8Array {
    const area = this.area();
    area.set(src.subarray(start, end));
    return area.subarray(0, end - start);
  }

  /**
   * Scans input[from, length) of an area view: a record per complete line (at most MAX_RECORDS),
   * except plain record lines, which are only counted, and SQL text, unless `emit` (KernelEmit bits)
   * asks for them.
   */
  scan(input: Uint8Array, from: number, length: number, inSql: boolean, wantTim: boolean, firstLine: number, offsetBase: number, emit = 0): KernelScan {
    const x = this.exports;
    x.inSql.value = inSql ? 1 : 0;
    x.emit.value = emit;
    x.wantTim.value = wantTim ? 1 : 0;
    const records = x.scan(input.byteOffset + from, length - from, 0, MAX_RECORDS, firstLine, offsetBase);
    return {
      records,
      consumed: x.consumed.value as number,
      lines: x.lines.value as number,
      skippedRecords: x.skippedRecords.value as number,
      recordsAfterLast: (x.recordsAfterLast.value as number) !== 0,
      waitsCounted: x.waitsCounted.value as number,
      samples: x.sampleCount.value as number,
      logged: x.waitLogCount.value as number,
      commits: x.commitLogCount.value as number,
      stopped: (x.stopped.value as number) !== 0,
      talliedAfterLast: (x.talliedAfterLast.value as number) !== 0,
    };
  }
}
