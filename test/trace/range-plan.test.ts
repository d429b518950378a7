// findCut picks where a range may start: the first line of a probe (after its first newline, since
// a probe starts mid-line) that begins a WAIT or call record. Offsets below are counted by hand.
import { describe, expect, it } from 'vitest';
import { findCut } from '../../lib/trace/range-plan';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('findCut', () => {
  it('skips the partial first line, SQL text and other lines, and stops at the first record line', () => {
    // "ela= 5 tim=1\n" is 13 bytes, "select 1 from dual\n" 19, "*** 2024\n" 9: EXEC starts at 41.
    expect(findCut(bytes('ela= 5 tim=1\nselect 1 from dual\n*** 2024\nEXEC #1:c=0\nWAIT #1: nam=\n'))).toBe(41);
  });

  it('takes each kind of record line, whichever comes first', () => {
    for (const record of ['WAIT #0: nam', 'EXEC #9:c=1', 'FETCH #1:c', 'PARSE #1:c', 'CLOSE #1:c=0']) {
      expect(findCut(bytes(`x\nXCTEND rlbk=0\n${record}\n`))).toBe(16); // "x\n" 2 + "XCTEND rlbk=0\n" 14
    }
  });

  it('does not take a record at the very start (the probe may start inside a line), nor one cut off at its end', () => {
    expect(findCut(bytes('WAIT #0: nam=x\nbinds\n'))).toBe(-1);
    expect(findCut(bytes('abc\nWAIT #'))).toBe(4);
    expect(findCut(bytes('abc\nWAIT '))).toBe(-1); // "WAIT #" does not fit
    expect(findCut(bytes('no newline at all'))).toBe(-1);
  });

  it('reads a view into a larger buffer from its own start', () => {
    const big = bytes('EXEC #1\nfiller\nEXEC #2:c=0\n');
    expect(findCut(big.subarray(8))).toBe(7); // "filler\n": the view's own offset
  });
});
