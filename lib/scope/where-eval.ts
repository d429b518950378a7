import type { CompareOp, WhereExpr, WhereField } from './where-parse';

/** What a record holds for a field: a number (ela, dep), text as written (module, p1, obj), or null when it has none. */
export type FieldReader = (field: WhereField) => number | string | null;

/**
 * Whether a record passes a --where (where-parse.ts). A number literal compares numerically with
 * a value that reads as a number (p1 '3' = 3); text compares as written. A value the record
 * lacks, or text against a number, makes the comparison false.
 */
export function evaluateWhere(expr: WhereExpr, read: FieldReader): boolean {
  switch (expr.kind) {
    case 'and':
      return evaluateWhere(expr.left, read) && evaluateWhere(expr.right, read);
    case 'or':
      return evaluateWhere(expr.left, read) || evaluateWhere(expr.right, read);
    case 'not':
      return !evaluateWhere(expr.expr, read);
    case 'compare': {
      const have = read(expr.field);
      if (have === null) return false;
      if (typeof expr.value === 'string') return compare(String(have), expr.value, expr.op);
      const n = typeof have === 'number' ? have : have.trim() === '' ? NaN : Number(have);
      return n === n && compare(n, expr.value, expr.op);
    }
  }
}

function compare<T extends number | string>(a: T, b: T, op: CompareOp): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}
