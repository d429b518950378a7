// The parameter values the export writes as INT64 (WaitParams.integerAt, positionalName, fieldNameIs):
// decimal integers with a sign; anything else, or past 2^53, is no value (null in waits.parquet).
import { describe, expect, it } from 'vitest';
import { WaitParams } from '@/lib/trace/wait-params';

const read = (line: string): WaitParams => {
  const params = new WaitParams();
  const bytes = new TextEncoder().encode(line);
  expect(params.read(bytes, 0, bytes.length)).toBe(true);
  return params;
};

describe('WaitParams values for the export', () => {
  it('reads signed decimal integers, and nothing else', () => {
    const p = read("WAIT #5: nam='x' ela= 3 a=-12 sync scn=9007199254740991 c=0x1f obj#=9007199254740993 tim=77");
    expect([p.integerAt(0), p.integerAt(1), p.integerAt(2), p.integerAt(3), p.integerAt(4), p.integerAt(5)]).toEqual([-12, 9007199254740991, NaN, NaN, 77, NaN]);
    expect([p.positionalName(0), p.positionalName(1), p.positionalName(2), p.positionalName(3)]).toEqual(['a', 'sync scn', 'c', null]);
    expect([p.fieldNameIs(3, 'obj#'), p.fieldNameIs(3, 'obj'), p.fieldNameIs(9, 'obj#'), p.fieldCount]).toEqual([true, false, false, 5]);
  });

  it('has no positional name past the parameters a pre-10g line writes', () => {
    const p = read("WAIT #0: nam='SQL*Net message to client' ela=4639 p1=1650815232 p2=1 p3=0");
    expect([p.positionalName(0), p.integerAt(0), p.positionalName(2), p.integerAt(2), p.fieldCount]).toEqual(['p1', 1650815232, 'p3', 0, 3]);
  });

  it('reads no value from an empty one, a sign alone, or digits around a sign; and nothing of an earlier record', () => {
    const p = read("WAIT #1: nam='x' ela= 3 a= b=- c=-0 d=1-2 e=007 f=12");
    expect([0, 1, 2, 3, 4, 5].map((i) => p.integerAt(i))).toEqual([NaN, NaN, -0, NaN, 7, 12]);
    // The same reader on a shorter record: its fields only.
    const bytes = new TextEncoder().encode("WAIT #1: nam='x' ela= 3 g=5");
    expect(p.read(bytes, 0, bytes.length)).toBe(true);
    expect([p.integerAt(0), p.integerAt(1), p.integerAt(5), p.fieldCount]).toEqual([5, NaN, NaN, 1]);
  });
});
