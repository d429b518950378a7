// DOUBLE_ZERO (lib/double-zero.ts) starts number fields as doubles; it must still be plain zero:
// sums start from it, and a -0 would print as "-0" in some formats.
import { describe, expect, it } from 'vitest';
import { DOUBLE_ZERO } from '../lib/double-zero';
import { emptyCallSums } from '../lib/profile/call-book';

describe('DOUBLE_ZERO', () => {
  it('is +0, not -0', () => {
    expect(Object.is(DOUBLE_ZERO, 0)).toBe(true);
    expect(Object.is(DOUBLE_ZERO, -0)).toBe(false);
    expect(new Intl.NumberFormat('en').format(DOUBLE_ZERO)).toBe('0');
    expect(JSON.stringify({ total: DOUBLE_ZERO })).toBe('{"total":0}');
  });

  it('leaves sums exact: a call book entry that adds nothing stays 0, one that adds is the sum', () => {
    const sums = emptyCallSums();
    expect(Object.is(sums.e, 0) && Object.is(sums.mis, 0)).toBe(true);
    sums.e += 3;
    sums.e += 4;
    expect(sums.e).toBe(7);
    expect((-1 + DOUBLE_ZERO) + 1).toBe(0);
  });
});
