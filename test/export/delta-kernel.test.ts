// The delta encoder (delta-kernel.wat, through encodeDeltaInt64): embedded as
// scripts/build-kernel.mjs assembles it, and its bytes are DELTA_BINARY_PACKED as Encodings.md
// defines it, checked by a decoder written here from that text (header, per block a zigzag
// minimum, four widths, miniblocks of 32 LSB-first), for every miniblock width from 0 to 54 (a
// delta less the minimum reaches 2^53 between ±2^51), negative values, runs shorter than a block
// and than a miniblock; past 2^51 it declines (-1), for PLAIN.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deltaBound, encodeDeltaInt64 } from '@/lib/export/delta-binary-packed';
import { assembleKernel, KERNELS, kernelModuleText } from '../../scripts/build-kernel.mjs';

/** The miniblock widths the decoder has read. */
const widthsSeen = new Set<number>();

function decode(bytes: Uint8Array): bigint[] {
  let p = 0;
  const varint = (): bigint => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      const b = bytes[p++] as number;
      v |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if (b < 0x80) return v;
    }
  };
  const unzigzag = (z: bigint): bigint => (z & 1n ? -((z + 1n) >> 1n) : z >> 1n);
  const blockSize = Number(varint());
  const miniblocks = Number(varint());
  const count = Number(varint());
  const first = unzigzag(varint());
  // With no value, the header still has a first value (0); it is no value.
  const values = count > 0 ? [first] : [];
  const perMini = blockSize / miniblocks;
  while (values.length < count) {
    const min = unzigzag(varint());
    const widths = Array.from({ length: miniblocks }, () => bytes[p++] as number);
    for (const width of widths) {
      if (values.length < count) widthsSeen.add(width);
      let bit = 0;
      const start = p;
      for (let k = 0; k < perMini; k++) {
        let v = 0n;
        for (let b = 0; b < width; b++, bit++) if ((bytes[start + (bit >> 3)] as number) & (1 << (bit & 7))) v |= 1n << BigInt(b);
        if (values.length < count) values.push((values.at(-1) as bigint) + min + v);
      }
      p = start + (perMini * width) / 8;
      if (values.length >= count) break;
    }
  }
  expect(p).toBe(bytes.length);
  return values;
}

const encode = (values: number[]): Uint8Array | null => {
  const out = new Uint8Array(deltaBound(values.length));
  const n = encodeDeltaInt64(Float64Array.from(values), values.length, out);
  return n < 0 ? null : out.slice(0, n);
};

describe('the delta encoder', () => {
  it('is embedded exactly as scripts/build-kernel.mjs assembles delta-kernel.wat', async () => {
    const embedded = readFileSync(new URL('../../lib/export/delta-kernel-bytes.ts', import.meta.url), 'utf8');
    expect(embedded).toBe(kernelModuleText(await assembleKernel(KERNELS.delta), KERNELS.delta));
  });

  it('encodes what a decoder from Encodings.md reads back, at every width, with negatives and short runs', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let width = 0; width <= 52; width++) {
      for (const m of [0, 1, 2, 31, 33, 128, 129, 300]) {
        // From -2^51, each up to 2^width above it: deltas of up to width + 1 bits, either sign.
        const values = Array.from({ length: m }, (_, i) => -(2 ** 51) + (i % 7 === 3 ? 0 : Math.floor(random() * 2 ** width)));
        const bytes = encode(values);
        expect(bytes, `width ${width}, ${m} values`).not.toBeNull();
        expect(decode(bytes as Uint8Array)).toEqual(values.map((v) => BigInt(v)));
      }
    }
    // Steps of 1 and 2: deltas less their minimum of 0 and 1, one bit each.
    const steps = Array.from({ length: 100 }, (_, i) => Math.floor((3 * i) / 2));
    expect(decode(encode(steps) as Uint8Array)).toEqual(steps.map((v) => BigInt(v)));
    // The widest deltas: from -2^51 to 2^51 and back (2^52 up, 2^52 down: 2^53 less the minimum).
    const extremes = [-(2 ** 51), 2 ** 51, -(2 ** 51), 0, 2 ** 51 - 1];
    expect(decode(encode(extremes) as Uint8Array)).toEqual(extremes.map((v) => BigInt(v)));
    expect(Array.from({ length: 55 }, (_, w) => w).filter((w) => !widthsSeen.has(w))).toEqual([]);
  });

  it('declines a value past 2^51 in magnitude, first or later', () => {
    expect(encode([2 ** 51 + 2, 1])).toBeNull();
    expect(encode([1, 2, -(2 ** 51) - 2])).toBeNull();
    expect(encode(Array.from({ length: 200 }, (_, i) => (i === 150 ? 2 ** 53 : i)))).toBeNull();
  });
});
