import { isStringColumn, type TableSchema } from './parquet-schema';
import { StringDictionary } from './string-dictionary';

/** Rows per row group: DuckDB's own row group is 122,880 rows; a batch of the widest table is ~16 MB. */
export const ROW_GROUP_ROWS = 131_072;

/**
 * The rows of one row group, column by column, in typed arrays (style.md §4: never arrays of
 * objects): numbers in a Float64Array (NaN is null), strings as ids into the column's dictionary
 * (-1 is null). A batch is reused after each row group is written, so memory stays at one row
 * group per table whatever the trace's size.
 */
export class ColumnBatch {
  rows = 0;
  readonly numbers: (Float64Array | null)[];
  readonly ids: (Int32Array | null)[];
  readonly dictionaries: (StringDictionary | null)[];

  constructor(
    readonly schema: TableSchema,
    readonly capacity = ROW_GROUP_ROWS,
  ) {
    this.numbers = schema.map((c) => (isStringColumn(c) ? null : new Float64Array(capacity)));
    this.ids = schema.map((c) => (isStringColumn(c) ? new Int32Array(capacity) : null));
    this.dictionaries = schema.map((c) => (isStringColumn(c) ? new StringDictionary() : null));
  }

  get full(): boolean {
    return this.rows === this.capacity;
  }

  /** Column `c`'s number array (a column of a number kind). */
  number(c: number): Float64Array {
    return this.numbers[c] as Float64Array;
  }

  /** Column `c`'s id array (a string column). */
  id(c: number): Int32Array {
    return this.ids[c] as Int32Array;
  }

  /** The id of `value` in column `c`'s dictionary, -1 for null. */
  idOf(c: number, value: string | null): number {
    return value === null ? -1 : (this.dictionaries[c] as StringDictionary).id(value);
  }

  /** Index of the column named `name`; a wrong name is a bug. */
  column(name: string): number {
    const c = this.schema.findIndex((s) => s.name === name);
    if (c < 0) throw new Error(`no column ${name}`);
    return c;
  }
}
