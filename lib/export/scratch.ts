/**
 * Typed arrays reused by name, grown when too small: a table's pages are encoded into the same
 * buffers row group after row group, where fresh ones (a megabyte per column per row group) kept
 * the garbage collector busy for a sixth of an export's time (measured with --cpu-prof).
 */
export class Scratch {
  private readonly byteBuffers = new Map<string, Uint8Array>();
  private readonly int32Buffers = new Map<string, Int32Array>();
  private readonly float64Buffers = new Map<string, Float64Array>();

  bytes(name: string, size: number): Uint8Array {
    return reuse(this.byteBuffers, name, size, (n) => new Uint8Array(n));
  }

  int32(name: string, size: number): Int32Array {
    return reuse(this.int32Buffers, name, size, (n) => new Int32Array(n));
  }

  float64(name: string, size: number): Float64Array {
    return reuse(this.float64Buffers, name, size, (n) => new Float64Array(n));
  }
}

function reuse<T extends { length: number }>(buffers: Map<string, T>, name: string, size: number, make: (n: number) => T): T {
  const held = buffers.get(name);
  if (held !== undefined && held.length >= size) return held;
  // Half again as large, so a growing size does not reallocate every time.
  const made = make(Math.max(size, Math.ceil((held?.length ?? 0) * 1.5)));
  buffers.set(name, made);
  return made;
}
