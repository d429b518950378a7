/**
 * The one repository and rate limiters of this server process, made when `npm start`'s server
 * starts (lib/server/main.ts; under `next dev`, on the first API request): the environment is
 * validated, the database opened and migrated (with PostgreSQL, the rate-limit table created:
 * rate-limit.ts), and a timer purges expired reports. Nothing here runs at import, so
 * `next build` (which loads route modules) touches no database. Kept on globalThis, so the route
 * handlers (bundled by Next) find what main.ts (bundled by esbuild) made, and `next dev` reloads
 * do not open a second database.
 */
import path from 'node:path';
import type pg from 'pg';
import { parseServerEnv, type ServerEnv } from './env';
import { openPostgresRepository } from './postgres-repository';
import { openRateLimiters, RATE_LIMIT_TABLE, type RateLimiters } from './rate-limit';
import type { ReportApiDeps } from './report-handlers';
import { systemClock, type ReportRepository } from './report-repository';
import { openSqliteRepository } from './sqlite-repository';

const KEY = Symbol.for('waitscope.serverContext');
type Holder = { [KEY]?: Promise<ReportApiDeps> };

/** The store could not be opened; the message is one line naming the store and the cause. */
export class StoreOpenError extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where the store is, for messages: the SQLite file's full path, or PostgreSQL without credentials. */
function storeName(env: ServerEnv): string {
  if (!env.DATABASE_URL) return `SQLite file ${path.resolve(env.WAITSCOPE_DB_PATH)}`;
  try {
    const url = new URL(env.DATABASE_URL);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * A new set of API dependencies from these settings: what serverContext keeps for the process;
 * tests open several to stand for app instances behind one load balancer.
 */
export async function openServerContext(env: ServerEnv = parseServerEnv(process.env)): Promise<ReportApiDeps> {
  let repository: ReportRepository;
  let pool: pg.Pool | null = null;
  try {
    if (env.DATABASE_URL) {
      const postgres = await openPostgresRepository({ connectionString: env.DATABASE_URL });
      repository = postgres;
      pool = postgres.pool;
    } else {
      repository = openSqliteRepository(env.WAITSCOPE_DB_PATH);
    }
  } catch (error) {
    throw new StoreOpenError(`cannot open the report store (${storeName(env)}): ${messageOf(error)}`);
  }

  let limiters: RateLimiters;
  try {
    // With PostgreSQL the limits are shared by every instance on that database (rate-limit.ts).
    limiters = await openRateLimiters({ writesPerMinute: env.WAITSCOPE_RATE_WRITES_PER_MINUTE, readsPerMinute: env.WAITSCOPE_RATE_READS_PER_MINUTE }, pool);
  } catch (error) {
    await repository.close().catch(() => undefined);
    throw new StoreOpenError(`cannot create the rate-limit table ${RATE_LIMIT_TABLE} (${storeName(env)}): ${messageOf(error)}`);
  }

  const purge = () =>
    repository.purgeExpired().catch((error: unknown) => console.error('waitscope: purging expired reports failed:', error));
  await purge();
  setInterval(purge, env.WAITSCOPE_PURGE_INTERVAL_SECONDS * 1000).unref();

  return {
    repository,
    ...limiters,
    maxReportBytes: env.WAITSCOPE_MAX_REPORT_BYTES,
    clock: systemClock,
  };
}

/**
 * The process's API dependencies; a failed start (bad env, database down) is retried next time.
 * `env`: the settings main.ts has already read, used if this call starts the context (else they
 * are read from process.env).
 */
export function serverContext(env?: ServerEnv): Promise<ReportApiDeps> {
  const holder = globalThis as Holder;
  holder[KEY] ??= openServerContext(env).catch((error: unknown) => {
    holder[KEY] = undefined;
    throw error;
  });
  return holder[KEY];
}
