/**
 * Which delimiter and which column a CSV of samples uses, decided once from its first line / row.
 */

/**
 * Header names of an ela column, in order of preference, compared after NFKC and lower-casing (NFKC
 * makes the micro sign U+00B5 and the Greek mu U+03BC the same letter, so `ela_µs` matches either).
 */
export const ELA_COLUMN_NAMES = ['ela', 'ela_us', 'ela_µs', 'latency_us', 'usec', 'us'] as const;

const normalise = (name: string) => name.normalize('NFKC').trim().toLowerCase();
const KNOWN = ELA_COLUMN_NAMES.map(normalise);

/**
 * The delimiter of the first line of `text`: a tab or a semicolon if it has one, else a comma.
 * papaparse's own guess needs several consistent rows and falls back to a comma anyway; tabs and
 * semicolons come first because semicolon files often write decimals with a comma.
 */
export function maybeDelimiter(text: string): string {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  if (first.includes('\t')) return '\t';
  if (first.includes(';')) return ';';
  return ',';
}

const looksNumeric = (cell: string) => cell.trim() !== '' && Number.isFinite(Number(cell));

export type ColumnChoice = { ok: true; index: number; name: string; header: boolean } | { ok: false; reason: string };

/**
 * The ela column, from the first non-blank row. That row is a header if it names a known column
 * or none of its cells is a number. Without a known name, a single column is taken whatever its name.
 */
export function pickColumn(firstRow: readonly string[]): ColumnChoice {
  const names = firstRow.map(normalise);
  for (const known of KNOWN) {
    const index = names.indexOf(known);
    if (index >= 0) return { ok: true, index, name: firstRow[index]!.trim(), header: true };
  }
  const header = !firstRow.some(looksNumeric);
  if (firstRow.length === 1) {
    return { ok: true, index: 0, name: header ? firstRow[0]!.trim() : 'column 1', header };
  }
  const expected = `a column named ${ELA_COLUMN_NAMES.join(', ')} (any case), or a single column`;
  if (!header) return { ok: false, reason: `no header row naming the µs column among ${firstRow.length} columns: expected ${expected}` };
  const found = firstRow.map((n) => `'${n.trim()}'`).join(', ');
  return { ok: false, reason: `no column of µs values: expected ${expected}; found ${found}` };
}
