import { parseGroupKey, type GroupKey } from './group-key';

/**
 * `--where EXPR`: which measured values are kept (issue 15 §2). A small expression grammar read
 * here, never evaluated as code:
 *
 *   expr       := term ( 'or' term )*
 *   term       := factor ( 'and' factor )*
 *   factor     := 'not' factor | '(' expr ')' | comparison
 *   comparison := field op literal
 *   op         := '=' | '!=' | '<>' | '<' | '<=' | '>' | '>='
 *   literal    := number | 'text'            ('' inside quotes is one quote)
 *   field      := ela | e | dep | session | file | sqlid | module | action | client
 *               | p1 | p2 | p3 | obj | a wait parameter's name (file#, blocks; "driver id" in double quotes)
 *
 * `ela` and `e` are the measured value in µs (a wait's ela; a call's e); `dep` the depth of the
 * wait's or call's statement; `session` is `sid.serial`. Words are case-insensitive, text values
 * are not. Text compares with = and != only. A comparison on a value the record lacks is false.
 */
export type WhereField = { kind: 'value' } | { kind: 'dep' } | { kind: 'key'; key: GroupKey };
export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type WhereExpr =
  | { kind: 'and' | 'or'; left: WhereExpr; right: WhereExpr }
  | { kind: 'not'; expr: WhereExpr }
  | { kind: 'compare'; field: WhereField; op: CompareOp; value: number | string };

/** A --where that does not parse: the message names the 1-based position and shows it. */
export class WhereSyntaxError extends Error {}

interface Token {
  kind: 'word' | 'quoted-name' | 'number' | 'text' | 'op' | '(' | ')' | 'end';
  text: string;
  /** 0-based offset in the expression. */
  at: number;
}

const OPS = ['<=', '>=', '!=', '<>', '=', '<', '>'];
const NOT_IN_WHERE = new Set(['instance', 'minute', 'hour']);

export function parseWhere(source: string): WhereExpr {
  const tokens = tokenize(source);
  let i = 0;
  const peek = (): Token => tokens[i] as Token;
  const fail = (token: Token, why: string): never => {
    throw syntaxError(source, token.at, why);
  };
  const isWord = (t: Token, w: string) => t.kind === 'word' && t.text.toLowerCase() === w;

  const expr = (): WhereExpr => {
    let left = term();
    while (isWord(peek(), 'or')) {
      i++;
      left = { kind: 'or', left, right: term() };
    }
    return left;
  };
  const term = (): WhereExpr => {
    let left = factor();
    while (isWord(peek(), 'and')) {
      i++;
      left = { kind: 'and', left, right: factor() };
    }
    return left;
  };
  const factor = (): WhereExpr => {
    const t = peek();
    if (isWord(t, 'not')) {
      i++;
      return { kind: 'not', expr: factor() };
    }
    if (t.kind === '(') {
      i++;
      const inner = expr();
      if (peek().kind !== ')') fail(peek(), "expected ')'");
      i++;
      return inner;
    }
    return comparison();
  };
  const comparison = (): WhereExpr => {
    const name = peek();
    if (name.kind !== 'word' && name.kind !== 'quoted-name') fail(name, name.kind === 'end' ? 'expected a comparison (e.g. ela >= 1000), found the end' : `expected a field name (ela, dep, p1, module, …), found '${name.text}'`);
    i++;
    const field = fieldOf(name, fail);
    const op = peek();
    if (op.kind !== 'op') fail(op, `expected =, !=, <, <=, > or >= after '${name.text}'`);
    i++;
    const lit = peek();
    if (lit.kind !== 'number' && lit.kind !== 'text') fail(lit, `expected a number or a 'quoted text' after '${op.text}'`);
    i++;
    const value = lit.kind === 'number' ? Number(lit.text) : lit.text;
    const cmp = (op.text === '<>' ? '!=' : op.text) as CompareOp;
    if (typeof value === 'string' && cmp !== '=' && cmp !== '!=') fail(op, `text compares with = or != only`);
    if (typeof value === 'string' && field.kind !== 'key') fail(lit, `'${name.text}' is a number`);
    return { kind: 'compare', field, op: cmp, value };
  };

  const result = expr();
  if (peek().kind !== 'end') fail(peek(), `expected 'and', 'or' or the end, found '${peek().text}'`);
  return result;
}

function fieldOf(token: Token, fail: (t: Token, why: string) => never): WhereField {
  const lower = token.text.toLowerCase();
  if (token.kind === 'word' && (lower === 'ela' || lower === 'e')) return { kind: 'value' };
  if (token.kind === 'word' && lower === 'dep') return { kind: 'dep' };
  if (NOT_IN_WHERE.has(lower)) fail(token, `'${lower}' can group (--group) but not filter; filter time with --from/--to`);
  const key = token.kind === 'quoted-name' ? ({ kind: 'param', name: token.text } as const) : parseGroupKey(token.text);
  if (typeof key === 'string') fail(token, `'${token.text}' is not a field`);
  return { kind: 'key', key: key as GroupKey };
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let p = 0;
  const fail = (at: number, why: string): never => {
    throw syntaxError(source, at, why);
  };
  while (p < source.length) {
    const c = source[p] as string;
    if (/\s/.test(c)) {
      p++;
      continue;
    }
    const at = p;
    if (c === '(' || c === ')') {
      tokens.push({ kind: c, text: c, at });
      p++;
      continue;
    }
    const op = OPS.find((o) => source.startsWith(o, p));
    if (op) {
      tokens.push({ kind: 'op', text: op, at });
      p += op.length;
      continue;
    }
    if (c === "'" || c === '"') {
      let text = '';
      p++;
      for (;;) {
        if (p >= source.length) fail(at, `unterminated ${c === "'" ? 'text' : 'name'} (no closing ${c})`);
        if (source[p] === c && source[p + 1] === c) {
          text += c;
          p += 2;
        } else if (source[p] === c) {
          p++;
          break;
        } else text += source[p++];
      }
      tokens.push({ kind: c === "'" ? 'text' : 'quoted-name', text, at });
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(p));
    if (number) {
      tokens.push({ kind: 'number', text: number[0], at });
      p += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_#]*/.exec(source.slice(p));
    if (word) {
      tokens.push({ kind: 'word', text: word[0], at });
      p += word[0].length;
      continue;
    }
    fail(at, `unexpected '${c}'`);
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
}

/** The reason, then the expression with a caret under the 0-based offset `at`. */
function syntaxError(source: string, at: number, why: string): WhereSyntaxError {
  return new WhereSyntaxError(`--where: ${why} at position ${at + 1}:\n  ${source}\n  ${' '.repeat(at)}^`);
}
