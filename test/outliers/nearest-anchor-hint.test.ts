// isNearest (the check placeTim makes of the last anchor before it searches) says yes exactly
// where nearestAnchor's binary search gives that anchor: on sorted tims with ties, gaps and
// duplicates, for times before, between, on and after them; and placeTim with a kept anchor
// places every time as it does without one.
import { describe, expect, it } from 'vitest';
import { isNearest, nearestAnchor, placeTim, type AnchorTable } from '@/lib/outliers/wall-clock';

const table = (tims: number[]): AnchorTable =>
  ({ tim: Float64Array.from(tims), wall: Float64Array.from(tims, (t, i) => 1_700_000_000_000_000 + t * 2 + i), offset: Float64Array.from(tims, (_, i) => (i % 3 === 0 ? NaN : 60 * i)), line: Uint32Array.from(tims, (_, i) => i + 1), scale: 1, rawDomain: 0 }) as unknown as AnchorTable;

describe('isNearest', () => {
  const cases: number[][] = [[100], [100, 200], [100, 100, 200], [100, 200, 200, 200, 300], [0, 1, 2, 3, 10, 10, 11, 40], [5, 5, 5]];

  it.each(cases.map((c) => [c.join(',')] as const))('tims %s: true for exactly the anchor nearestAnchor finds, at every time around them', (text) => {
    const tims = text.split(',').map(Number);
    const t = table(tims);
    const times: number[] = [];
    for (let x = -3; x <= (tims.at(-1) as number) + 3; x += 0.5) times.push(x);
    for (const x of times) {
      const nearest = nearestAnchor(t, x);
      for (let a = 0; a < tims.length; a++) expect(isNearest(t.tim, a, x), `a=${a} t=${x}`).toBe(a === nearest);
    }
  });

  it('placeTim with a kept anchor places each time as it does without, in order and out of order', () => {
    const t = table([0, 1, 2, 3, 10, 10, 11, 40, 1000, 1000, 5000]);
    let seed = 3;
    const times = Array.from({ length: 3000 }, (_, i) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return i < 1500 ? i * 3.5 - 10 : (seed / 2147483648) * 6000 - 100;
    });
    const kept = { micros: NaN, domain: -1, offset: NaN, anchor: -1 };
    for (const x of times) {
      const plain = { micros: NaN, domain: -1, offset: NaN };
      placeTim(t, x, plain);
      placeTim(t, x, kept);
      expect([kept.micros, kept.domain, kept.offset]).toEqual([plain.micros, plain.domain, plain.offset]);
      expect(kept.anchor).toBe(nearestAnchor(t, x));
    }
  });
});
