// The shared end of a range being scanned (lib/trace/range-limit.ts): the reader claims each chunk
// before reading it, and another thread may move the end earlier, but never to before what was
// claimed, so no byte is read by two threads and none by neither. Expected values by hand. Across
// real threads: the CLI case in range-queue.test.ts.
import { describe, expect, it } from 'vitest';
import { RangeLimit } from '../../lib/trace/range-limit';

describe('RangeLimit', () => {
  it('gives the reader whole chunks, then what is left before the end, then nothing', () => {
    const limit = RangeLimit.create(100, 1000);
    expect(limit.claim(100, 400)).toBe(400); // [100, 500)
    expect(limit.claim(500, 400)).toBe(400); // [500, 900)
    expect(limit.claim(900, 400)).toBe(100); // [900, 1000)
    expect(limit.claim(1000, 400)).toBe(0);
    expect(limit.snapshot()).toEqual({ claimed: 1000, end: 1000 });
  });

  it('splits at or after what was claimed, and the reader then stops at the cut', () => {
    const limit = RangeLimit.create(0, 1000);
    expect(limit.claim(0, 300)).toBe(300);
    expect(limit.split(299)).toBeNull(); // byte 299 is claimed: too late to cut there
    expect(limit.split(1000)).toBeNull(); // the end is no cut: nothing would be left to take
    expect(limit.split(300)).toBe(1000); // the taker's range is [300, 1000)
    expect(limit.snapshot()).toEqual({ claimed: 300, end: 300 });
    expect(limit.claim(300, 300)).toBe(0);
  });

  it('cuts a chunk the reader has yet to claim short', () => {
    const limit = RangeLimit.create(0, 1000);
    limit.claim(0, 256);
    expect(limit.split(600)).toBe(1000);
    expect(limit.claim(256, 256)).toBe(256); // [256, 512)
    expect(limit.claim(512, 256)).toBe(88); // [512, 600)
    expect(limit.claim(600, 256)).toBe(0);
    expect(limit.split(700)).toBeNull(); // past the end it has now
  });

  it('keeps offsets above 2^32 exact (files over 4 GiB)', () => {
    const start = 2 ** 33 + 7;
    const limit = RangeLimit.create(start, start + 10_000);
    expect(limit.claim(start, 4096)).toBe(4096);
    expect(limit.split(start + 5000)).toBe(start + 10_000);
    expect(limit.snapshot()).toEqual({ claimed: start + 4096, end: start + 5000 });
  });
});
