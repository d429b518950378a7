// PARSING IN CURSOR headers (trace-format.md §5) and the SQL text kept for them.
import { describe, expect, it } from 'vitest';
import { emptyCursor, MAX_SQL_TEXT, parseCursorHeader, SqlText } from '../../lib/trace/cursor-line';
import type { VisitedCursor } from '../../lib/trace/trace-visitor';

const bytes = (text: string) => new TextEncoder().encode(text);

function read(line: string, microsPerUnit = 1): { result: boolean | string; cursor: VisitedCursor } {
  const buf = bytes(`x\n${line}\n`);
  const cursor = emptyCursor();
  const result = parseCursorHeader(buf, 2, 2 + line.length, microsPerUnit, cursor);
  return { result, cursor: { ...cursor } };
}

describe('parseCursorHeader', () => {
  it('reads an 11g+ header with sqlid', () => {
    const { result, cursor } = read("PARSING IN CURSOR #140146796809528 len=52 dep=1 uid=0 oct=3 lid=0 tim=5793511831311 hv=1029988163 ad='61ce0b60' sqlid='9zg9qd9bm4spu'");
    expect(result).toBe(true);
    expect(cursor).toEqual({ cursor: '140146796809528', len: 52, dep: 1, uid: 0, oct: 3, lid: 0, tim: 5793511831311, hv: 1029988163, ad: '61ce0b60', sqlId: '9zg9qd9bm4spu', text: '', textCut: false });
  });

  it('reads a 9i/10g header without sqlid, and ct= for oct=; tim from centiseconds before 9i', () => {
    const { result, cursor } = read("PARSING IN CURSOR #3 len=23 dep=0 uid=5 ct=2 lid=5 tim=1046586594 hv=2380356423 ad='6a9c2a4c'", 10_000);
    expect(result).toBe(true);
    expect(cursor).toEqual({ cursor: '3', len: 23, dep: 0, uid: 5, oct: 2, lid: 5, tim: 10_465_865_940_000, hv: 2380356423, ad: '6a9c2a4c', sqlId: null, text: '', textCut: false });
  });

  it('says why a cut-short header does not parse, keeping the fields before the cut', () => {
    const { result, cursor } = read('PARSING IN CURSOR #140641987987624 len=36 dep=0 uid=104 oct=3 lid=104 tim=5793511 hv=41568804 ad');
    expect(result).toBe('a field without =value');
    expect([cursor.cursor, cursor.len, cursor.hv, cursor.ad, cursor.sqlId]).toEqual(['140641987987624', 36, 41568804, '', null]);
    expect(read("PARSING IN CURSOR #1 len=3 ad='61ce").result).toBe('ad= is cut off');
    expect(read('PARSING IN CURSOR # len=3').result).toBe('no cursor number after #');
    expect(read('PARSING IN CURSORS').result).toBe(false);
  });
});

describe('SqlText', () => {
  it('joins lines with a newline', () => {
    const t = new SqlText();
    const b = bytes('select 1\nfrom dual');
    t.add(b, 0, 8);
    t.add(b, 9, 18);
    expect(t.text()).toBe('select 1\nfrom dual');
    expect(t.cut).toBe(false);
    t.reset();
    expect(t.text()).toBe('');
  });

  it('keeps at most 64 KiB, whole UTF-8 characters only, and says it cut', () => {
    const t = new SqlText();
    // 40,000 bytes, then 30,000 bytes of 'é' (2 bytes each): 65,536 − 40,000 − 1 = 25,535 bytes fit, so 12,767 whole 'é'.
    const first = bytes('a'.repeat(40_000));
    const second = bytes('é'.repeat(15_000));
    t.add(first, 0, first.length);
    t.add(second, 0, second.length);
    t.add(first, 0, 10);
    const text = t.text();
    expect(t.cut).toBe(true);
    expect(text).toBe('a'.repeat(40_000) + '\n' + 'é'.repeat(12_767));
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(MAX_SQL_TEXT);
  });
});
