import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../lib/synth/random';

describe('createRng', () => {
  it('is pinned: the first values for seed 42 never change (fixtures depend on them)', () => {
    const r = createRng(42);
    expect([r.next(), r.next(), r.next()]).toEqual([0.23955312534235418, 0.5859209857881069, 0.09323416277766228]);
    expect(r.normal()).toBeCloseTo(-0.6291305692361254, 15);
    expect(r.int(1, 6)).toBe(6);
  });

  it('repeats for the same seed and differs for another', () => {
    const draw = (seed: number | string) => {
      const r = createRng(seed);
      return Array.from({ length: 64 }, () => r.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw('waitscope')).toEqual(draw('waitscope'));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(1)).not.toEqual(draw(2 ** 32 + 1));
  });

  it('draws in [0, 1), integers in [lo, hi] and a standard normal', () => {
    const r = createRng(3);
    let sum = 0;
    let sq = 0;
    const n = 200_000;
    const seen = new Set<number>();
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      if (!(u >= 0 && u < 1)) outside++;
      const k = r.int(-2, 2);
      seen.add(k);
      const z = r.normal();
      sum += z;
      sq += z * z;
    }
    expect(outside).toBe(0);
    expect([...seen].sort((x, y) => x - y)).toEqual([-2, -1, 0, 1, 2]);
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.02);
  });

  it('derives independent sub-streams by label', () => {
    expect(deriveSeed(5, 'ela')).not.toBe(deriveSeed(5, 'noise'));
    expect(deriveSeed(5, 'ela')).toBe(deriveSeed(5, 'ela'));
  });
});
