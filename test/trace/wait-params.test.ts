import { describe, expect, it } from 'vitest';
import { WaitParams } from '../../lib/trace/wait-params';

const read = (line: string) => {
  const p = new WaitParams();
  const bytes = new TextEncoder().encode(`xx${line}yy`);
  expect(p.read(bytes, 2, bytes.length - 2)).toBe(true);
  return p;
};

describe('a WAIT record\'s cursor and parameters', () => {
  it('reads names with spaces and #, as the trace writes them (trace-format.md §2)', () => {
    const p = read("WAIT #140707441868288: nam='log file sync' ela= 2650 buffer#=2565 sync scn=39236654672292 p3=0 obj#=-1 tim=3023719212405");
    expect(p.cursor).toBe('140707441868288');
    expect(p.names).toEqual(['buffer#', 'sync scn', 'p3', 'obj#', 'tim']);
    expect([p.positional(0), p.positional(1), p.positional(2)]).toEqual(['2565', '39236654672292', '0']);
    expect(p.value('sync scn')).toBe('39236654672292');
    expect(p.value('obj#')).toBe('-1');
    expect(p.value('blocks')).toBeNull();
  });

  it('reads 23c (no space after ela=), 9i (generic names, no obj# or tim), and a name holding spaces and #', () => {
    const p23 = read("WAIT #139752909124280: nam='SQL*Net message to client' ela=9 driver id=1413697536 #bytes=1 p3=0 obj#=4294967295 tim=98778561313");
    expect([p23.value('driver id'), p23.value('#bytes'), p23.value('obj#')]).toEqual(['1413697536', '1', '4294967295']);
    const p9 = read("WAIT #0: nam='SQL*Net message to client' ela= 4639 p1=1650815232 p2=1 p3=0");
    expect([p9.positional(0), p9.positional(1), p9.positional(2), p9.value('obj#')]).toEqual(['1650815232', '1', '0', null]);
    // Fewer than three parameters: p3 is none, not obj#.
    const two = read("WAIT #1: nam='x' ela= 5 a=1 b=2 obj#=7 tim=9");
    expect([two.positional(1), two.positional(2)]).toEqual(['2', null]);
    // Enqueue parameters' names hold spaces, '|' and '<<' (name|mode, usn<<16 | slot).
    const odd = read("WAIT #3: nam='enq: TX - row lock contention' ela= 12 name|mode=1415053318 usn<<16 | slot=655364 sequence=1234 obj#=1 tim=2");
    expect(odd.names).toEqual(['name|mode', 'usn<<16 | slot', 'sequence', 'obj#', 'tim']);
  });

  it("finds ' ela=' only inside the record: none, one past its end, or one ending at its end", () => {
    const p = new WaitParams();
    const bytes = new TextEncoder().encode("WAIT #1: nam='x' elapsed=5 ela= 7 a=1");
    const cut = "WAIT #1: nam='x' elapsed=5".length;
    expect(p.read(bytes, 0, cut)).toBe(false); // ' ela=' follows the record's end
    expect(p.read(bytes, 0, cut + 5)).toBe(true); // …and ends exactly at it: no value, no fields
    expect(p.fieldCount).toBe(0);
    expect(p.read(bytes, 0, bytes.length)).toBe(true);
    expect([p.names, p.integerAt(0)]).toEqual([['a'], 1]);
  });

  it("reads the same fields when told the event name's length, and searches when the length is wrong", () => {
    const line = "WAIT #0: nam='log file sync' ela= 506 buffer#=272 sync scn=40218191666442 p3=0 obj#=-1 tim=1344507302124592";
    const bytes = new TextEncoder().encode(line);
    const fields = (nameLength?: number) => {
      const p = new WaitParams();
      expect(p.read(bytes, 0, bytes.length, nameLength)).toBe(true);
      return [p.cursor, p.names, p.integerAt(0), p.integerAt(1), p.value('tim')];
    };
    const expected = ['0', ['buffer#', 'sync scn', 'p3', 'obj#', 'tim'], 272, 40218191666442, '1344507302124592'];
    expect(fields()).toEqual(expected);
    expect(fields('log file sync'.length)).toEqual(expected);
    for (const wrong of [0, 3, 12, 14, 200]) expect(fields(wrong)).toEqual(expected);
  });
});
