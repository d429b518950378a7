// The share API's rate limit with the PostgreSQL store: two app instances (each its own server
// context and HTTP server) on one DATABASE_URL share one count per client in the table
// rate_limits, so together they allow the configured rate; with per-instance memory counts
// (rate-limit.test.ts) the same requests all pass. PostgreSQL is a throwaway cluster (or
// WAITSCOPE_TEST_DATABASE_URL); like report-repository.test.ts this never skips.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRateLimiters, RATE_LIMIT_TABLE } from '../../lib/server/rate-limit';
import { requestFrom, startApiInstance, type ApiInstance } from '../helpers/api-instances';
import { freshSchema, startTestPostgres, type TestPostgres } from '../helpers/postgres';

let server: TestPostgres;
let schema: Awaited<ReturnType<typeof freshSchema>>;
let databaseUrl: string;
const instances: ApiInstance[] = [];

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  schema = await freshSchema(server.url);
  // The fresh schema as the default, in the URL itself: DATABASE_URL is all the app is given.
  const url = new URL(server.url);
  url.searchParams.set('options', String(schema.config.options));
  databaseUrl = url.toString();
});

afterEach(async () => {
  for (const instance of instances.splice(0)) await instance.close();
  await schema.drop();
});

async function start(limits: { writes: number; reads: number }): Promise<number> {
  const instance = await startApiInstance({
    DATABASE_URL: databaseUrl,
    WAITSCOPE_RATE_WRITES_PER_MINUTE: String(limits.writes),
    WAITSCOPE_RATE_READS_PER_MINUTE: String(limits.reads),
  });
  instances.push(instance);
  return instance.port;
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client(schema.config);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('two instances on one PostgreSQL database', () => {
  it('together allow the configured reads per client, then both answer 429 with Retry-After', async () => {
    const ports = [await start({ writes: 0, reads: 4 }), await start({ writes: 0, reads: 4 })];
    const statuses = [];
    // Alternating, as a load balancer would: 2 on each instance, 4 in all.
    for (let i = 0; i < 4; i++) statuses.push((await requestFrom(ports[i % 2]!, '127.0.0.2', 'read')).status);
    expect(statuses).toEqual([404, 404, 404, 404]);
    for (const port of ports) {
      const refused = await requestFrom(port, '127.0.0.2', 'read');
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(55);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(JSON.parse(refused.body)).toEqual({ error: { code: 'rate-limited', message: `Too many requests; try again in ${retryAfter} s.` } });
    }
    // Another client still has its allowance, on either instance.
    expect((await requestFrom(ports[1]!, '127.0.0.3', 'read')).status).toBe(404);
    // The count is in the database, one row per client and kind.
    const rows = await query<{ key: string; points: number }>(`SELECT key, points FROM ${RATE_LIMIT_TABLE} ORDER BY key`);
    expect(rows.map((r) => r.key)).toEqual(['reports-read:127.0.0.2', 'reports-read:127.0.0.3']);
    expect(rows[1]!.points).toBe(1);
  });

  it('counts writes apart from reads, across instances', async () => {
    const ports = [await start({ writes: 3, reads: 100 }), await start({ writes: 3, reads: 100 })];
    const writes = [];
    for (let i = 0; i < 5; i++) writes.push((await requestFrom(ports[i % 2]!, '127.0.0.4', 'write')).status);
    // 3 pass (400: an empty body), whichever instance got them; the 4th and 5th are refused.
    expect(writes).toEqual([400, 400, 400, 429, 429]);
    expect((await requestFrom(ports[0]!, '127.0.0.4', 'read')).status).toBe(404);
  });
});

describe('starting', () => {
  it('makes no table when both limits are off', async () => {
    await start({ writes: 0, reads: 0 });
    expect(await query(`SELECT 1 FROM pg_tables WHERE tablename = '${RATE_LIMIT_TABLE}'`)).toEqual([]);
  });
});

describe('when PostgreSQL does not answer', () => {
  it('each instance limits on its own in memory, and says so in the log', async () => {
    const pool = new pg.Pool(schema.config);
    const limiters = await openRateLimiters({ writesPerMinute: 2, readsPerMinute: 0 }, pool);
    expect((await query(`SELECT count(*) FROM ${RATE_LIMIT_TABLE}`)).length).toBe(1);
    await pool.end();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const decisions = [];
      for (let i = 0; i < 3; i++) decisions.push(await limiters.writeLimiter.take('203.0.113.9'));
      expect(decisions.map((d) => d.ok)).toEqual([true, true, false]);
      expect(decisions[2]).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) as number });
      expect(await limiters.readLimiter.take('203.0.113.9')).toEqual({ ok: true });
      // Once per window, not once per request.
      expect(log.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`rate-limit table ${RATE_LIMIT_TABLE} in PostgreSQL did not answer`)]);
    } finally {
      log.mockRestore();
    }
  });

  it('refuses to start when the table cannot be created', async () => {
    const pool = new pg.Pool(schema.config);
    await pool.end();
    await expect(openRateLimiters({ writesPerMinute: 2, readsPerMinute: 2 }, pool)).rejects.toThrow(/pool/i);
  });
});
