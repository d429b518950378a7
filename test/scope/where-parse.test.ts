import { describe, expect, it } from 'vitest';
import { evaluateWhere } from '../../lib/scope/where-eval';
import { parseWhere, WhereSyntaxError, type WhereField } from '../../lib/scope/where-parse';

/** A record as the where sees it: the value, dep, and key values by their words. */
function record(fields: { ela: number; dep?: number | null; [key: string]: string | number | null | undefined }) {
  return (f: WhereField): number | string | null => {
    if (f.kind === 'value') return fields.ela;
    if (f.kind === 'dep') return fields.dep ?? null;
    const word = f.key.kind === 'p' ? `p${f.key.index + 1}` : f.key.kind === 'param' ? f.key.name : f.key.kind;
    return (fields[word] as string | undefined) ?? null;
  };
}

const passes = (where: string, fields: Parameters<typeof record>[0]) => evaluateWhere(parseWhere(where), record(fields));

describe('--where grammar', () => {
  it('compares ela (and its alias e) in µs, with and, or, not and parentheses', () => {
    expect(passes('ela >= 1000 and ela < 5000', { ela: 1000 })).toBe(true);
    expect(passes('ela >= 1000 and ela < 5000', { ela: 5000 })).toBe(false);
    expect(passes('ela >= 1000 and ela < 5000', { ela: 999 })).toBe(false);
    expect(passes('e > 10 or e = 3', { ela: 3 })).toBe(true);
    expect(passes('not (ela < 10 or ela > 20)', { ela: 15 })).toBe(true);
    expect(passes('not (ela < 10 or ela > 20)', { ela: 25 })).toBe(false);
    // and binds tighter than or: 1 or (0 and 0)
    expect(passes('ela = 1 or ela = 2 and ela = 3', { ela: 1 })).toBe(true);
    expect(passes('(ela = 1 or ela = 2) and ela = 3', { ela: 1 })).toBe(false);
    expect(passes('ELA <> 1 AND NOT ela = 2', { ela: 3 })).toBe(true);
  });

  it('compares parameters as numbers when the literal is a number, and text as written', () => {
    expect(passes('p1 = 3', { ela: 1, p1: '3' })).toBe(true);
    expect(passes('p1 = 3', { ela: 1, p1: '03' })).toBe(true);
    expect(passes('p1 > 2', { ela: 1, p1: '3' })).toBe(true);
    expect(passes("module = 'SQL*Plus'", { ela: 1, module: 'SQL*Plus' })).toBe(true);
    expect(passes("module = 'sql*plus'", { ela: 1, module: 'SQL*Plus' })).toBe(false);
    expect(passes("module != 'it''s'", { ela: 1, module: "it's" })).toBe(false);
    expect(passes('file# = 4 and "driver id" = 7', { ela: 1, 'file#': '4', 'driver id': '7' })).toBe(true);
    expect(passes('obj# = -1', { ela: 1, obj: '-1' })).toBe(true);
    expect(passes('dep = 0', { ela: 1, dep: 0 })).toBe(true);
  });

  it('makes a comparison on a value the record lacks false (and its negation true)', () => {
    expect(passes('p1 = 3', { ela: 1 })).toBe(false);
    expect(passes('p1 != 3', { ela: 1 })).toBe(false);
    expect(passes('not p1 = 3', { ela: 1 })).toBe(true);
    expect(passes('dep = 0', { ela: 1, dep: null })).toBe(false);
    expect(passes('p1 = 3', { ela: 1, p1: 'abc' })).toBe(false);
  });

  it.each([
    ['ela >> 3', 6, "expected a number or a 'quoted text' after '>'"],
    ['ela >= ', 8, 'expected a number'],
    ['(ela > 1', 9, "expected ')'"],
    ['ela > 1 ela < 2', 9, "expected 'and', 'or' or the end, found 'ela'"],
    ["module = 'SQL*Plus", 10, 'unterminated text'],
    ['Colour = 3', 1, "'Colour' is not a field"],
    ['minute = 3', 1, "'minute' can group (--group) but not filter"],
    ["module < 'a'", 8, 'text compares with = or != only'],
    ["ela = 'a'", 7, "'ela' is a number"],
    ['ela = 1 and', 12, 'expected a comparison (e.g. ela >= 1000), found the end'],
    ['ela = 1 ; drop', 9, "unexpected ';'"],
    ['', 1, 'expected a comparison'],
  ])('%j is a syntax error at position %d', (source, position, why) => {
    let error: unknown = null;
    try {
      parseWhere(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WhereSyntaxError);
    const message = (error as Error).message;
    expect(message).toContain(why);
    expect(message).toContain(`at position ${position}:`);
    // The caret under the expression points at the position.
    const [, shown, caret] = message.split('\n') as [string, string, string];
    expect(shown).toBe(`  ${source}`);
    expect(caret).toBe(`${' '.repeat(2 + position - 1)}^`);
  });
});
