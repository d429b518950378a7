/**
 * The one repository and rate limiters of this server process, made on the first API request:
 * the environment is validated, the database opened and migrated, and a timer purges expired
 * reports. Nothing here runs at import, so `next build` (which loads route modules) touches no
 * database. Kept on globalThis so `next dev` reloads do not open a second database.
 */
import { parseServerEnv } from './env';
import { openPostgresRepository } from './postgres-repository';
import { RateLimiter } from './rate-limit';
import type { ReportApiDeps } from './report-handlers';
import { systemClock, type ReportRepository } from './report-repository';
import { openSqliteRepository } from './sqlite-repository';

const KEY = Symbol.for('waitscope.serverContext');
type Holder = { [KEY]?: Promise<ReportApiDeps> };

async function start(): Promise<ReportApiDeps> {
  const env = parseServerEnv(process.env);
  const repository: ReportRepository = env.DATABASE_URL
    ? await openPostgresRepository({ connectionString: env.DATABASE_URL })
    : openSqliteRepository(env.WAITSCOPE_DB_PATH);

  const purge = () =>
    repository.purgeExpired().catch((error: unknown) => console.error('waitscope: purging expired reports failed:', error));
  await purge();
  setInterval(purge, env.WAITSCOPE_PURGE_INTERVAL_SECONDS * 1000).unref();

  return {
    repository,
    writeLimiter: new RateLimiter(env.WAITSCOPE_RATE_WRITES_PER_MINUTE),
    readLimiter: new RateLimiter(env.WAITSCOPE_RATE_READS_PER_MINUTE),
    maxReportBytes: env.WAITSCOPE_MAX_REPORT_BYTES,
    trustedProxyHops: env.WAITSCOPE_TRUSTED_PROXY_HOPS,
    clock: systemClock,
  };
}

/** The process's API dependencies; a failed start (bad env, database down) is retried next time. */
export function serverContext(): Promise<ReportApiDeps> {
  const holder = globalThis as Holder;
  holder[KEY] ??= start().catch((error: unknown) => {
    holder[KEY] = undefined;
    throw error;
  });
  return holder[KEY];
}
