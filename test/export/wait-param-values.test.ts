// The parameter values the export writes as INT64 (WaitParams.integerAt, positionalName, fieldNameIs):
// decimal integers with a sign; anything else, or past 2^53, is no value (null in waits.parquet).
import { describe, expect, it } from 'vitest';
import { KnownFields, WaitParams } from '@/lib/trace/wait-params';

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

describe('WaitParams.readKnown, the fast path for an event whose records name their fields alike', () => {
  const encode = (line: string) => new TextEncoder().encode(line);
  const SHAPE = "WAIT #0: nam='log file sync' ela= 600 buffer#=206 sync scn=40218191666446 p3=0 obj#=-1 tim=1";

  it('knows the names of 10g on (three parameters, then obj#), and no others', () => {
    const p = read(SHAPE);
    expect(p.knownFields()?.names).toEqual(['buffer#', 'sync scn', 'p3', 'obj#']);
    expect(read("WAIT #0: nam='x' ela=4639 p1=1650815232 p2=1 p3=0").knownFields()).toBeNull();
    expect(read("WAIT #0: nam='x' ela= 1 a=1 b=2 obj#=3 tim=4").knownFields()).toBeNull();
    expect(read("WAIT #0: nam='x' ela= 1 a=1 tim=2 c=3 obj#=4").knownFields()).toBeNull();
  });

  it('gives what read() and integerAt() give, or false where the names differ', () => {
    const known = read(SHAPE).knownFields();
    expect(known).not.toBeNull();
    const lines = [
      SHAPE,
      "WAIT #140146796809528: nam='log file sync' ela= 1 buffer#=-0 sync scn=9007199254740991 p3=0x1f obj#=9007199254740992 tim=1",
      "WAIT #0: nam='log file sync' ela=   12   buffer#=   sync scn=- p3=1-2 obj#=007",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync scn=2 p3=3 obj#=4",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync scn=2 p33=3 obj#=4 tim=5",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync scn=2 p3=3 obj=4 tim=5",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync  scn=2 p3=3 obj#=4 tim=5",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync scn=2 p3=3",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync scn=2",
      "WAIT #0: nam='log file sync' ela= 1 p1=1 p2=2 p3=3 obj#=4 tim=5",
      "WAIT #0: nam='log file sync' ela= 1 buffer#=1 sync scn=2 p3=3 tim=5 obj#=4",
      "WAIT #0: nam='log file sync' ela=",
      "WAIT #0: nam='log file sync' p1=1",
    ];
    const fast = new WaitParams();
    const values = new Float64Array(4);
    const outcomes: boolean[] = [];
    for (const line of lines) {
      const bytes = encode(line);
      const general = new WaitParams();
      const readable = general.read(bytes, 0, bytes.length, 'log file sync'.length);
      const same = readable && general.fieldCount >= 4 && ['buffer#', 'sync scn', 'p3', 'obj#'].every((n, i) => general.fieldNameIs(i, n));
      const ok = fast.readKnown(bytes, 0, bytes.length, 'log file sync'.length, known as KnownFields, values);
      outcomes.push(ok);
      expect(ok).toBe(same);
      if (ok) expect(Array.from(values)).toEqual([0, 1, 2, 3].map((i) => general.integerAt(i)));
    }
    // By hand: which of the lines above name their first four fields as the shape does.
    expect(outcomes).toEqual([true, true, true, true, false, false, false, false, false, false, false, false, false]);
  });
});
