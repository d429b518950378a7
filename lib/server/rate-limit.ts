/**
 * The share API's per-client rate limits, kept by rate-limiter-flexible:
 *   - SQLite store (the embedded default, one process): in this process's memory.
 *   - PostgreSQL store (DATABASE_URL, possibly several instances behind a load balancer): in the
 *     table RATE_LIMIT_TABLE of that database, so the instances share one count per client and
 *     together allow the configured rate, not that rate each.
 *
 * Semantics (rate-limiter-flexible's, which differ from the token bucket this replaced): a fixed
 * window of 60 s per client, starting at the client's first request. The first `perMinute`
 * requests in the window pass; later ones get 429 with Retry-After = the seconds until the window
 * ends, when the whole allowance comes back at once. (The token bucket gave one request back every
 * 60/perMinute s.) At the edge of two windows a client may send up to 2 × perMinute within 60 s,
 * the same worst case as the bucket's full burst plus a minute's refill.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CLIENT_HEADER, openClientAddress } from './client-address';

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one request against a client's allowance. */
export interface RateLimiter {
  take(client: string): Promise<RateDecision>;
}

export interface RateLimits {
  /** Creates and deletes per client per minute; 0 turns the limit off. */
  writesPerMinute: number;
  /** Reads per client per minute; 0 turns the limit off. */
  readsPerMinute: number;
}

export interface RateLimiters {
  writeLimiter: RateLimiter;
  readLimiter: RateLimiter;
}

/**
 * The PostgreSQL table of the counts: one row per client and kind (key `reports-write:<address>`
 * or `reports-read:<address>`, points used, window end in epoch ms). rate-limiter-flexible creates
 * it (CREATE TABLE IF NOT EXISTS) when the server starts, and deletes rows an hour past their
 * window every 5 minutes.
 */
export const RATE_LIMIT_TABLE = 'rate_limits';

const WINDOW_SECONDS = 60;

/** The limiter for a limit of 0. */
export const unlimited: RateLimiter = { take: async () => ({ ok: true }) };

function asRateLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async take(client) {
      try {
        await limiter.consume(client);
        return { ok: true };
      } catch (refusal) {
        // A refusal is a RateLimiterRes; anything else is a bug, for the handler's 500.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}

const windowOf = (perMinute: number, kind: string) => ({ points: perMinute, duration: WINDOW_SECONDS, keyPrefix: `reports-${kind}` });

/** A limit in this process's memory; a client's entry is dropped when its window ends. */
export function memoryRateLimiter(perMinute: number, kind: 'write' | 'read'): RateLimiter {
  return perMinute === 0 ? unlimited : asRateLimiter(new RateLimiterMemory(windowOf(perMinute, kind)));
}

/**
 * What a PostgreSQL limiter counts with while its table does not answer (database down, table
 * dropped): this instance's memory, as before the limit was shared. Failing open per instance
 * rather than closed keeps the limiter from being a second way for the API to go down; while
 * PostgreSQL is down the report queries fail on their own (500, logged). Says so in the log at
 * most once a window.
 */
class MemoryWhilePostgresDown extends RateLimiterMemory {
  private warnedAt = -Infinity;

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    const now = Date.now();
    if (now - this.warnedAt >= WINDOW_SECONDS * 1000) {
      this.warnedAt = now;
      console.error(`waitscope: the rate-limit table ${RATE_LIMIT_TABLE} in PostgreSQL did not answer; each instance limits on its own, in memory, until it does.`);
    }
    return super.consume(key, points, options);
  }
}

/** `tableCreated` false: creates the table first (the promise fails if that fails). */
function openPostgresLimiter(pool: pg.Pool, perMinute: number, kind: 'write' | 'read', tableCreated: boolean): Promise<RateLimiterPostgres> {
  const options = {
    ...windowOf(perMinute, kind),
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated,
    insuranceLimiter: new MemoryWhilePostgresDown(windowOf(perMinute, kind)),
    // A client past its allowance is refused from this instance's memory until its window ends,
    // without a query per refused request: a flood costs the database one row update.
    inMemoryBlockOnConsumed: perMinute + 1,
  };
  if (tableCreated) return Promise.resolve(new RateLimiterPostgres(options));
  return new Promise((resolve, reject) => {
    // The callback runs once CREATE TABLE has answered, after the constructor returned.
    const limiter = new RateLimiterPostgres(options, (error) => (error ? reject(error) : resolve(limiter)));
  });
}

/** The two limits: in memory without a pool, else in RATE_LIMIT_TABLE (created here). */
export async function openRateLimiters(limits: RateLimits, pool: pg.Pool | null): Promise<RateLimiters> {
  if (!pool) {
    return { writeLimiter: memoryRateLimiter(limits.writesPerMinute, 'write'), readLimiter: memoryRateLimiter(limits.readsPerMinute, 'read') };
  }
  let tableCreated = false;
  const open = async (perMinute: number, kind: 'write' | 'read') => {
    if (perMinute === 0) return unlimited;
    const limiter = await openPostgresLimiter(pool, perMinute, kind, tableCreated);
    tableCreated = true;
    return asRateLimiter(limiter);
  };
  const writeLimiter = await open(limits.writesPerMinute, 'write');
  return { writeLimiter, readLimiter: await open(limits.readsPerMinute, 'read') };
}

/**
 * The rate-limit key of a request: the address the HTTP server (http-server.ts) worked out from
 * the socket and, behind a trusted proxy, X-Forwarded-For (client-address.ts). A request that did
 * not come through that server (`next dev`, a bare `next start`) has none, or one the client wrote
 * (which lacks the process's secret prefix); such requests share one allowance.
 */
export function clientKey(headers: Headers): string {
  return openClientAddress(headers.get(CLIENT_HEADER)) ?? 'unidentified';
}
