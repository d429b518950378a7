/**
 * Parquet's DELTA_BINARY_PACKED for INT64 (parquet-format Encodings.md "Delta Encoding"): a header
 * (block size 128, 4 miniblocks, the value count, the first value as a zigzag varint), then per
 * block the smallest delta (zigzag varint), one bit width per miniblock, and each miniblock's 32
 * deltas less that minimum, bit-packed LSB first. A trace's integer columns (line, byte offset, tim,
 * wall time) grow by small steps, so most values take one or two bytes instead of PLAIN's eight:
 * smaller files, and fewer bytes to write (numbers in bench/export-bench.mjs).
 *
 * Values arrive as float64 integers. Above 2^51 in magnitude a delta less the minimum could pass
 * 2^53, where float64 stops counting every integer: such a column chunk is written PLAIN instead
 * (encodeDeltaInt64 returns -1).
 */
const BLOCK = 128;
const MINIBLOCKS = 4;
const PER_MINIBLOCK = BLOCK / MINIBLOCKS;
const LIMIT = 2 ** 51;
const TWO_32 = 4294967296;

/** The most bytes encodeDeltaInt64 writes for m values: 7 a delta (width ≤ 53), a 10-byte minimum and 4 widths a block, the header. */
export function deltaBound(m: number): number {
  return Math.ceil(Math.max(0, m - 1) / BLOCK) * (BLOCK * 7 + 14) + 32;
}

/** The deltas of one block, less their minimum: reused, as the encoder runs on one thread at a time. */
const adjusted = new Float64Array(BLOCK);

/** Encodes the `m` values into `out` (deltaBound bytes); returns the bytes written, or -1 when a value is out of range (see above). */
export function encodeDeltaInt64(values: Float64Array, m: number, out: Uint8Array): number {
  const first = m > 0 ? (values[0] as number) : 0;
  if (!(first <= LIMIT && first >= -LIMIT)) return -1;
  let p = varint(out, 0, BLOCK);
  p = varint(out, p, MINIBLOCKS);
  p = varint(out, p, m);
  p = varint(out, p, zigzag(first));
  for (let start = 1; start < m; start += BLOCK) {
    const n = Math.min(BLOCK, m - start);
    // One pass for the range check, the deltas and their minimum.
    let min = Infinity;
    let previous = values[start - 1] as number;
    for (let k = 0; k < n; k++) {
      const v = values[start + k] as number;
      if (!(v <= LIMIT && v >= -LIMIT)) return -1;
      const d = v - previous;
      previous = v;
      adjusted[k] = d;
      if (d < min) min = d;
    }
    p = varint(out, p, zigzag(min));
    const widthsAt = p;
    p += MINIBLOCKS;
    const used = Math.ceil(n / PER_MINIBLOCK);
    for (let b = 0; b < MINIBLOCKS; b++) {
      if (b >= used) {
        out[widthsAt + b] = 0;
        continue;
      }
      // One pass to take the minimum off and find the miniblock's largest.
      let max = 0;
      const from = b * PER_MINIBLOCK;
      const to = Math.min(n, from + PER_MINIBLOCK);
      for (let k = from; k < to; k++) {
        const a = (adjusted[k] as number) - min;
        adjusted[k] = a;
        if (a > max) max = a;
      }
      const width = bitsOf(max);
      out[widthsAt + b] = width;
      if (width === 0) continue;
      p = width <= 24 ? packNarrow(adjusted, from, to, width, out, p) : packWide(adjusted, from, to, width, out, p);
    }
  }
  return p;
}

/**
 * Packs adjusted[from, to) at `width` bits (25 … 54: a delta less the minimum is at most 2^53), padded with zeros to a whole miniblock of 32:
 * each value in three pieces of at most 24 bits, so the int32 accumulator never holds more than 31
 * bits. A trace's wide columns are a wait's parameters where events alternate (a `sync scn` beside
 * `#bytes=1`): every delta is wide there.
 */
function packWide(adjusted: Float64Array, from: number, to: number, width: number, out: Uint8Array, at: number): number {
  let p = at;
  let acc = 0;
  let bits = 0;
  const end = from + PER_MINIBLOCK;
  const middle = Math.min(24, width - 24);
  const top = width - 48; // > 0 only past 48 bits
  for (let k = from; k < end; k++) {
    const v = k < to ? (adjusted[k] as number) : 0;
    const high = Math.floor(v / TWO_32);
    const low = (v - high * TWO_32) >>> 0;
    acc |= (low & 0xffffff) << bits;
    bits += 24;
    while (bits >= 8) {
      out[p++] = acc & 0xff;
      acc >>>= 8;
      bits -= 8;
    }
    acc |= (((low >>> 24) | ((high & 0xffff) << 8)) & ((1 << middle) - 1)) << bits;
    bits += middle;
    while (bits >= 8) {
      out[p++] = acc & 0xff;
      acc >>>= 8;
      bits -= 8;
    }
    if (top > 0) {
      acc |= (high >>> 16) << bits;
      bits += top;
      while (bits >= 8) {
        out[p++] = acc & 0xff;
        acc >>>= 8;
        bits -= 8;
      }
    }
  }
  // 32 values of any width fill whole bytes.
  return p;
}

/** Packing for widths up to 24, the common case: an int32 accumulator never holds more than 31 bits. */
function packNarrow(adjusted: Float64Array, from: number, to: number, width: number, out: Uint8Array, at: number): number {
  let p = at;
  let acc = 0;
  let bits = 0;
  const end = from + PER_MINIBLOCK;
  for (let k = from; k < end; k++) {
    acc |= (k < to ? (adjusted[k] as number) : 0) << bits;
    bits += width;
    while (bits >= 8) {
      out[p++] = acc & 0xff;
      acc >>>= 8;
      bits -= 8;
    }
  }
  return p;
}

function bitsOf(max: number): number {
  if (max < TWO_32) return 32 - Math.clz32(max);
  return 64 - Math.clz32(Math.floor(max / TWO_32));
}

function zigzag(v: number): number {
  return v >= 0 ? 2 * v : -2 * v - 1;
}

function varint(out: Uint8Array, at: number, value: number): number {
  let p = at;
  let v = value;
  while (v >= 128) {
    out[p++] = (v % 128) | 0x80;
    v = Math.floor(v / 128);
  }
  out[p++] = v;
  return p;
}
