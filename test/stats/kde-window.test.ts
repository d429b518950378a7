import { describe, expect, it } from 'vitest';
import { kdeLog10, kdeWindowShare } from '@/lib/stats/kde';
import { sqlNetWaits } from './kde-sql-net-waits';

/** ∫ y d(log10 x) by the trapezoid rule over the points. */
function integral(x: Float64Array, y: Float64Array): number {
  let sum = 0;
  for (let k = 1; k < x.length; k++) sum += ((Math.log10(x[k]!) - Math.log10(x[k - 1]!)) * (y[k]! + y[k - 1]!)) / 2;
  return sum;
}

describe('kdeWindowShare', () => {
  it('by hand, on a flat density of 1 per decade over [1, 10] µs: a full window holds its width, an end window half of it', () => {
    const t = Array.from({ length: 101 }, (_, k) => k / 100);
    const share = kdeWindowShare({ x: t.map((v) => 10 ** v), y: t.map(() => 1) }, 0.1);
    // Padded by ceil(0.05 / 0.01) = 5 points either side: t from −0.05 to 1.05.
    expect(share.x).toHaveLength(111);
    expect(Math.log10(share.x[0]!)).toBeCloseTo(-0.05, 12);
    const at = (v: number) => share.y[Math.round((v + 0.05) * 100)]!;
    expect(at(0.5)).toBeCloseTo(0.1, 12);
    expect(at(0)).toBeCloseTo(0.05, 12);
    expect(at(-0.05)).toBeCloseTo(0, 12);
    expect(at(1.05)).toBeCloseTo(0, 12);
    // ∫ share = width · mass: the line reads as "share per bin".
    expect(integral(share.x, share.y) / 0.1).toBeCloseTo(1, 6);
  });

  it('on SQL*Net-like spikes stays at most 1 where density × width reads several times 1, and keeps the mass', () => {
    const kde = kdeLog10(sqlNetWaits())!;
    const peak = Math.max(...kde.y);
    for (const width of [1 / 20, Math.log10(2)]) {
      // The data reproduce the bug: the density alone, scaled by the bin width, tops 100 %.
      expect(peak * width).toBeGreaterThan(width === 1 / 20 ? 2 : 10);
      const share = kdeWindowShare(kde, width);
      expect(Math.max(...share.y)).toBeLessThanOrEqual(1);
      // 96.5 % of the waits are 1 µs: a window around 1 µs holds about that.
      expect(Math.max(...share.y)).toBeGreaterThan(0.9);
      expect(integral(share.x, share.y) / width).toBeCloseTo(1, 2);
    }
  });

  it('refuses a width that is not a positive number', () => {
    expect(() => kdeWindowShare({ x: [1, 10], y: [1, 1] }, 0)).toThrow(RangeError);
  });
});
