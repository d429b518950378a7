// One suite, two stores: SQLite (a temp file) and PostgreSQL (a throwaway cluster, or
// WAITSCOPE_TEST_DATABASE_URL / DATABASE_URL). The PostgreSQL half never skips: when no server can
// be had, its beforeAll fails with the reason (test/helpers/postgres.ts).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportIdSchema } from '../../lib/server/ids';
import { openPostgresRepository } from '../../lib/server/postgres-repository';
import type { ReportRepository } from '../../lib/server/report-repository';
import { openSqliteRepository } from '../../lib/server/sqlite-repository';
import { sealReport } from '../../lib/share';
import { freshSchema, startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { SECRET_FILE, SECRET_LABEL, sampleReportWithFile } from '../share/sample-report';

const DAY = 24 * 60 * 60 * 1000;

/** A clock the tests move by hand. */
function manualClock(start = Date.parse('2026-11-30T12:00:00.000Z')) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

interface Store {
  /** Opens (or reopens) the store on the same database. */
  open(clock: () => Date): Promise<ReportRepository>;
  /** The raw delete_token_hash column of a row. */
  tokenHash(id: string): Promise<Buffer | undefined>;
  /** How many rows report exists, expired or not. */
  rowCount(): Promise<number>;
  migrationVersions(): Promise<number[]>;
  /** Whether the text occurs anywhere the database keeps data. */
  holdsText(text: string): Promise<boolean>;
  dispose(): Promise<void>;
}

function sqliteStore(): Store {
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-sqlite-'));
  const file = path.join(dir, 'nested', 'reports.db');
  const query = <T>(sql: string, ...params: unknown[]): T[] => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };
  return {
    open: async (clock) => openSqliteRepository(file, clock),
    tokenHash: async (id) => query<{ h: Buffer }>('SELECT delete_token_hash h FROM reports WHERE id = ?', id)[0]?.h,
    rowCount: async () => query<{ n: number }>('SELECT count(*) n FROM reports')[0]!.n,
    migrationVersions: async () => query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version').map((r) => r.version),
    holdsText: async (text) =>
      [file, `${file}-wal`].some((f) => existsSync(f) && readFileSync(f).includes(Buffer.from(text, 'utf8'))),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let server: TestPostgres | undefined;

async function postgresStore(): Promise<Store> {
  if (!server) throw new Error('PostgreSQL did not start (see the beforeAll failure above)');
  const schema = await freshSchema(server.url);
  const query = async <T extends pg.QueryResultRow>(sql: string, ...params: unknown[]): Promise<T[]> => {
    const client = new pg.Client(schema.config);
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    open: (clock) => openPostgresRepository(schema.config, clock),
    tokenHash: async (id) => (await query<{ h: Buffer }>('SELECT delete_token_hash h FROM reports WHERE id = $1', id))[0]?.h,
    rowCount: async () => Number((await query<{ n: string }>('SELECT count(*) n FROM reports'))[0]!.n),
    migrationVersions: async () => (await query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version),
    // Every column of every row, as text (bytea as its hex form, so also the decoded bytes).
    holdsText: async (text) => {
      const hex = Buffer.from(text, 'utf8').toString('hex');
      const rows = await query<{ n: string }>(
        `SELECT count(*) n FROM reports r WHERE r::text ILIKE '%' || $1 || '%' OR r::text ILIKE '%' || $2 || '%'`,
        text,
        hex,
      );
      return Number(rows[0]!.n) > 0;
    },
    dispose: () => schema.drop(),
  };
}

beforeAll(async () => {
  server = await startTestPostgres();
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

describe.each([
  ['SQLite', async () => sqliteStore()],
  ['PostgreSQL', postgresStore],
])('report repository on %s', (_name, makeStore) => {
  let store: Store;
  let repo: ReportRepository;
  let time: ReturnType<typeof manualClock>;
  const extra: ReportRepository[] = [];

  beforeEach(async () => {
    store = await makeStore();
    time = manualClock();
    repo = await store.open(time.clock);
  });

  afterEach(async () => {
    for (const r of extra.splice(0)) await r.close();
    await repo.close();
    await store.dispose();
  });

  /** Created now, expiring at `expiresAt` (null: never). */
  const at = (expiresAt: Date | null) => ({ createdAt: time.clock(), expiresAt });
  const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

  it('stores and returns the bytes, times and size', async () => {
    const blob = bytes(1000);
    const expires = new Date(time.clock().getTime() + 7 * DAY);
    const created = await repo.create(blob, at(expires));
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(reportIdSchema.safeParse(created.id).success).toBe(true);
    expect(created.deleteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.createdAt).toEqual(time.clock());
    expect(created.expiresAt).toEqual(expires);

    const got = await repo.get(created.id);
    expect(got).not.toBeNull();
    expect(Buffer.from(got!.ciphertext).equals(Buffer.from(blob))).toBe(true);
    expect(got).toMatchObject({ id: created.id, size: 1000, createdAt: time.clock(), expiresAt: expires });
  });

  it('keeps an 8 MiB report whole', async () => {
    const blob = new Uint8Array(randomBytes(8 * 1024 * 1024 - 1));
    const { id } = await repo.create(blob, at(null));
    const got = await repo.get(id);
    expect(got?.size).toBe(blob.length);
    expect(Buffer.from(got!.ciphertext).equals(Buffer.from(blob))).toBe(true);
  });

  it('returns null for an unknown id', async () => {
    expect(await repo.get('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });

  it('makes distinct random ids, also under concurrent creates', async () => {
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => repo.create(bytes(10, i), at(null))));
    expect(new Set(created.map((c) => c.id)).size).toBe(40);
    expect(await store.rowCount()).toBe(40);
  });

  it('hides an expired report at once and purges it later; never-expiring reports stay', async () => {
    const day = await repo.create(bytes(10), at(new Date(time.clock().getTime() + DAY)));
    const month = await repo.create(bytes(10), at(new Date(time.clock().getTime() + 30 * DAY)));
    const never = await repo.create(bytes(10), at(null));

    time.advance(DAY - 1);
    expect(await repo.get(day.id)).not.toBeNull();
    time.advance(1);
    expect(await repo.get(day.id)).toBeNull();
    expect(await repo.delete(day.id, day.deleteToken)).toBe('not-found');
    expect(await store.rowCount()).toBe(3);

    expect(await repo.purgeExpired()).toBe(1);
    expect(await store.rowCount()).toBe(2);
    time.advance(365 * DAY);
    expect(await repo.purgeExpired()).toBe(1);
    expect(await repo.get(month.id)).toBeNull();
    expect(await repo.get(never.id)).not.toBeNull();
  });

  it('deletes only with the right token, stored as its SHA-256', async () => {
    const { id, deleteToken } = await repo.create(bytes(10), at(null));
    const hash = await store.tokenHash(id);
    expect(hash?.equals(createHash('sha256').update(deleteToken).digest())).toBe(true);

    expect(await repo.delete(id, '')).toBe('forbidden');
    expect(await repo.delete(id, `${deleteToken.slice(0, -1)}x`)).toBe('forbidden');
    expect(await repo.delete(id, hash!.toString('base64url'))).toBe('forbidden');
    expect(await repo.get(id)).not.toBeNull();

    expect(await repo.delete(id, deleteToken)).toBe('deleted');
    expect(await repo.get(id)).toBeNull();
    expect(await repo.delete(id, deleteToken)).toBe('not-found');
    expect(await repo.delete('AAAAAAAAAAAAAAAAAAAAAA', deleteToken)).toBe('not-found');
  });

  it('runs its migrations once, however often it is opened, and keeps the data', async () => {
    const { id } = await repo.create(bytes(10), at(null));
    const again = await store.open(time.clock);
    extra.push(again, await store.open(time.clock));
    expect(await store.migrationVersions()).toEqual([1]);
    expect(await again.get(id)).not.toBeNull();
  });

  it('never holds the report\u2019s text: labels and file names are not in the database', async () => {
    const { ciphertext } = await sealReport(sampleReportWithFile());
    await repo.create(ciphertext, at(null));
    // The probe itself finds what is stored in the clear: the id.
    const { id } = await repo.create(bytes(10), at(null));
    expect(await store.holdsText(id)).toBe(true);
    expect(await store.holdsText(SECRET_LABEL)).toBe(false);
    expect(await store.holdsText(SECRET_FILE)).toBe(false);
  });
});
