import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ColumnBatch } from '@/lib/export/column-batch';
import { ParquetTableWriter } from '@/lib/export/parquet-table-writer';
import type { TableSchema } from '@/lib/export/parquet-schema';
import { makeTempDir } from '../helpers/cli';
import { query, sqlPath } from './duckdb';

const temp = makeTempDir('parquet-writer');
afterAll(() => temp.remove());

const SCHEMA: TableSchema = [
  { name: 'n', kind: 'int64', nullable: false },
  { name: 'maybe', kind: 'int64', nullable: true },
  { name: 'word', kind: 'string', nullable: false },
  { name: 'opt', kind: 'string', nullable: true },
  { name: 'local', kind: 'timestamp-local', nullable: true },
  { name: 'utc', kind: 'timestamp-utc', nullable: true },
];

/** Writes `rows` rows in row groups of `capacity`; row i: n = i·(-1)^i·2^40 + i, words by i mod 3, every 7th null. */
function writeTable(file: string, rows: number, capacity: number): void {
  const parts: Uint8Array[] = [];
  const writer = new ParquetTableWriter(SCHEMA, { write: (b) => parts.push(b.slice()) });
  const batch = new ColumnBatch(SCHEMA, capacity);
  for (let i = 0; i < rows; i++) {
    const r = batch.rows++;
    batch.number(0)[r] = (i % 2 ? -1 : 1) * i * 2 ** 40 + i;
    batch.number(1)[r] = i % 7 === 0 ? NaN : i;
    batch.id(2)[r] = batch.idOf(2, ['alpha', 'βeta', 'gamma'][i % 3] as string);
    batch.id(3)[r] = batch.idOf(3, i % 7 === 0 ? null : `v${i % 5}`);
    // 2012-08-09 10:15:02.123456 is 1344507302123456 µs after 1970-01-01 (date -u -d @1344507302).
    batch.number(4)[r] = i % 7 === 0 ? NaN : 1_344_507_302_123_456 + i;
    batch.number(5)[r] = i % 7 === 0 ? NaN : 1_344_507_302_123_456 + i;
    if (batch.full) writer.writeRowGroup(batch);
  }
  writer.writeRowGroup(batch);
  writer.finish();
  writeFileSync(file, Buffer.concat(parts));
}

describe('ParquetTableWriter, nulls wherever they start and end', () => {
  // A column of values with a run of nulls [from, to): before the first null the writer keeps the
  // values as they are and gathers from the byte the null is in (parquet-table-writer.ts presentIds).
  const cases: [number, number][] = [[0, 0], [0, 300], [0, 1], [1, 2], [5, 6], [7, 9], [8, 16], [13, 300], [299, 300], [17, 18], [290, 299]];

  it.each(cases)('nulls in rows [%i, %i) of 300: DuckDB reads back every row as written', async (from, to) => {
    const schema: TableSchema = [
      { name: 'i', kind: 'int64', nullable: false },
      { name: 'maybe', kind: 'int64', nullable: true },
      { name: 'opt', kind: 'string', nullable: true },
    ];
    const parts: Uint8Array[] = [];
    const writer = new ParquetTableWriter(schema, { write: (b) => parts.push(b.slice()) });
    const batch = new ColumnBatch(schema, 300);
    const expected: [bigint, bigint | null, string | null][] = [];
    for (let i = 0; i < 300; i++) {
      const isNull = i >= from && i < to;
      batch.number(0)[i] = i;
      batch.number(1)[i] = isNull ? NaN : 1000 + i;
      batch.id(2)[i] = batch.idOf(2, isNull ? null : `w${i % 4}`);
      expected.push([BigInt(i), isNull ? null : BigInt(1000 + i), isNull ? null : `w${i % 4}`]);
    }
    batch.rows = 300;
    writer.writeRowGroup(batch);
    writer.finish();
    const file = path.join(temp.dir, `nulls-${from}-${to}.parquet`);
    writeFileSync(file, Buffer.concat(parts));
    expect(await query(`select i, maybe, opt from ${sqlPath(file)} order by i`)).toEqual(expected);
  });
});

describe('ParquetTableWriter', () => {
  it('writes INT64, TIMESTAMP and dictionary strings that DuckDB reads back exactly, across row groups', async () => {
    const file = path.join(temp.dir, 'table.parquet');
    const rows = 1000;
    writeTable(file, rows, 64);
    const p = sqlPath(file);
    const [[count, nulls, sum, words, opts, minN, maxN]] = (await query(
      `select count(*), count(*) - count(maybe), sum(maybe), count(distinct word), count(distinct opt), min(n), max(n) from ${p}`,
    )) as [[bigint, bigint, unknown, bigint, bigint, bigint, bigint]];
    expect(count).toBe(1000n);
    // i mod 7 = 0 for i = 0, 7, …, 994: 143 rows.
    expect(nulls).toBe(143n);
    // Sum of 0…999 less the multiples of 7 (7 · (0+…+142) = 7 · 10153 = 71071): 499500 − 71071.
    expect(Number(sum)).toBe(428_429);
    expect(words).toBe(3n);
    expect(opts).toBe(5n);
    // Odd i are negative: the smallest is i = 999, −999·2^40 + 999; the largest i = 998.
    expect(minN).toBe(-999n * 2n ** 40n + 999n);
    expect(maxN).toBe(998n * 2n ** 40n + 998n);
    const [[word7, local1]] = (await query(`select word, strftime(local, '%Y-%m-%d %H:%M:%S.%f') from ${p} where maybe = 1`)) as [[string, string]];
    expect(word7).toBe('βeta');
    expect(local1).toBe('2012-08-09 10:15:02.123457');
  });

  it('packs deltas of every bit width from 3 to 52 exactly (narrow and wide packing)', async () => {
    const schema: TableSchema = [{ name: 'v', kind: 'int64', nullable: false }];
    // Per w, 129 values alternating 0 and 2^w − 1, with a step of 3 so no two blocks are alike:
    // a block's deltas less their minimum are then 0 … 2·(2^w − 1) + 6, which needs w + 1 bits and up.
    const values: number[] = [];
    for (let w = 0; w <= 50; w++) for (let i = 0; i < 129; i++) values.push((i % 2) * (2 ** w - 1) + 3 * i);
    const parts: Uint8Array[] = [];
    const writer = new ParquetTableWriter(schema, { write: (b) => parts.push(b.slice()) });
    const batch = new ColumnBatch(schema, values.length);
    for (const v of values) batch.number(0)[batch.rows++] = v;
    writer.writeRowGroup(batch);
    writer.finish();
    const file = path.join(temp.dir, 'widths.parquet');
    writeFileSync(file, Buffer.concat(parts));
    const read = (await query(`select v from ${sqlPath(file)}`)).map((r) => r[0]);
    expect(read).toEqual(values.map((v) => BigInt(v)));
    const [[encodings]] = (await query(`select encodings from parquet_metadata(${sqlPath(file)})`)) as [[string]];
    expect(String(encodings)).toContain('DELTA_BINARY_PACKED');
  });

  it('writes large integers exactly: DELTA_BINARY_PACKED up to 2^51, PLAIN past it', async () => {
    const schema: TableSchema = [{ name: 'v', kind: 'int64', nullable: true }];
    // Widths of every size: 0, 1, 2, … 2^50 (a delta of 2^51 − 1 needs 51 bits), and negatives.
    const small = [0, 0, 1, 3, -5, 2 ** 31, 2 ** 32 + 7, -(2 ** 40), 2 ** 50, -(2 ** 51), 2 ** 51, NaN, 12345];
    const large = [1, 2 ** 52 + 3, -(2 ** 52) - 1, 7];
    for (const [name, values] of [['small', small], ['large', large]] as const) {
      const parts: Uint8Array[] = [];
      const writer = new ParquetTableWriter(schema, { write: (b) => parts.push(b.slice()) });
      const batch = new ColumnBatch(schema, 256);
      // 200 rows: each value again and again, so blocks of 128 and a part block are both written.
      for (let i = 0; i < 200; i++) batch.number(0)[batch.rows++] = values[i % values.length] as number;
      writer.writeRowGroup(batch);
      writer.finish();
      const file = path.join(temp.dir, `${name}.parquet`);
      writeFileSync(file, Buffer.concat(parts));
      const read = (await query(`select v from ${sqlPath(file)}`)).map((r) => r[0]);
      expect(read).toEqual(Array.from({ length: 200 }, (_, i) => values[i % values.length]).map((v) => (v === v ? BigInt(v as number) : null)));
      const [[encodings]] = (await query(`select encodings from parquet_metadata(${sqlPath(file)})`)) as [[string]];
      expect(String(encodings)).toContain(name === 'small' ? 'DELTA_BINARY_PACKED' : 'PLAIN');
    }
  });

  it('declares the real Parquet types', async () => {
    const file = path.join(temp.dir, 'types.parquet');
    writeTable(file, 10, 4);
    const described = new Map((await query(`describe select * from ${sqlPath(file)}`)).map((r) => [r[0], r[1]]));
    expect(Object.fromEntries(described)).toEqual({ n: 'BIGINT', maybe: 'BIGINT', word: 'VARCHAR', opt: 'VARCHAR', local: 'TIMESTAMP', utc: 'TIMESTAMP WITH TIME ZONE' });
    const schema = await query(`select name, type, logical_type from parquet_schema(${sqlPath(file)}) where name = 'word'`);
    expect(schema[0]?.[1]).toBe('BYTE_ARRAY');
    const encodings = await query(`select distinct encodings from parquet_metadata(${sqlPath(file)}) where path_in_schema = 'word'`);
    expect(String(encodings[0]?.[0])).toContain('RLE_DICTIONARY');
  });
});
