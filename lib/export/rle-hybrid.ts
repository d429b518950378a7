/**
 * Parquet's RLE / bit-packing hybrid (parquet-format Encodings.md, "Run Length Encoding /
 * Bit-Packing Hybrid"), for dictionary ids and definition levels: a run of one repeated value is
 * `varint(count << 1)` and the value in ceil(width / 8) bytes; other values go in groups of 8,
 * `varint(groups << 1 | 1)` then the groups bit-packed LSB first. Only a page's last group may be
 * padded. Written straight into a Uint8Array: hyparquet-writer's encoder appends byte by byte
 * through a DataView, several times slower over millions of ids (measured: bench/export-bench.mjs).
 */

/** Runs at least this long (one group) are written as RLE. */
const GROUP = 8;
/** Literal groups per header: long enough to cost nothing, short enough for any reader. */
const MAX_LITERAL_GROUPS = 1024;

/** Bits needed for ids 0 … size − 1; at least 1 (some readers refuse width 0). */
export function bitWidthFor(size: number): number {
  let w = 1;
  while (w < 24 && 2 ** w < size) w++;
  if (2 ** w < size) throw new Error(`a dictionary of ${size} values is more than this encoder packs`);
  return w;
}

/** The most bytes encodeRleHybrid writes for n values of `width` bits. */
export function rleHybridBound(n: number, width: number): number {
  const groups = Math.ceil(n / GROUP);
  return groups * width + (groups + 1) * 10 + 16;
}

/** Encodes values[0, n) at `width` bits (values are 0 ≤ v < 2^width) into `out` (rleHybridBound bytes) from `at`; returns where it ended. */
export function encodeRleHybrid(values: Int32Array, n: number, width: number, out: Uint8Array, at = 0): number {
  const valueBytes = (width + 7) >> 3;
  let p = at;
  let literalStart = -1;
  let literalGroups = 0;
  const flush = (): void => {
    if (literalGroups === 0) return;
    p = writeVarInt(out, p, (literalGroups << 1) | 1);
    p = bitPack(values, n, literalStart, literalGroups * GROUP, width, out, p);
    literalGroups = 0;
  };
  let i = 0;
  while (i < n) {
    const v = values[i] as number;
    let j = i + 1;
    while (j < n && j - i < GROUP && values[j] === v) j++;
    if (j - i === GROUP) {
      while (j < n && values[j] === v) j++;
      flush();
      p = writeVarInt(out, p, (j - i) << 1);
      for (let b = 0; b < valueBytes; b++) out[p++] = (v >>> (8 * b)) & 0xff;
      i = j;
      continue;
    }
    if (literalGroups === 0) literalStart = i;
    if (++literalGroups === MAX_LITERAL_GROUPS) {
      i += GROUP;
      flush();
      continue;
    }
    i += GROUP;
  }
  flush();
  return p;
}

/**
 * The same encoding for n values of one bit given packed 8 to a byte, LSB first (`bits`, as
 * definition levels are collected: parquet-table-writer.ts): runs of whole bytes of all zeros or
 * all ones are RLE, the other bytes go as they are, one group each. One step per 8 values, where
 * encodeRleHybrid takes one per value: a calls table's nullable columns alternate (an EXEC has c
 * and e, an XCTEND has not), and their levels cost a tenth of the export's time that way.
 */
export function encodeBitLevels(bits: Uint8Array, n: number, out: Uint8Array, at = 0): number {
  const bytes = (n + GROUP - 1) >> 3;
  // A last byte with fewer than 8 values is only ever a literal group (its padding is zeros).
  const whole = n >> 3;
  let p = at;
  let literalStart = 0;
  let literalGroups = 0;
  const flush = (): void => {
    if (literalGroups === 0) return;
    p = writeVarInt(out, p, (literalGroups << 1) | 1);
    out.set(bits.subarray(literalStart, literalStart + literalGroups), p);
    p += literalGroups;
    literalGroups = 0;
  };
  let i = 0;
  while (i < bytes) {
    const b = bits[i] as number;
    if ((b === 0 || b === 0xff) && i + 1 < whole && bits[i + 1] === b) {
      let j = i + 2;
      while (j < whole && bits[j] === b) j++;
      flush();
      p = writeVarInt(out, p, ((j - i) * GROUP) << 1);
      out[p++] = b & 1;
      i = j;
      continue;
    }
    if (literalGroups === 0) literalStart = i;
    i++;
    if (++literalGroups === MAX_LITERAL_GROUPS) flush();
  }
  flush();
  return p;
}

/** Packs `count` values from `start` (past n: zeros), LSB first. */
function bitPack(values: Int32Array, n: number, start: number, count: number, width: number, out: Uint8Array, p: number): number {
  let buffer = 0;
  let bits = 0;
  const end = start + count;
  for (let i = start; i < end; i++) {
    const v = i < n ? (values[i] as number) : 0;
    buffer |= v << bits;
    bits += width;
    while (bits >= 8) {
      out[p++] = buffer & 0xff;
      buffer >>>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) out[p++] = buffer & 0xff;
  return p;
}

function writeVarInt(out: Uint8Array, p: number, value: number): number {
  let v = value;
  while (v > 0x7f) {
    out[p++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[p++] = v;
  return p;
}
