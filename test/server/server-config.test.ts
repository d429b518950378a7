import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../lib/server/env';
import { clientKey, RateLimiter } from '../../lib/server/rate-limit';

describe('parseServerEnv', () => {
  it('has defaults for everything: SQLite in ./data, 8 MiB, rate limits on', () => {
    expect(parseServerEnv({})).toEqual({
      DATABASE_URL: undefined,
      WAITSCOPE_DB_PATH: './data/waitscope.db',
      WAITSCOPE_MAX_REPORT_BYTES: 8 * 1024 * 1024,
      WAITSCOPE_RATE_WRITES_PER_MINUTE: 30,
      WAITSCOPE_RATE_READS_PER_MINUTE: 600,
      WAITSCOPE_TRUSTED_PROXY_HOPS: 1,
      WAITSCOPE_PURGE_INTERVAL_SECONDS: 600,
    });
    expect(parseServerEnv({ DATABASE_URL: '', WAITSCOPE_DB_PATH: '' }).WAITSCOPE_DB_PATH).toBe('./data/waitscope.db');
  });

  it('reads numbers and the database URL', () => {
    const env = parseServerEnv({
      DATABASE_URL: 'postgresql://u@db:5432/ws',
      WAITSCOPE_MAX_REPORT_BYTES: '1048576',
      WAITSCOPE_RATE_WRITES_PER_MINUTE: '0',
    });
    expect(env).toMatchObject({ DATABASE_URL: 'postgresql://u@db:5432/ws', WAITSCOPE_MAX_REPORT_BYTES: 1048576, WAITSCOPE_RATE_WRITES_PER_MINUTE: 0 });
  });

  it('refuses bad values, naming every variable', () => {
    expect(() =>
      parseServerEnv({ DATABASE_URL: 'mysql://x', WAITSCOPE_MAX_REPORT_BYTES: 'lots', WAITSCOPE_RATE_READS_PER_MINUTE: '-1' }),
    ).toThrow(/DATABASE_URL: must be a postgres[\s\S]*WAITSCOPE_MAX_REPORT_BYTES[\s\S]*WAITSCOPE_RATE_READS_PER_MINUTE/);
  });
});

describe('RateLimiter', () => {
  it('allows a burst of a minute\u2019s worth, then refills steadily', () => {
    let now = 0;
    const limiter = new RateLimiter(60, () => now);
    for (let i = 0; i < 60; i++) expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now += 1000;
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
    expect(limiter.take('b').ok).toBe(true);
  });

  it('allows everything at 0', () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take('a').ok).toBe(true);
  });

  it('keeps memory bounded with many clients', () => {
    let now = 0;
    const limiter = new RateLimiter(10, () => now);
    for (let i = 0; i < 25_000; i++) limiter.take(`c${i}`);
    now += 60_000;
    expect(limiter.take('new').ok).toBe(true);
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThanOrEqual(10_000);
  });
});

describe('clientKey', () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it('takes the X-Forwarded-For entry the trusted proxies wrote', () => {
    expect(clientKey(h({ 'x-forwarded-for': '203.0.113.9' }), 1)).toBe('203.0.113.9');
    expect(clientKey(h({ 'x-forwarded-for': 'spoofed, 203.0.113.9' }), 1)).toBe('203.0.113.9');
    expect(clientKey(h({ 'x-forwarded-for': 'spoofed, 203.0.113.9, 10.0.0.2' }), 2)).toBe('203.0.113.9');
    expect(clientKey(h({ 'x-forwarded-for': '203.0.113.9' }), 3)).toBe('203.0.113.9');
    expect(clientKey(h({ 'x-real-ip': '198.51.100.1' }), 1)).toBe('198.51.100.1');
    expect(clientKey(h({}), 1)).toBe('unknown');
  });
});
