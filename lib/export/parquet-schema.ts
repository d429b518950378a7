import type { writeMetadata } from 'hyparquet-writer/src/metadata.js';

/** Parquet's Thrift structures as hyparquet-writer types them (it pins its own hyparquet). */
export type FileMetaData = Parameters<typeof writeMetadata>[1];
export type RowGroup = FileMetaData['row_groups'][number];
export type ColumnChunk = RowGroup['columns'][number];
type SchemaElement = FileMetaData['schema'][number];

/**
 * The column types the export writes (issue 17 §2: "integers as INT64, times as TIMESTAMP with the
 * zone where known, and dictionary-encoded strings"):
 *
 * - `int64`: INT64, held as a float64 while rows are collected (every trace integer is below
 *   2^53: tim is checked against it, lib/outliers/wall-clock.ts); NaN is null.
 * - `timestamp-local`: INT64 TIMESTAMP(MICROS, isAdjustedToUTC=false), a wall-clock reading with no
 *   zone (DuckDB: TIMESTAMP; pandas: naive datetime64). A `***` stamp without a UTC offset
 *   (`2012-08-09 10:15:02.123`, before 12.2) is stored this way, as the trace wrote it.
 * - `timestamp-utc`: INT64 TIMESTAMP(MICROS, isAdjustedToUTC=true), an instant (DuckDB:
 *   TIMESTAMP WITH TIME ZONE); only where the stamp carries an offset (12.2+ ISO stamps).
 * - `string`: BYTE_ARRAY UTF8, always dictionary-encoded (RLE_DICTIONARY); held as dictionary ids,
 *   -1 is null.
 */
export type ColumnKind = 'int64' | 'timestamp-local' | 'timestamp-utc' | 'string';

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  /** Whether it may be null (OPTIONAL, with definition levels); REQUIRED columns have none. */
  nullable: boolean;
}

export type TableSchema = readonly ColumnSpec[];

export function isStringColumn(spec: ColumnSpec): boolean {
  return spec.kind === 'string';
}

/** The Parquet schema elements of a table: the root, then one leaf per column. */
export function schemaElements(table: TableSchema): SchemaElement[] {
  return [{ name: 'schema', num_children: table.length }, ...table.map(element)];
}

function element(spec: ColumnSpec): SchemaElement {
  const repetition_type = spec.nullable ? 'OPTIONAL' : 'REQUIRED';
  switch (spec.kind) {
    case 'int64':
      return { name: spec.name, type: 'INT64', repetition_type };
    case 'timestamp-local':
      // No converted type: TIMESTAMP_MICROS would say "adjusted to UTC", which a zone-less stamp is not.
      return { name: spec.name, type: 'INT64', repetition_type, logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' } };
    case 'timestamp-utc':
      return { name: spec.name, type: 'INT64', repetition_type, converted_type: 'TIMESTAMP_MICROS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' } };
    case 'string':
      return { name: spec.name, type: 'BYTE_ARRAY', repetition_type, converted_type: 'UTF8', logical_type: { type: 'STRING' } };
  }
}
