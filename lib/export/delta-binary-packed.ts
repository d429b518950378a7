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

/** The deltas of one block (before the minimum is taken off), and each miniblock's largest. */
const deltas = new Float64Array(BLOCK);
const largest = new Float64Array(MINIBLOCKS);
/** One miniblock packed: 32 values of up to 64 bits fill at most 64 words, written out as bytes. */
const words = new Uint32Array(2 * PER_MINIBLOCK);
const wordBytes = new Uint8Array(words.buffer);

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
    // One pass for the range check, the deltas, their minimum and each miniblock's largest.
    let min = Infinity;
    let previous = values[start - 1] as number;
    for (let b = 0, k = 0; k < n; b++) {
      let max = -Infinity;
      const to = Math.min(n, k + PER_MINIBLOCK);
      for (; k < to; k++) {
        const v = values[start + k] as number;
        if (!(v <= LIMIT && v >= -LIMIT)) return -1;
        const d = v - previous;
        previous = v;
        deltas[k] = d;
        if (d < min) min = d;
        if (d > max) max = d;
      }
      largest[b] = max;
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
      const width = bitsOf((largest[b] as number) - min);
      out[widthsAt + b] = width;
      if (width === 0) continue;
      const from = b * PER_MINIBLOCK;
      p = pack(from, Math.min(n, from + PER_MINIBLOCK), min, width, out, p);
    }
  }
  return p;
}

/**
 * Packs deltas[from, to) less `min` at `width` bits (1 … 54: a delta less the minimum is at most
 * 2^53), LSB first, padded with zeros to a whole miniblock of 32: into 32-bit words, value k at
 * bit k · width, then out as the words' bytes (little-endian, as Parquet's packing is). A value
 * of more than 32 bits goes as its low word, then its high bits after them. One step per value
 * with no loop per byte: the waits table's ten INT64 columns were the export's largest cost.
 */
function pack(from: number, to: number, min: number, width: number, out: Uint8Array, at: number): number {
  const count = width; // 32 values of `width` bits: `width` words
  words.fill(0, 0, count + 1);
  let bit = 0;
  if (width <= 32) {
    for (let k = from; k < to; k++, bit += width) {
      const v = (deltas[k] as number) - min; // < 2^32: its low 32 bits are v
      const word = bit >>> 5;
      const shift = bit & 31;
      words[word] = (words[word] as number) | (v << shift);
      if (shift + width > 32) words[word + 1] = v >>> (32 - shift);
    }
  } else {
    for (let k = from; k < to; k++, bit += width) {
      const v = (deltas[k] as number) - min;
      const high = Math.floor(v / TWO_32);
      const low = v - high * TWO_32;
      const word = bit >>> 5;
      const shift = bit & 31;
      // The low 32 bits span this word and the next; the high bits start 32 bits on, in the next.
      words[word] = (words[word] as number) | (low << shift);
      if (shift === 0) words[word + 1] = high;
      else {
        words[word + 1] = (low >>> (32 - shift)) | (high << shift);
        if (shift + width > 64) words[word + 2] = high >>> (32 - shift);
      }
    }
  }
  out.set(wordBytes.subarray(0, 4 * count), at);
  return at + 4 * count;
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
