// Definition levels from packed bits (encodeBitLevels): decoded by a reader written here from
// parquet-format's Encodings.md ("Run Length Encoding / Bit-Packing Hybrid"), they are the levels
// packed, for runs, alternations, random patterns and every length around a byte and a literal
// header's 1,024 groups; and runs stay runs (a page of nulls costs bytes, not a bit per row).
import { describe, expect, it } from 'vitest';
import { encodeBitLevels, encodeRleHybrid, rleHybridBound } from '@/lib/export/rle-hybrid';

/** The first n one-bit values of an RLE / bit-packing hybrid stream. */
function decode(bytes: Uint8Array, n: number): number[] {
  const values: number[] = [];
  let p = 0;
  while (values.length < n) {
    let header = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[p++] as number;
      header += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) break;
    }
    if (header % 2 === 0) {
      const value = bytes[p++] as number;
      for (let i = 0; i < header / 2; i++) values.push(value);
    } else {
      const groups = (header - 1) / 2;
      for (let g = 0; g < groups; g++) {
        const b = bytes[p++] as number;
        for (let bit = 0; bit < 8; bit++) values.push((b >> bit) & 1);
      }
    }
  }
  expect(p).toBe(bytes.length); // nothing after the last value's group
  return values.slice(0, n);
}

function packed(levels: number[]): Uint8Array {
  const bits = new Uint8Array(Math.ceil(levels.length / 8));
  levels.forEach((v, i) => {
    bits[i >> 3] = (bits[i >> 3] as number) | (v << (i & 7));
  });
  return bits;
}

const encode = (levels: number[]): Uint8Array => {
  const out = new Uint8Array(rleHybridBound(levels.length, 1));
  return out.subarray(0, encodeBitLevels(packed(levels), levels.length, out));
};

describe('encodeBitLevels', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const patterns: [string, (i: number) => number][] = [
    ['alternating (EXEC, XCTEND)', (i) => i % 2],
    ['ones with a null now and then', (i) => (i % 37 === 5 ? 0 : 1)],
    ['long runs of each', (i) => Math.floor(i / 300) % 2],
    ['random', () => (random() < 0.5 ? 1 : 0)],
  ];

  it.each(patterns)('%s: decodes to the levels packed, at every length around a byte and a header of 1,024 groups', (_, level) => {
    for (const n of [1, 2, 7, 8, 9, 15, 16, 17, 64, 1000, 8191, 8192, 8193, 8 * 1024 * 3 + 5, 131_072]) {
      const levels = Array.from({ length: n }, (_, i) => level(i));
      expect(decode(encode(levels), n)).toEqual(levels);
    }
  });

  it('writes runs as runs: a null every 1,000 rows costs about what the general encoder writes, not a bit per row', () => {
    const levels = Array.from({ length: 131_072 }, (_, i) => (i % 1000 === 5 ? 0 : 1));
    const general = new Uint8Array(rleHybridBound(levels.length, 1));
    const generalBytes = encodeRleHybrid(Int32Array.from(levels), levels.length, 1, general);
    const bytes = encode(levels);
    expect(bytes.length).toBeLessThan(131_072 / 8 / 10);
    expect(bytes.length).toBeLessThanOrEqual(generalBytes + 3 * 132);
  });
});
