import { describe, expect, it } from 'vitest';
import { profileHeadline } from '../../../components/profile/profile-headline';
import type { ComponentChange } from '../../../lib/profile/compare-profiles';

const row = (component: string, deltaTotal: number, shareOfChange: number | null): ComponentChange => ({
  component,
  a: null,
  b: null,
  deltaTotal,
  shareOfChange,
  deltaMean: null,
  deltaMedian: null,
  deltaP99: null,
  onlyIn: null,
});
const labels = { a: 'on', b: 'off' };

describe('the profile comparison headline', () => {
  it('says how R changed and which component carried most of the change', () => {
    // R 850,000 against 1,000,000: ΔR −150,000 (−15.0%); log file sync −135,000 is 90% of it, CPU −20,000 13.3%, a wait +5,000 −3.3%.
    const text = profileHeadline(
      { a: { total: 850_000, sessions: 1 }, b: { total: 1_000_000, sessions: 1 }, deltaR: -150_000, relativeDeltaR: -0.15, components: [row('log file sync', -135_000, 0.9), row('CPU: EXEC dbcalls', -20_000, 20_000 / 150_000), row('db file sequential read', 5_000, -5_000 / 150_000)] },
      labels,
    );
    expect(text).toBe('R fell 15.0% (\u2212150,000 µs) in on against off; 90.0% of the change came from log file sync.');
  });

  it('a rise, with the component whose share of the rise is largest', () => {
    const text = profileHeadline(
      { a: { total: 1_200, sessions: 1 }, b: { total: 1_000, sessions: 1 }, deltaR: 200, relativeDeltaR: 0.2, components: [row('x [between calls]', 300, 1.5), row('y', -100, -0.5)] },
      labels,
    );
    expect(text).toBe('R rose 20.0% (+200 µs) in on against off; 150.0% of the change came from x [between calls].');
  });

  it('no change, and no baseline R to be relative to', () => {
    expect(profileHeadline({ a: { total: 10, sessions: 1 }, b: { total: 10, sessions: 1 }, deltaR: 0, relativeDeltaR: null, components: [] }, labels)).toBe('R is the same in on against off (10 µs).');
    expect(profileHeadline({ a: { total: 10, sessions: 1 }, b: { total: 0, sessions: 0 }, deltaR: 10, relativeDeltaR: null, components: [row('y', 10, 1)] }, labels)).toBe(
      'No answer: off has no response time (no call or wait with a time).',
    );
    expect(profileHeadline({ a: { total: 0, sessions: 0 }, b: { total: 10, sessions: 1 }, deltaR: -10, relativeDeltaR: -1, components: [row('y', -10, 1)] }, labels)).toBe(
      'No answer: on has no response time (no call or wait with a time).',
    );
  });

  it('says R is summed over sessions, and what each session did, when the sides have different numbers of them', () => {
    // By hand: 9,222,384 µs over 2 sessions (4,611,192 each) against 14,806,293 over 3 (4,935,431 each):
    // R fell 37.7 % (−5,583,909 µs), each session's 6.6 % ((4,611,192 − 4,935,431) / 4,935,431 = −0.06570).
    const text = profileHeadline(
      { a: { total: 9_222_384, sessions: 2 }, b: { total: 14_806_293, sessions: 3 }, deltaR: -5_583_909, relativeDeltaR: -5_583_909 / 14_806_293, components: [row('log file sync', -5_583_909, 1)] },
      labels,
    );
    expect(text).toBe('R fell 37.7% (\u22125,583,909 µs) in on against off, summed over 2 against 3 sessions (per session \u22126.6%); 100.0% of the change came from log file sync.');
    // The same R over 2 sessions against 1: each session's halved.
    expect(profileHeadline({ a: { total: 10, sessions: 2 }, b: { total: 10, sessions: 1 }, deltaR: 0, relativeDeltaR: 0, components: [] }, labels)).toBe(
      'R is the same in on against off (10 µs), summed over 2 against 1 sessions (per session \u221250.0%).',
    );
  });
});
