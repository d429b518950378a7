/**
 * The one CSV writer of waitscope: every CSV it writes (the report's summary and histogram tables,
 * a dataset's samples, `waitscope compare --format csv`) goes through csvCell, so they quote alike
 * and are all safe to open in a spreadsheet.
 *
 * Quoting (RFC 4180): a cell holding a comma, a double quote, CR, LF or a byte-order mark, or
 * starting or ending with a space, is put in double quotes, and its quotes doubled (as papaparse's
 * unparse, which the exports used before, did).
 *
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`, `-`
 * or `@` as a formula, and OWASP lists TAB and CR as leading characters that can do the same. File
 * names and dataset labels are text that anyone can choose (a label can come from a shared link:
 * `?label==HYPERLINK(…)`), so a TEXT cell starting with any of these six gets a leading apostrophe
 * (`'`), which makes the spreadsheet show it as text, and is quoted, as OWASP recommends. We do
 * this rather than refuse or strip the character: the name stays readable, one `'` longer.
 *
 * NUMBERS are never touched: a difference of −153.4 is the JavaScript number -153.4 and is written
 * `-153.4`, which a spreadsheet reads as a number (it is one, not a formula). Only values whose type
 * is string are text; a caller must pass numbers as numbers. (papaparse's `escapeFormulae` follows
 * the same rule, but its test `/^[=+\-@\t\r].*$/` misses a cell whose formula is followed by a line
 * break, since `.` does not match LF: one more reason to have our own writer.)
 */

export type CsvValue = string | number | null | undefined;

/** First characters that make a spreadsheet evaluate a cell (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need a quoted cell; a leading or trailing space would be trimmed by some readers. */
const NEEDS_QUOTES = /[",\r\n\uFEFF]|^ | $/;

/** One cell: null, undefined and '' are empty; numbers as JavaScript writes them; text quoted and neutralised as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One row, without its line end. */
export function csvRow(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole table: a header row, then the rows, each ending with LF. */
export function csvTable(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[fields, ...rows].map(csvRow).join('\n')}\n`;
}
