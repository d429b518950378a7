import { describe, expect, it } from 'vitest';
import {
  bucketLog2Micros,
  bucketLog2Millis,
  log2BucketUpperBound,
  MILLI_VIEW,
} from '@/lib/stats/buckets';
import { lcgInts } from './lcg';

// Expected values: by hand from Oracle's rule (docs/stats.md §4: "< 2^k" holds [2^(k−1), 2^k),
// "< 1" holds [0, 1), top buckets "≥ 2^32 µs" and "≥ 2^22 ms"), or from Python's int.bit_length()
// (an independent route: for an integer t ≥ 1, ⌊log2 t⌋ + 1 = t.bit_length()).

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('log2BucketUpperBound, V$EVENT_HISTOGRAM_MICRO', () => {
  it.each([
    // [t µs, upper bound µs or null]: by hand, an exact power of two goes to the next bucket.
    [0, 1],
    [0.5, 1],
    [1, 2], // 1 = 2^0 → [1, 2)
    [2, 4], // 2 = 2^1 → [2, 4)
    [3, 4],
    [511, 512],
    [512, 1024], // stats.md §4: "t = 512 goes to < 1024"
    [1023, 1024],
    [1024, 2048],
    [2 ** 31 - 1, 2 ** 31],
    [2 ** 31, 2 ** 32], // Math.clz32(2^31) = 0 → 32 − 0 = 32
    [2 ** 32 - 1, 2 ** 32],
    [2 ** 32, null], // Math.clz32 would wrap 2^32 to 0: must be the open "≥ 2^32 µs" bucket
    [2 ** 40 + 3, null],
  ])('%d µs → < %s', (t, upper) => {
    expect(log2BucketUpperBound(t)).toBe(upper);
  });

  it('rejects negative and NaN waits', () => {
    expect(() => log2BucketUpperBound(-1)).toThrow(RangeError);
    expect(() => log2BucketUpperBound(Number.NaN)).toThrow(RangeError);
  });
});

describe('log2BucketUpperBound, V$EVENT_HISTOGRAM (ms), bounds reported in µs', () => {
  it.each([
    // [t µs, upper bound µs]: by hand on t/1000 ms; "< 1 ms" = [0, 1000) µs.
    [0, 1000],
    [999, 1000],
    [1000, 2000], // 1 ms = 2^0 ms → "< 2 ms"
    [1999, 2000],
    [1999.9999999999998, 2000], // the double just below 2000 µs stays below the edge
    [2000, 4000], // 2 ms → "< 4 ms"
    [511_999, 512_000],
    [512_000, 1_024_000], // 512 ms → "< 1024 ms"
    [1_024_000, 2_048_000], // 1024 ms → "< 2048 ms"
    // 2^31 µs = 2147483.648 ms; 2^21 = 2097152 ≤ that < 2^22 = 4194304 → "< 2^22 ms"
    [2 ** 31, 4_194_304_000],
    [4_194_303_999, 4_194_304_000],
    [4_194_304_000, null], // exactly 2^22 ms → open "≥ 2^22 ms"
    [2 ** 32, null], // 4294967.296 ms ≥ 2^22 ms
  ])('%d µs → < %s µs', (t, upper) => {
    expect(log2BucketUpperBound(t, MILLI_VIEW)).toBe(upper);
  });
});

describe('bucketLog2Micros / bucketLog2Millis', () => {
  it('spans first to last non-empty bucket, keeping empty ones between', () => {
    // By hand: 0 → "< 1" (k=0), 3 → "< 4" (k=2), 512 and 700 → "< 1024" (k=10),
    // 5000 → [4096, 8192) (k=13). Buckets k = 0..13: 14 rows, counts 1,0,1,0×7,2,0,0,1.
    const b = bucketLog2Micros(f64([3, 0, 512, 700, 5000]));
    expect(b).toHaveLength(14);
    expect(b[0]).toEqual({ lowerBound: 0, upperBound: 1, count: 1 });
    expect(b[1]).toEqual({ lowerBound: 1, upperBound: 2, count: 0 });
    expect(b[2]).toEqual({ lowerBound: 2, upperBound: 4, count: 1 });
    expect(b[10]).toEqual({ lowerBound: 512, upperBound: 1024, count: 2 });
    expect(b[13]).toEqual({ lowerBound: 4096, upperBound: 8192, count: 1 });
    expect(b.map((x) => x.count)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1]);
  });

  it('ms view of the same waits', () => {
    // By hand: 0, 3, 512, 700 µs < 1 ms → "< 1 ms" ×4; 5000 µs = 5 ms ∈ [4, 8) ms → "< 8 ms".
    expect(bucketLog2Millis(f64([3, 0, 512, 700, 5000]))).toEqual([
      { lowerBound: 0, upperBound: 1000, count: 4 },
      { lowerBound: 1000, upperBound: 2000, count: 0 },
      { lowerBound: 2000, upperBound: 4000, count: 0 },
      { lowerBound: 4000, upperBound: 8000, count: 1 },
    ]);
  });

  it('puts waits ≥ 2^32 µs in an open top bucket with upperBound null', () => {
    // By hand: 2^32 − 1 → "< 2^32" (k=32); 2^32 and 2^33 → "≥ 2^32" (k=33).
    expect(bucketLog2Micros(f64([2 ** 32, 2 ** 32 - 1, 2 ** 33]))).toEqual([
      { lowerBound: 2 ** 31, upperBound: 2 ** 32, count: 1 },
      { lowerBound: 2 ** 32, upperBound: null, count: 2 },
    ]);
    // ms: 2^32 µs and 2^33 µs ≥ 2^22 ms; 2^32 − 1 µs = 4294967.295 ms ≥ 4194304 ms too.
    expect(bucketLog2Millis(f64([2 ** 32, 2 ** 32 - 1, 2 ** 33]))).toEqual([
      { lowerBound: 4_194_304_000, upperBound: null, count: 3 },
    ]);
  });

  it('returns [] for an empty sample and throws on NaN', () => {
    expect(bucketLog2Micros(new Float64Array(0))).toEqual([]);
    expect(() => bucketLog2Micros(f64([1, Number.NaN]))).toThrow(RangeError);
  });

  it('matches int.bit_length() counts on 10,000 LCG waits', () => {
    // python3 -c 'import sys; sys.path.insert(0,"test/stats"); import lcg; from collections import Counter;
    //   print(sorted(Counter(2**int(t).bit_length() for t in lcg.ints(10000,3)).items()))'
    // → [(512, 527), (1024, 2520), (2048, 5065), (4096, 1854), (65536, 6), (131072, 16), (262144, 12)]
    const expected = new Map([
      [512, 527], [1024, 2520], [2048, 5065], [4096, 1854], [65536, 6], [131072, 16], [262144, 12],
    ]);
    const b = bucketLog2Micros(lcgInts(10000, 3));
    expect(b[0]!.upperBound).toBe(512);
    expect(b[b.length - 1]!.upperBound).toBe(262144);
    for (const { upperBound, count } of b) expect(count).toBe(expected.get(upperBound!) ?? 0);
  });
});
