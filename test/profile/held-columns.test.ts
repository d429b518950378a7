// The profile's columns (held-waits.ts, session-spans.ts): they grow past their first size and
// keep what was written, and a session without records has no span.
import { describe, expect, it } from 'vitest';
import { HeldWaits } from '../../lib/profile/held-waits';
import { SessionSpans } from '../../lib/profile/session-spans';

describe('HeldWaits', () => {
  it('keeps 100 waits pushed one by one and 50 written after reserve, and moves entries down', () => {
    const held = new HeldWaits();
    for (let i = 0; i < 100; i++) held.push(i, i * 10, 1e15 + i);
    held.reserve(50);
    for (let i = 100; i < 150; i++) {
      held.id[held.n] = i;
      held.ela[held.n] = i * 10;
      held.tim[held.n] = 1e15 + i;
      held.n++;
    }
    expect(held.n).toBe(150);
    expect([held.id[0], held.id[99], held.id[149]]).toEqual([0, 99, 149]);
    expect(held.ela[149]).toBe(1490);
    expect(held.tim[120]).toBe(1e15 + 120);
    held.move(149, 3);
    expect([held.id[3], held.ela[3], held.tim[3]]).toEqual([149, 1490, 1e15 + 149]);
  });
});

describe('SessionSpans', () => {
  it('keeps the earliest start and latest end per session, undefined for a session without records', () => {
    const spans = new SessionSpans();
    spans.add(0, 100, 200);
    spans.add(0, 50, 150);
    spans.add(0, 120, 400);
    spans.add(20, 5, 6); // past the first size; sessions 1 to 19 have none
    expect(spans.lists().t0.length).toBe(21);
    const { t0, t1 } = spans.lists();
    expect([t0[0], t1[0]]).toEqual([50, 400]);
    expect([t0[20], t1[20]]).toEqual([5, 6]);
    expect(t0.slice(1, 20).every((x) => x === undefined)).toBe(true);
    expect(t1.slice(1, 20).every((x) => x === undefined)).toBe(true);
  });
});
