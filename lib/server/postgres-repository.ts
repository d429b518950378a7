/**
 * Reports in PostgreSQL through `pg`, for deployments with several app instances behind a load
 * balancer (DATABASE_URL). Same interface and tests as the SQLite store.
 */
import pg from 'pg';
import {
  checkDeleteToken,
  newReportRow,
  systemClock,
  type Clock,
  type CreatedReport,
  type DeleteOutcome,
  type ReportRepository,
  type ReportTimes,
  type StoredReport,
} from './report-repository';

/** Applied in order, each once, recorded in schema_migrations. Never edit one that has shipped. */
const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE reports (
        id                text PRIMARY KEY,
        ciphertext        bytea NOT NULL,
        delete_token_hash bytea NOT NULL,
        created_at        timestamptz NOT NULL,
        expires_at        timestamptz,
        size              integer NOT NULL
      );
      -- Ciphertext does not compress: store it out of line without trying.
      ALTER TABLE reports ALTER COLUMN ciphertext SET STORAGE EXTERNAL;
      CREATE INDEX reports_expires_at ON reports (expires_at) WHERE expires_at IS NOT NULL;
    `,
  },
];

/** Any constant key: it only serialises migrations of app instances that start at once. */
const MIGRATION_LOCK = 0x77736d31;

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    for (const step of MIGRATIONS) {
      if (done.has(step.version)) continue;
      await client.query(step.sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [step.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

interface Row {
  id: string;
  ciphertext: Buffer;
  created_at: Date;
  expires_at: Date | null;
  size: number;
}

/** The store and its pool, which the rate limiter (rate-limit.ts) shares; close() ends both. */
export interface PostgresReportRepository extends ReportRepository {
  readonly pool: pg.Pool;
}

export async function openPostgresRepository(config: pg.PoolConfig, clock: Clock = systemClock): Promise<PostgresReportRepository> {
  // A server that hangs instead of refusing would hold every request (and the rate limiter's check)
  // forever: a connection not made in 10 s fails, and the request gets the store's plain error.
  const pool = new pg.Pool({ max: 10, connectionTimeoutMillis: 10_000, ...config });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query reconnects.
  pool.on('error', (error) => console.error('waitscope: PostgreSQL pool error:', error.message));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  return {
    kind: 'postgres',
    pool,
    async create(ciphertext: Uint8Array, { createdAt, expiresAt }: ReportTimes): Promise<CreatedReport> {
      const row = newReportRow();
      await pool.query(
        'INSERT INTO reports (id, ciphertext, delete_token_hash, created_at, expires_at, size) VALUES ($1, $2, $3, $4, $5, $6)',
        [row.id, Buffer.from(ciphertext.buffer, ciphertext.byteOffset, ciphertext.length), row.tokenHash, createdAt, expiresAt, ciphertext.length],
      );
      return { id: row.id, deleteToken: row.deleteToken, createdAt, expiresAt };
    },
    async get(id: string): Promise<StoredReport | null> {
      const { rows } = await pool.query<Row>(
        'SELECT id, ciphertext, created_at, expires_at, size FROM reports WHERE id = $1 AND (expires_at IS NULL OR expires_at > $2)',
        [id, clock()],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        ciphertext: new Uint8Array(row.ciphertext.buffer, row.ciphertext.byteOffset, row.ciphertext.length),
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        size: row.size,
      };
    },
    async delete(id: string, deleteToken: string): Promise<DeleteOutcome> {
      const { rows } = await pool.query<{ delete_token_hash: Buffer }>(
        'SELECT delete_token_hash FROM reports WHERE id = $1 AND (expires_at IS NULL OR expires_at > $2)',
        [id, clock()],
      );
      const outcome = checkDeleteToken(deleteToken, rows[0]?.delete_token_hash ?? null);
      if (outcome === 'deleted') await pool.query('DELETE FROM reports WHERE id = $1', [id]);
      return outcome;
    },
    async purgeExpired(): Promise<number> {
      const result = await pool.query('DELETE FROM reports WHERE expires_at IS NOT NULL AND expires_at <= $1', [clock()]);
      return result.rowCount ?? 0;
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}
