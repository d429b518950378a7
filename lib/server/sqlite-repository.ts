/**
 * Reports in one SQLite file through better-sqlite3: the embedded default that `npm start` uses.
 * WAL mode lets reads go on during a write; synchronous=FULL makes every answered create durable
 * against power loss as well as a crash (creates are rare, reads are what must be fast).
 * Times are epoch milliseconds.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
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
        id                TEXT PRIMARY KEY,
        ciphertext        BLOB NOT NULL,
        delete_token_hash BLOB NOT NULL,
        created_at        INTEGER NOT NULL,
        expires_at        INTEGER,
        size              INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX reports_expires_at ON reports (expires_at) WHERE expires_at IS NOT NULL;
    `,
  },
];

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  // IMMEDIATE takes the write lock first, so two processes starting at once apply each step once.
  db.transaction(() => {
    const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
    for (const step of MIGRATIONS) {
      if (done.has(step.version)) continue;
      db.exec(step.sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(step.version, Date.now());
    }
  }).immediate();
}

interface Row {
  id: string;
  ciphertext: Buffer;
  created_at: number;
  expires_at: number | null;
  size: number;
}

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * Creates the database's folder 0700 and the file 0600 when they do not exist yet: the store holds
 * ciphertext only, but which reports exist, their sizes and times are nobody else's business.
 * SQLite gives the -wal and -shm files the database file's mode. Existing ones are left as the
 * operator set them.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

export function openSqliteRepository(file: string, clock: Clock = systemClock): ReportRepository {
  if (file !== ':memory:') createPrivately(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A deleted report's pages are overwritten with zeros instead of left in free space.
  db.pragma('secure_delete = ON');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);

  const insert = db.prepare(
    'INSERT INTO reports (id, ciphertext, delete_token_hash, created_at, expires_at, size) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[string, number], Row>(
    'SELECT id, ciphertext, created_at, expires_at, size FROM reports WHERE id = ? AND (expires_at IS NULL OR expires_at > ?)',
  );
  const selectHash = db
    .prepare<[string, number], Buffer>(
      'SELECT delete_token_hash FROM reports WHERE id = ? AND (expires_at IS NULL OR expires_at > ?)',
    )
    .pluck();
  const remove = db.prepare('DELETE FROM reports WHERE id = ?');
  const purge = db.prepare('DELETE FROM reports WHERE expires_at IS NOT NULL AND expires_at <= ?');

  /**
   * With WAL, the zeroed pages go to the -wal file and the old ones (with the ciphertext) stay in
   * the database file, and earlier WAL frames still hold it, until a checkpoint. TRUNCATE copies
   * the zeroed pages into the file and empties the WAL. Deletes are rare, so this costs little;
   * it cannot finish while another connection reads an older snapshot (then the next one does).
   */
  const scrubWal = () => db.pragma('wal_checkpoint(TRUNCATE)');

  return {
    kind: 'sqlite',
    async create(ciphertext: Uint8Array, { createdAt, expiresAt }: ReportTimes): Promise<CreatedReport> {
      const row = newReportRow();
      insert.run(row.id, ciphertext, row.tokenHash, createdAt.getTime(), expiresAt?.getTime() ?? null, ciphertext.length);
      return { id: row.id, deleteToken: row.deleteToken, createdAt, expiresAt };
    },
    async get(id: string): Promise<StoredReport | null> {
      const row = select.get(id, clock().getTime());
      if (!row) return null;
      return {
        id: row.id,
        ciphertext: new Uint8Array(row.ciphertext.buffer, row.ciphertext.byteOffset, row.ciphertext.length),
        createdAt: new Date(row.created_at),
        expiresAt: toDate(row.expires_at),
        size: row.size,
      };
    },
    async delete(id: string, deleteToken: string): Promise<DeleteOutcome> {
      const outcome = checkDeleteToken(deleteToken, selectHash.get(id, clock().getTime()) ?? null);
      if (outcome === 'deleted') {
        remove.run(id);
        scrubWal();
      }
      return outcome;
    },
    async purgeExpired(): Promise<number> {
      const purged = purge.run(clock().getTime()).changes;
      if (purged > 0) scrubWal();
      return purged;
    },
    async close(): Promise<void> {
      db.close();
    },
  };
}
