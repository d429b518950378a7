// Reads Parquet back with a real engine (issue 17 §2): DuckDB's Node package, in memory.
import type { DuckDBConnection } from '@duckdb/node-api';

let connection: Promise<DuckDBConnection> | null = null;

/** One in-memory DuckDB per test file. */
export function duckdb(): Promise<DuckDBConnection> {
  connection ??= (async () => {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await DuckDBInstance.create(':memory:');
    return db.connect();
  })();
  return connection;
}

/** The rows of a query, as JS values (BIGINT as bigint). */
export async function query(sql: string): Promise<unknown[][]> {
  return (await (await duckdb()).runAndReadAll(sql)).getRows() as unknown[][];
}

/** Quotes a path for a SQL string literal. */
export const sqlPath = (path: string): string => `'${path.replaceAll("'", "''")}'`;
