import type { ColumnKind, ColumnSpec, TableSchema } from './parquet-schema';

/**
 * The four tables of `waitscope export --format parquet` (issue 17 §2) and the page's download.
 * Every time is µs (`_us`), as everywhere in waitscope. Column by column in the README
 * ("Parquet export"); the choices that need a reason are here.
 *
 * - `sql_id` is the statement's key as `waitscope statements` names it: the sql_id (11g+), else
 *   `hv:<hash value>`, else `unknown statement (cursor #N)` when the PARSING IN CURSOR is not in
 *   the file; null for a wait or call outside any cursor (`WAIT #0`, XCTEND). It joins
 *   statements.key.
 * - `tim` is the record's tim in µs of the trace's clock (as written from 9i on; centiseconds
 *   × 10 000 before). `wall_time` is the local wall-clock time placed from the nearest `***` stamp
 *   of its process (lib/outliers/wall-clock.ts), null without one; `wall_time_utc` the same instant
 *   where that stamp carries a UTC offset (12.2+), else null.
 * - A wait's parameters are positional, since their names vary by event: `p1_name`/`p1` …
 *   `p3_name`/`p3` as the line writes them (`buffer#`, `sync scn`, `driver id`, …), and `obj` for
 *   `obj#`. A value is INT64; one that is not a decimal integer below 2^53 is null (10046 writes
 *   decimal integers).
 */
const col = <N extends string>(name: N, kind: ColumnKind, nullable = true) => ({ name, kind, nullable }) as const satisfies ColumnSpec;
const where = () => [col('dataset', 'string', false), col('file', 'string', false), col('line', 'int64', false), col('byte_offset', 'int64', false), col('pid', 'string'), col('session', 'string'), col('sql_id', 'string')] as const;
const when = () => [col('tim', 'int64'), col('wall_time', 'timestamp-local'), col('wall_time_utc', 'timestamp-utc')] as const;

/** One row per WAIT line, every event. */
export const WAITS = [
  ...where(),
  col('event', 'string', false),
  col('ela_us', 'int64', false),
  ...when(),
  col('p1_name', 'string'),
  col('p1', 'int64'),
  col('p2_name', 'string'),
  col('p2', 'int64'),
  col('p3_name', 'string'),
  col('p3', 'int64'),
  col('obj', 'int64'),
] as const satisfies TableSchema;

/**
 * One row per database call line (PARSE, EXEC, FETCH, CLOSE, UNMAP, the LOB calls) and XCTEND,
 * with their fields (trace-format.md §5; response-time.md "Call-line fields"): c and e in µs
 * (converted from cs before 9i), null where the line has none.
 */
export const CALLS = [
  ...where(),
  col('call', 'string', false),
  col('cursor', 'string'),
  col('dep', 'int64'),
  col('c_us', 'int64'),
  col('e_us', 'int64'),
  col('p', 'int64'),
  col('cr', 'int64'),
  col('cu', 'int64'),
  col('mis', 'int64'),
  col('r', 'int64'),
  col('og', 'int64'),
  col('plh', 'int64'),
  ...when(),
  col('close_type', 'int64'),
  col('rlbk', 'int64'),
  col('rd_only', 'int64'),
] as const satisfies TableSchema;

/**
 * One row per statement of the dataset, as `waitscope statements --json` gives it. `sql_text` is
 * null unless the export was asked for it (`--sql-text`): SQL text holds literals and names.
 */
export const STATEMENTS = [
  col('dataset', 'string', false),
  col('key', 'string', false),
  col('sql_id', 'string'),
  col('hash_value', 'int64'),
  col('dep', 'int64', false),
  col('sql_text', 'string'),
  col('total_e_us', 'int64', false),
  col('self_e_us', 'int64', false),
  col('executions', 'int64', false),
  col('parse_count', 'int64', false),
  col('parse_e_us', 'int64', false),
  col('exec_count', 'int64', false),
  col('exec_e_us', 'int64', false),
  col('fetch_count', 'int64', false),
  col('fetch_e_us', 'int64', false),
  col('c_us', 'int64', false),
  col('p', 'int64', false),
  col('cr', 'int64', false),
  col('cu', 'int64', false),
  col('r', 'int64', false),
  col('wait_count', 'int64', false),
  col('wait_us', 'int64', false),
  col('e_per_execution_median_us', 'int64'),
  col('e_per_execution_p99_us', 'int64'),
  col('e_per_execution_max_us', 'int64'),
] as const satisfies TableSchema;

/**
 * One row per input file: what its header says (header-facts.ts) and what the parser warned
 * (warnings.ts), one warning a line. `outcome` is `trace` or `not-a-trace` (then `warnings` says why).
 */
export const FILES = [
  col('dataset', 'string', false),
  col('file', 'string', false),
  col('outcome', 'string', false),
  col('bytes', 'int64', false),
  col('lines', 'int64', false),
  col('release', 'string'),
  col('instance', 'string'),
  col('host', 'string'),
  col('pid', 'string'),
  col('process_name', 'string'),
  col('unit', 'string', false),
  col('unit_assumed', 'int64', false),
  col('waits', 'int64', false),
  col('sessions', 'int64', false),
  col('warning_count', 'int64', false),
  col('warnings', 'string'),
] as const satisfies TableSchema;

type Names<T extends readonly ColumnSpec[]> = T[number]['name'];

/** Column name → index, so a row is filled by name without a lookup per value. */
export function columnIndex<T extends readonly ColumnSpec[]>(table: T): Record<Names<T>, number> {
  return Object.fromEntries(table.map((c, i) => [c.name, i])) as Record<Names<T>, number>;
}

export const TABLE_FILES = { waits: 'waits.parquet', calls: 'calls.parquet', statements: 'statements.parquet', files: 'files.parquet' } as const;
export type TableName = keyof typeof TABLE_FILES;
