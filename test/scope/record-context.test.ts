import { describe, expect, it } from 'vitest';
import { RecordContext } from '../../lib/scope/record-context';
import { at, call, cursor } from '../profile/records';

describe('RecordContext: the depth a --where reads', () => {
  it("is a call line's own dep=, not the depth its cursor was parsed at", () => {
    // jkstill's trace-combine main_trcsess.trc: cursor #140472199750528 parsed at dep=1 (line 977)
    // runs an EXEC at dep=2 (line 1680); `--call EXEC --dep 1` leaves it out, so --where "dep = 1" must too.
    const context = new RecordContext();
    context.onCursor(cursor('140472199750528', { dep: 1, sqlId: 'aaaaaaaaaaaaa' }), at('9854', 0, 977));
    context.atCall(call('EXEC', '140472199750528', { e: 3206, dep: 2, tim: 1 }), at('9854', 0, 1680));
    expect(context.dep()).toBe(2);
    context.atCall(call('EXEC', '140472199750528', { e: 10, dep: 1, tim: 2 }), at('9854', 0, 1690));
    expect(context.dep()).toBe(1);
    // XCTEND carries no dep: the client's call, depth 0.
    context.atCall(call('XCTEND', '', { rlbk: 0, rdOnly: 0, tim: 3 }), at('9854', 0, 1700));
    expect(context.dep()).toBe(0);
  });
});
