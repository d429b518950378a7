import { describe, expect, it } from 'vitest';
import { busiestDomain, latencyOverTime } from '@/lib/stats/latency-over-time';
import { chooseInterval, formatInterval, parseInterval } from '@/lib/stats/over-time-interval';
import { quantileSorted } from '@/lib/stats/quantile';
import { lcgInts } from './lcg';

// Expected values worked out by hand (comments show the working), not read back from the code.
const f64 = (xs: number[]) => Float64Array.from(xs);
const i32 = (xs: number[]) => Int32Array.from(xs);
const S = 1_000_000;

// Five waits on axis 0, one without a time (domain -1), one on another axis (domain 2).
const ela = f64([3, 700, 1000, 1024, 100, 50, 60]);
const micros = f64([1 * S, 5 * S, 10 * S - 1, 10 * S, 25 * S, NaN, 7 * S]);
const domain = i32([0, 0, 0, 0, 0, -1, 2]);

describe('latencyOverTime on a hand-made sample (10 s intervals)', () => {
  const r = latencyOverTime(ela, micros, domain, { intervalMicros: 10 * S, domain: 0 });

  it('starts at a multiple of the interval and spans 0–30 s in 3 intervals', () => {
    expect(r.start).toBe(0); // ⌊1 s / 10 s⌋·10 s
    expect(r.first).toBe(1 * S);
    expect(r.last).toBe(25 * S);
    expect(r.intervals).toBe(3); // ⌊25 s / 10 s⌋ + 1
  });

  it('counts the wait without a time as unplaced and the one on another axis as elsewhere', () => {
    expect([r.placed, r.unplaced, r.elsewhere]).toEqual([5, 1, 1]);
  });

  it('keeps the buckets from "< 4 µs" (3 µs) to "< 2048 µs" (1024 µs), empty ones between', () => {
    // 3 ∈ [2, 4), 1024 ∈ [1024, 2048): 2, 4, 8, …, 1024 are the 10 lower bounds.
    expect(r.buckets.map((b) => b.lowerBound)).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]);
    expect(r.buckets.at(-1)).toEqual({ lowerBound: 1024, upperBound: 2048 });
  });

  it("cells add up to the placed waits' count and their time waited to the sum of their ela", () => {
    expect(r.count.reduce((a, b) => a + b, 0)).toBe(5);
    expect(r.timeWaited.reduce((a, b) => a + b, 0)).toBe(3 + 700 + 1000 + 1024 + 100);
  });

  it('puts 700 and 1000 µs in interval 0 bucket [512, 1024), and 1024 µs ending exactly at 10 s in interval 1', () => {
    const nb = r.buckets.length;
    const cell = (iv: number, lower: number) => iv * nb + r.buckets.findIndex((b) => b.lowerBound === lower);
    expect(r.count[cell(0, 512)]).toBe(2);
    expect(r.timeWaited[cell(0, 512)]).toBe(1700);
    expect(r.count[cell(0, 2)]).toBe(1);
    expect(r.count[cell(1, 1024)]).toBe(1);
    expect(r.count[cell(2, 64)]).toBe(1);
  });

  it('gives per interval the count, p50 (type 7), max, and no p99 below 100 waits', () => {
    expect([...r.perInterval.count]).toEqual([3, 1, 1]);
    // Interval 0: 3, 700, 1000 → index 1 + 2·0.5 = 2 → 700.
    expect(r.perInterval.p50[0]).toBe(700);
    // One wait: a median needs 2 (minimum-counts.ts).
    expect(r.perInterval.p50[1]).toBeNaN();
    expect([...r.perInterval.max]).toEqual([1000, 1024, 100]);
    expect([...r.perInterval.p99].every(Number.isNaN)).toBe(true);
  });
});

describe('latencyOverTime since the start', () => {
  it('starts interval 0 at the first wait, so 1024 µs at 10 s joins interval 0 and interval 1 is empty', () => {
    const r = latencyOverTime(ela, micros, domain, { intervalMicros: 10 * S, domain: 0, origin: 'start' });
    expect(r.start).toBe(1 * S);
    expect(r.intervals).toBe(3); // ⌊(25 − 1) s / 10 s⌋ + 1
    expect([...r.perInterval.count]).toEqual([4, 0, 1]);
    // 3, 700, 1000, 1024: index 1 + 3·0.5 = 2.5 → 0.5·700 + 0.5·1000.
    expect(r.perInterval.p50[0]).toBe(850);
    expect(r.perInterval.max[1]).toBeNaN();
  });
});

describe('latencyOverTime p99 per interval', () => {
  // 1..100 shuffled, all in one interval: index 1 + 99·0.99 = 99.01 → 0.99·99 + 0.01·100 = 99.01.
  const values = Array.from({ length: 100 }, (_, i) => ((i * 37) % 100) + 1);
  it('is 99.01 for the 100 waits 1..100, and p50 is 50.5', () => {
    const r = latencyOverTime(f64(values), new Float64Array(100).fill(5 * S), new Int32Array(100), { intervalMicros: S, domain: 0 });
    expect(r.perInterval.p99[0]).toBeCloseTo(99.01, 9);
    expect(r.perInterval.p50[0]).toBe(50.5);
  });
  it('is not given for 99 waits (a p99 needs 100)', () => {
    const r = latencyOverTime(f64(values.slice(0, 99)), new Float64Array(99).fill(5 * S), new Int32Array(99), { intervalMicros: S, domain: 0 });
    expect(r.perInterval.p99[0]).toBeNaN();
    expect(r.perInterval.count[0]).toBe(99);
  });
  it('equals the sorted-array quantile on 20,000 pseudo-random waits in 7 intervals (an independent route)', () => {
    const n = 20_000;
    const e = lcgInts(n, 12345);
    const t = Float64Array.from({ length: n }, (_, i) => (i % 7) * S + 0.5 * S);
    const r = latencyOverTime(e, t, new Int32Array(n), { intervalMicros: S, domain: 0 });
    for (let iv = 0; iv < 7; iv++) {
      const part = e.filter((_, i) => i % 7 === iv).sort();
      expect(r.perInterval.p99[iv]).toBe(quantileSorted(part, 0.99));
      expect(r.perInterval.p50[iv]).toBe(quantileSorted(part, 0.5));
      expect(r.perInterval.max[iv]).toBe(part[part.length - 1]);
    }
  });
});

describe('latencyOverTime edge cases', () => {
  it('places nothing when no wait has a time on the axis', () => {
    const r = latencyOverTime(f64([1, 2]), f64([NaN, NaN]), i32([-1, -1]), { domain: 0 });
    expect([r.intervals, r.placed, r.unplaced, r.count.length]).toEqual([0, 0, 2, 0]);
  });
  it('refuses an interval that makes more than 100,000 intervals', () => {
    expect(() => latencyOverTime(f64([1, 2]), f64([0, 3600 * S]), i32([0, 0]), { intervalMicros: 1000, domain: 0 })).toThrow(/take a longer interval/);
  });
  it('chooses the interval from the span when none is given: 1 h of waits → 15 s', () => {
    const r = latencyOverTime(f64([1, 2]), f64([0, 3600 * S]), i32([0, 0]), { domain: 0 });
    expect(r.intervalMicros).toBe(15 * S);
    expect(r.intervals).toBe(241); // ⌊3600 / 15⌋ + 1: the last wait ends exactly at 1 h
  });
  it('busiestDomain picks the axis with most waits, and -1 when none has a time', () => {
    expect(busiestDomain(i32([0, 2, 2, -1]))).toBe(2);
    expect(busiestDomain(i32([1, 0]))).toBe(0);
    expect(busiestDomain(i32([-1]))).toBe(-1);
  });
});

describe('chooseInterval', () => {
  it.each([
    [0, 1], // a single time: 1 s
    [300, 1], // 300 intervals of 1 s
    [301, 2], // 301 > 300 → 2 s (151)
    [3600, 15], // 3600/10 = 360 > 300; 3600/15 = 240
    [86_400, 300], // a day: 86400/60 = 1440, /120 = 720, /300 = 288
    [172_800, 600], // two days: /300 = 576 → 10 min (288)
    [31_536_000, 30 * 3600], // a year: 31,536,000 / 300 / 3600 = 29.2 → 30 h
  ])('span %d s → %d s', (spanSeconds, seconds) => {
    expect(chooseInterval(spanSeconds * S)).toBe(seconds * S);
  });
});

describe('parseInterval and formatInterval', () => {
  it.each([
    ['10s', 10 * S],
    ['1m', 60 * S],
    ['2min', 120 * S],
    ['500ms', 500_000],
    ['1.5s', 1_500_000],
    ['250us', 250],
    ['1h', 3600 * S],
  ])('%s → %d µs', (text, micros) => expect(parseInterval(text)).toBe(micros));
  it.each(['0s', '10', 'ten seconds', '-5s', '0.5us', ''])('refuses %j', (text) => expect(parseInterval(text)).toBeNull());
  it('writes an interval in the largest whole unit', () => {
    expect([10 * S, 60 * S, 500_000, 1_500_000, 250].map(formatInterval)).toEqual(['10 s', '1 min', '500 ms', '1500 ms', '250 µs']);
  });
});
