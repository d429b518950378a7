// Call lines and XCTEND (trace-format.md §5, response-time.md "Call-line fields"): every form
// seen across releases, read from bytes. Expected values are the lines' own numbers, written out.
import { describe, expect, it } from 'vitest';
import { emptyCall, parseCallLine, parseErrorDepth } from '../../lib/trace/call-line';
import type { VisitedCall } from '../../lib/trace/trace-visitor';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Parses `line` placed inside other bytes, so positions other than 0 are exercised. */
function read(line: string, microsPerUnit = 1): { result: boolean | string; call: VisitedCall } {
  const buf = bytes(`xx\n${line}\nyy`);
  const call = emptyCall();
  const result = parseCallLine(buf, 3, 3 + line.length, microsPerUnit, call);
  return { result, call: { ...call } };
}

/** A call with only the given fields; every other is NaN. */
function only(fields: Partial<VisitedCall>): VisitedCall {
  return { ...emptyCall(), ...fields };
}

describe('parseCallLine', () => {
  it('reads an 11g+ EXEC with every field, in µs', () => {
    const { result, call } = read('EXEC #140146796809528:c=1190,e=1235,p=3,cr=17,cu=4,mis=1,r=2,dep=1,og=1,plh=2725028981,tim=5793511831311');
    expect(result).toBe(true);
    expect(call).toEqual(only({ call: 'EXEC', cursor: '140146796809528', c: 1190, e: 1235, p: 3, cr: 17, cu: 4, mis: 1, r: 2, dep: 1, og: 1, plh: 2725028981, tim: 5793511831311 }));
  });

  it('reads PARSE, FETCH, UNMAP and SORT UNMAP with a small cursor number (9i: no plh)', () => {
    for (const name of ['PARSE', 'FETCH', 'UNMAP', 'SORT UNMAP']) {
      const { result, call } = read(`${name} #5:c=10000,e=2500,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=4,tim=1046586594548851`);
      expect(result, name).toBe(true);
      expect(call, name).toEqual(only({ call: name, cursor: '5', c: 10000, e: 2500, p: 0, cr: 3, cu: 0, mis: 0, r: 1, dep: 0, og: 4, tim: 1046586594548851 }));
    }
  });

  it('reads the form without a colon after the cursor', () => {
    const { result, call } = read('EXEC #140146796809528 c=1190,e=1190,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=98778560909');
    expect(result).toBe(true);
    expect(call).toEqual(only({ call: 'EXEC', cursor: '140146796809528', c: 1190, e: 1190, p: 0, cr: 0, cu: 0, mis: 0, r: 0, dep: 0, og: 1, plh: 0, tim: 98778560909 }));
  });

  it('converts c, e and tim from the centiseconds of 8i (c=1,e=2 → 10,000 and 20,000 µs), and nothing else', () => {
    const { result, call } = read('FETCH #3:c=1,e=2,p=5,cr=6,cu=7,mis=0,r=8,dep=0,og=4,tim=123', 10_000);
    expect(result).toBe(true);
    expect(call).toEqual(only({ call: 'FETCH', cursor: '3', c: 10_000, e: 20_000, p: 5, cr: 6, cu: 7, mis: 0, r: 8, dep: 0, og: 4, tim: 1_230_000 }));
  });

  it('reads CLOSE with its type, and an older CLOSE without c and e', () => {
    expect(read('CLOSE #140146796809528:c=3,e=4,dep=0,type=1,tim=5793511831400').call).toEqual(
      only({ call: 'CLOSE', cursor: '140146796809528', c: 3, e: 4, dep: 0, type: 1, tim: 5793511831400 }),
    );
    const older = read('CLOSE #7:dep=1,type=3,tim=900');
    expect(older.result).toBe(true);
    expect(older.call).toEqual(only({ call: 'CLOSE', cursor: '7', dep: 1, type: 3, tim: 900 }));
  });

  it('reads XCTEND with and without tim; it has no cursor and no dep', () => {
    expect(read('XCTEND rlbk=0, rd_only=0, tim=5793511831999').call).toEqual(only({ call: 'XCTEND', cursor: '', rlbk: 0, rdOnly: 0, tim: 5793511831999 }));
    expect(read('XCTEND rlbk=1, rd_only=1').call).toEqual(only({ call: 'XCTEND', cursor: '', rlbk: 1, rdOnly: 1 }));
    expect(read('XCTEND rlbk=0, rd_only=1, tim=7', 10_000).call.tim).toBe(70_000);
  });

  it('reads the LOB calls (no cursor; type is text there, bytes a number), any LOB<NAME>:', () => {
    expect(read('LOBWRITE: type=TEMPORARY LOB,bytes=5,c=169,e=170,p=0,cr=0,cu=7,tim=4696599871319').call).toEqual(
      only({ call: 'LOBWRITE', cursor: '', bytes: 5, c: 169, e: 170, p: 0, cr: 0, cu: 7, tim: 4696599871319 }),
    );
    for (const name of ['LOBREAD', 'LOBGETLEN', 'LOBAPPEND', 'LOBARRREAD', 'LOBARRWRITE', 'LOBTRIM', 'LOBPGSIZE', 'LOBTMPCREATE', 'LOBSOMETHINGNEW']) {
      const { result, call } = read(`${name}: type=PERSISTENT LOB,bytes=16324,c=6,e=9,p=1,cr=2,cu=3,tim=4696599884539`);
      expect(result, name).toBe(true);
      expect(call, name).toEqual(only({ call: name, cursor: '', bytes: 16324, c: 6, e: 9, p: 1, cr: 2, cu: 3, tim: 4696599884539 }));
    }
  });

  it('gives the same string for the same call name and cursor, line after line (nothing built per line)', () => {
    const a = read('EXEC #42:c=1,e=1,dep=0,tim=1').call;
    const b = read('EXEC #42:c=2,e=2,dep=0,tim=2').call;
    expect(a.call).toBe('EXEC');
    expect(a.cursor).toBe('42');
    expect(b.cursor).toBe('42');
    // A cursor written with a leading zero keeps its digits as written.
    expect(read('EXEC #042:c=1,e=1,dep=0,tim=1').call.cursor).toBe('042');
  });

  it('keeps the digits of a cursor number beyond 2^53 as written', () => {
    expect(read('FETCH #18446744073709551615:c=1,e=2,dep=0,tim=3').call.cursor).toBe('18446744073709551615');
  });

  it('reads empty values (c=,e=) as missing, and ignores fields it does not know', () => {
    expect(read('CLOSE #9:c=,e=,dep=0,type=0,tim=5').call).toEqual(only({ call: 'CLOSE', cursor: '9', dep: 0, type: 0, tim: 5 }));
    expect(read("EXEC #9:c=1,e=2,dep=0,newfield=abc,zz=4,tim=5").call).toEqual(only({ call: 'EXEC', cursor: '9', c: 1, e: 2, dep: 0, tim: 5 }));
  });

  it('says why a truncated or malformed call line does not parse', () => {
    expect(read('EXEC #140641987987624:c=73,e=73,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=2725028981,ti').result).toBe('a field without =value');
    expect(read('EXEC #:c=1,e=1').result).toBe('no cursor number after #');
    expect(read('EXEC #12x:c=1,e=1').result).toBe('no colon after the cursor number');
    expect(read('FETCH #1:c=abc,e=1,dep=0,tim=1').result).toBe('a field with a value that is not a number');
  });

  it('reads a truncated XCTEND as far as it goes (the scanner drops lines that do not end in a value)', () => {
    const { result, call } = read('XCTEND rlbk=0, rd_only=1,');
    expect(result).toBe(true);
    expect(call).toEqual(only({ call: 'XCTEND', cursor: '', rlbk: 0, rdOnly: 1 }));
  });

  it('is false for record lines that are no calls', () => {
    for (const line of ["STAT #1 id=1 cnt=1 pid=0 pos=1 obj=0 op='FAST DUAL  (cr=0 pr=0 pw=0 str=1 time=2 us cost=2 size=0 card=1)'", 'ERROR #1:err=942 tim=5', 'BINDS #1:', 'PARSE ERROR #1:len=10 dep=0 uid=0 oct=3 lid=0 tim=1 err=942', 'PARSING IN CURSOR #1 len=1 dep=0', 'LOB', 'LOBREAD type=x', 'EXECUTE #1:c=1', 'XCTENDED']) {
      expect(read(line).result, line).toBe(false);
    }
  });
});

describe('parseErrorDepth', () => {
  const depth = (line: string) => parseErrorDepth(new TextEncoder().encode(line), 0, line.length);
  it('reads the dep of a PARSE ERROR line (9.2 and 11g forms), and nothing of other lines', () => {
    expect(depth('PARSE ERROR #1:len=82 dep=0 uid=63 oct=3 lid=63 tim=1046586656941285 err=907')).toBe(0);
    expect(depth('PARSE ERROR #140146796809528:len=8 dep=2 uid=0 oct=3 lid=0 tim=1060000 err=942')).toBe(2);
    expect(depth('PARSE #1:c=0,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,tim=5')).toBeNull();
    expect(depth('PARSING IN CURSOR #1 len=8 dep=0 uid=0 oct=3 lid=0 tim=5 hv=1 ad=\'a\'')).toBeNull();
    expect(depth('PARSE ERROR #1:len=8 uid=0 err=907')).toBeNull();
  });
});
