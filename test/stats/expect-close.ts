import { expect } from 'vitest';

/** |actual − expected| ≤ rel·|expected|: for values numpy computes with a different rounding. */
export function expectRelClose(actual: number | null | undefined, expected: number, rel: number): void {
  expect(actual).toBeTypeOf('number');
  const a = actual as number;
  expect(Math.abs(a - expected)).toBeLessThanOrEqual(rel * Math.abs(expected));
}
