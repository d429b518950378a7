// The head of `compare --profile`'s text: R is a sum over sessions, and with more sessions on one side
// its Δ counts them too, so the per-session R is given beside it (a DBA review: 2 sessions against 3
// read as R 37.7 % lower where each session's was 6.6 % lower).
import { describe, expect, it } from 'vitest';
import { profileComparisonText } from '../../lib/cli/compare-profile-format';
import type { ProfileComparison } from '../../lib/profile/compare-profiles';

const comparison = (a: { total: number; sessions: number }, b: { total: number; sessions: number }): ProfileComparison => ({
  a,
  b,
  deltaR: a.total - b.total,
  relativeDeltaR: b.total !== 0 ? (a.total - b.total) / b.total : null, // as compareProfiles gives it
  components: [],
  statements: [],
});

describe('compare --profile text', () => {
  it('gives R per session when the sides have different numbers of sessions, worked out by hand', () => {
    const head = profileComparisonText(comparison({ total: 9_222_384, sessions: 2 }, { total: 14_806_293, sessions: 3 }), ['on', 'off']).split('\n\n')[0];
    expect(head).toBe(
      'response time R (summed over sessions): on 9,222,384 µs (2 sessions), off 14,806,293 µs (3 sessions); Δ -5,583,909 µs (-37.7%)\n' +
        'per session: on 4,611,192.0 µs, off 4,935,431.0 µs (-6.6%); the sides have 2 sessions and 3 sessions, so the Δ above and every row\'s Δ µs also count the sessions one side has more',
    );
  });

  it('says nothing more when both sides have as many sessions', () => {
    const head = profileComparisonText(comparison({ total: 850_000, sessions: 1 }, { total: 1_000_000, sessions: 1 }), ['on', 'off']).split('\n\n')[0];
    expect(head).toBe('response time R (summed over sessions): on 850,000 µs (1 session), off 1,000,000 µs (1 session); Δ -150,000 µs (-15.0%)');
  });

  it('says there is no answer when a side has no response time (a window with nothing in it), as the page does', () => {
    const text = profileComparisonText(comparison({ total: 2_000_810, sessions: 1 }, { total: 0, sessions: 0 }), ['on', 'off']);
    expect(text.split('\n\n')[0]).toBe(
      'response time R (summed over sessions): on 2,000,810 µs (1 session), off 0 µs (0 sessions); Δ +2,000,810 µs (—)\n' +
        "No answer: off has no response time (no call or wait with a time). The rows below are the other side's alone.",
    );
    const neither = profileComparisonText(comparison({ total: 0, sessions: 0 }, { total: 0, sessions: 0 }), ['on', 'off']);
    expect(neither.split('\n\n')[0]).toMatch(/\nNo answer: neither side has response time \(no call or wait with a time\)\.$/);
  });

  it('says so when neither side has a statement, instead of a table head with no rows', () => {
    const text = profileComparisonText(comparison({ total: 850_000, sessions: 1 }, { total: 1_000_000, sessions: 1 }), ['on', 'off']);
    expect(text.trimEnd().endsWith('\n\nno statement on either side')).toBe(true);
    expect(text).not.toContain('Δ mean/exec µs');
  });
});
