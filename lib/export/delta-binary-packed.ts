/**
 * Parquet's DELTA_BINARY_PACKED for INT64 (parquet-format Encodings.md "Delta Encoding"): a header
 * (block size 128, 4 miniblocks, the value count, the first value as a zigzag varint), then per
 * block the smallest delta (zigzag varint), one bit width per miniblock, and each miniblock's 32
 * deltas less that minimum, bit-packed LSB first. A trace's integer columns (line, byte offset, tim,
 * wall time) grow by small steps, so most values take one or two bytes instead of PLAIN's eight:
 * smaller files, and fewer bytes to write (numbers in bench/export-bench.mjs).
 *
 * Values arrive as float64 integers (whole numbers: a column whose values can have fractions
 * rounds them where it fills them, as summary-rows.ts does). Above 2^51 in magnitude a delta less the minimum could pass
 * 2^53, where float64 stops counting every integer: such a column chunk is written PLAIN instead
 * (encodeDeltaInt64 returns -1).
 *
 * The encoding itself is delta-kernel.wat, in WebAssembly for its 64-bit integers: on float64s in
 * JavaScript it took ~5-9 ns a value, a sixth of the export of the 1 GiB benchmark trace.
 */
import { DELTA_KERNEL_WASM_BASE64 } from './delta-kernel-bytes';

const BLOCK = 128;
const PAGE = 65536;
/** Where delta-kernel.wat takes the values: after its scratch (a block's deltas and miniblocks' largest). */
const VALUES_AT = 2048;

/** The most bytes encodeDeltaInt64 writes for m values: 7 a delta (width ≤ 54: 6.75 bytes), a 10-byte minimum and 4 widths a block, the header. */
export function deltaBound(m: number): number {
  return Math.ceil(Math.max(0, m - 1) / BLOCK) * (BLOCK * 7 + 14) + 32;
}

interface DeltaKernel {
  memory: WebAssembly.Memory;
  encode(values: number, m: number, out: number): number;
}

let kernel: DeltaKernel | null = null;

/** The module's instance on this thread, its memory grown to hold m values and their encoding. */
function kernelFor(m: number): DeltaKernel {
  if (kernel === null) {
    const text = atob(DELTA_KERNEL_WASM_BASE64);
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    kernel = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as DeltaKernel;
  }
  const needed = VALUES_AT + 8 * m + deltaBound(m);
  const memory = kernel.memory;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
  return kernel;
}

/** Encodes the `m` values into `out` (deltaBound bytes); returns the bytes written, or -1 when a value is out of range (see above). */
export function encodeDeltaInt64(values: Float64Array, m: number, out: Uint8Array): number {
  const k = kernelFor(m);
  const buffer = k.memory.buffer;
  new Float64Array(buffer, VALUES_AT, m).set(values.subarray(0, m));
  const at = VALUES_AT + 8 * m;
  const length = k.encode(VALUES_AT, m, at);
  if (length < 0) return -1;
  out.set(new Uint8Array(buffer, at, length));
  return length;
}
