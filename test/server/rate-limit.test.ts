// The share API's rate limit with the SQLite store: rate-limiter-flexible in memory, a fixed
// window of 60 s per client from its first request (lib/server/rate-limit.ts). The clock is
// Date, faked where a test crosses a window; requests go through the real HTTP server, so the key
// is the socket address (127.0.0.2, 127.0.0.3… are different clients).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryRateLimiter, unlimited } from '../../lib/server/rate-limit';
import { rawRequest, type RawAnswer } from '../helpers/raw-http';
import { requestFrom, startApiInstance, UNKNOWN_ID, type ApiInstance } from '../helpers/api-instances';

const T0 = Date.parse('2026-12-01T12:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('memoryRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });

  it('allows perMinute requests in a client\u2019s 60 s window, then refuses until the window ends', async () => {
    const limiter = memoryRateLimiter(3, 'write');
    for (let i = 0; i < 3; i++) expect(await limiter.take('a')).toEqual({ ok: true });
    // The window opened at T0 with the first request and ends at T0 + 60 s.
    expect(await limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 60 });
    vi.setSystemTime(T0 + 20_000);
    // A token bucket would have given one back after 20 s; the fixed window does not.
    expect(await limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 40 });
    vi.setSystemTime(T0 + 59_500);
    expect(await limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    // Another client has its own allowance.
    expect(await limiter.take('b')).toEqual({ ok: true });
    vi.setSystemTime(T0 + 60_000);
    for (let i = 0; i < 3; i++) expect(await limiter.take('a')).toEqual({ ok: true });
    expect(await limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  it('allows everything at 0', async () => {
    expect(memoryRateLimiter(0, 'read')).toBe(unlimited);
    for (let i = 0; i < 1000; i++) expect(await unlimited.take('a')).toEqual({ ok: true });
  });
});

async function expectLimited(answer: RawAnswer): Promise<number> {
  expect(answer.status).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(JSON.parse(answer.body)).toEqual({ error: { code: 'rate-limited', message: `Too many requests; try again in ${retryAfter} s.` } });
  return retryAfter;
}

describe('the share API with the SQLite store', () => {
  let dir: string;
  const instances: ApiInstance[] = [];
  const start = async (limits: { writes: number; reads: number }, file = 'reports.db') => {
    const instance = await startApiInstance({
      WAITSCOPE_DB_PATH: path.join(dir, file),
      WAITSCOPE_RATE_WRITES_PER_MINUTE: String(limits.writes),
      WAITSCOPE_RATE_READS_PER_MINUTE: String(limits.reads),
    });
    instances.push(instance);
    return instance.port;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'waitscope-rate-'));
  });

  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes N requests of a client and answers the N+1th with 429 and Retry-After, reads and writes apart', async () => {
    const port = await start({ writes: 3, reads: 5 });
    for (let i = 0; i < 5; i++) expect((await requestFrom(port, '127.0.0.2', 'read')).status).toBe(404);
    // Right after the window opened: the whole window (60 s) is left, give or take a slow second.
    expect(await expectLimited(await requestFrom(port, '127.0.0.2', 'read'))).toBeGreaterThanOrEqual(58);
    for (let i = 0; i < 3; i++) expect((await requestFrom(port, '127.0.0.2', 'write')).status).toBe(400);
    await expectLimited(await requestFrom(port, '127.0.0.2', 'write'));
    // A delete is a write too.
    const del = `DELETE /api/reports/${UNKNOWN_ID} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
    await expectLimited(await rawRequest(port, [del], { localAddress: '127.0.0.2' }));
    // Another address is another client.
    expect((await requestFrom(port, '127.0.0.3', 'read')).status).toBe(404);
    expect((await requestFrom(port, '127.0.0.3', 'write')).status).toBe(400);
  });

  it('keys on the socket address, not on forwarded headers the client writes', async () => {
    const port = await start({ writes: 2, reads: 0 });
    const forged = (n: number) => `POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nX-Forwarded-For: 10.0.0.${n}\r\nX-Real-IP: 10.1.0.${n}\r\nX-Waitscope-Client: 10.2.0.${n}\r\nConnection: close\r\n\r\n`;
    const statuses = [];
    for (let n = 1; n <= 4; n++) statuses.push((await rawRequest(port, [forged(n)], { localAddress: '127.0.0.4' })).status);
    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it('gives the allowance back when the client\u2019s window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const port = await start({ writes: 2, reads: 0 });
    const writes = async (n: number) => {
      const statuses = [];
      for (let i = 0; i < n; i++) statuses.push((await requestFrom(port, '127.0.0.5', 'write')).status);
      return statuses;
    };
    expect(await writes(3)).toEqual([400, 400, 429]);
    vi.setSystemTime(T0 + 30_000);
    const half = await requestFrom(port, '127.0.0.5', 'write');
    expect(await expectLimited(half)).toBe(30);
    vi.setSystemTime(T0 + 60_000);
    expect(await writes(3)).toEqual([400, 400, 429]);
  });

  it('counts per instance: two instances allow the rate each (what PostgreSQL fixes)', async () => {
    const a = await start({ writes: 0, reads: 3 }, 'a.db');
    const b = await start({ writes: 0, reads: 3 }, 'b.db');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestFrom(i % 2 === 0 ? a : b, '127.0.0.6', 'read')).status);
    expect(statuses).toEqual(Array(6).fill(404));
    expect((await requestFrom(a, '127.0.0.6', 'read')).status).toBe(429);
  });
});
