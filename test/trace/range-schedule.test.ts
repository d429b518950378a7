// Range starts for one large file on several threads: largest first, each 1 / (2 x threads) of what
// is left, never below the minimum, with no sliver at the end. Expected values worked out by hand.
import { describe, expect, it } from 'vitest';
import { guidedRangeStarts, profileRangeStarts } from '../../lib/trace/range-schedule';

const MiB = 1 << 20;

describe('guidedRangeStarts', () => {
  it('cuts 1 GiB on 2 threads into 256, 192, 144, 108 MiB, … down to 16 MiB ranges', () => {
    const size = 1024 * MiB;
    const starts = guidedRangeStarts(size, 2, 16 * MiB);
    const sizes = [...starts, size].map((end, i) => end - (i === 0 ? 0 : (starts[i - 1] as number)));
    // 1024/4 = 256; (1024-256)/4 = 192; 768-192 = 576, /4 = 144; 432/4 = 108; 324/4 = 81.
    expect(sizes.slice(0, 5)).toEqual([256, 192, 144, 108, 81].map((m) => m * MiB));
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1] as number);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(8 * MiB); // the last may absorb a sliver, never be one
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(size);
    expect(sizes.length).toBe(14);
  });

  it('gives no cut for a file not much larger than the minimum', () => {
    expect(guidedRangeStarts(20 * MiB, 2, 16 * MiB)).toEqual([]);
  });

  it('gives more, smaller first ranges with more threads (1/(2 x threads) of the rest)', () => {
    const starts = guidedRangeStarts(800 * MiB, 4, 10 * MiB);
    expect(starts[0]).toBe(100 * MiB); // 800/8
    expect((starts[1] as number) - (starts[0] as number)).toBe(Math.ceil((700 * MiB) / 8));
  });
});

describe('profileRangeStarts', () => {
  it('cuts a file to profile into one equal range per thread', () => {
    expect(profileRangeStarts(1024 * MiB, 2)).toEqual([512 * MiB]);
    expect(profileRangeStarts(1024 * MiB, 4)).toEqual([256, 512, 768].map((m) => m * MiB));
    expect(profileRangeStarts(1000, 3, 10)).toEqual([333, 666]);
    expect(profileRangeStarts(64 * MiB, 2)).toEqual([32 * MiB]); // exactly the size worth splitting
  });

  it('gives no cut on one thread or below the size worth splitting', () => {
    expect(profileRangeStarts(1024 * MiB, 1)).toEqual([]);
    expect(profileRangeStarts(63 * MiB, 2)).toEqual([]);
    expect(profileRangeStarts(99, 2, 100)).toEqual([]);
  });
});
