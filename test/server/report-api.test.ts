// The report API's handlers, called with plain Request objects against a SQLite store in a temp
// folder: every status and the error envelope, without a server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unlimited } from '../../lib/server/rate-limit';
import { createReport, deleteReport, getReport, type ReportApiDeps } from '../../lib/server/report-handlers';
import type { ReportRepository } from '../../lib/server/report-repository';
import { openSqliteRepository } from '../../lib/server/sqlite-repository';
import { openReport, sealReport } from '../../lib/share';
import { sampleReport } from '../share/sample-report';

const BASE = 'http://127.0.0.1:3000/api/reports';
const DAY = 24 * 60 * 60 * 1000;
const LIMIT = 64 * 1024;

let dir: string;
let now: number;
let deps: ReportApiDeps;
let repository: ReportRepository;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'waitscope-api-'));
  now = Date.parse('2026-11-30T12:00:00.000Z');
  const clock = () => new Date(now);
  repository = openSqliteRepository(path.join(dir, 'api.db'), clock);
  deps = {
    repository,
    writeLimiter: unlimited,
    readLimiter: unlimited,
    maxReportBytes: LIMIT,
    clock,
  };
});

afterEach(async () => {
  await repository.close();
  rmSync(dir, { recursive: true, force: true });
});

function post(body: BodyInit | null, { query = '', headers = {} }: { query?: string; headers?: Record<string, string> } = {}) {
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return createReport(new Request(`${BASE}${query}`, init), deps);
}

const get = (id: string, headers: Record<string, string> = {}) => getReport(new Request(`${BASE}/${id}`, { headers }), id, deps);
const del = (id: string, token?: string) =>
  deleteReport(new Request(`${BASE}/${id}`, { method: 'DELETE', headers: token === undefined ? {} : { 'x-delete-token': token } }), id, deps);

async function expectError(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBeTypeOf('string');
  expect(body.error.message).not.toContain('\n');
  return body.error.message;
}

async function sealed() {
  return sealReport(sampleReport());
}

async function created(query = '') {
  const { ciphertext, key } = await sealed();
  const response = await post(ciphertext, { query });
  expect(response.status).toBe(201);
  return { ...((await response.json()) as { id: string; deleteToken: string; createdAt: string; expiresAt: string | null }), ciphertext, key };
}

describe('POST /api/reports', () => {
  it('stores a sealed report for 30 days by default and hands back id, token and expiry', async () => {
    const { ciphertext, key } = await sealed();
    const response = await post(ciphertext);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'deleteToken', 'expiresAt', 'id']);
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.createdAt).toBe(new Date(now).toISOString());
    expect(body.expiresAt).toBe(new Date(now + 30 * DAY).toISOString());

    const fetched = await get(body.id);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = new Uint8Array(await fetched.arrayBuffer());
    expect(bytes).toEqual(ciphertext);
    expect(await openReport(bytes, key)).toEqual({ ok: true, report: sampleReport() });
  });

  it.each([
    ['1d', 1 * DAY],
    ['7d', 7 * DAY],
    ['30d', 30 * DAY],
    ['never', null],
  ] as const)('takes ?expires=%s', async (expires, ms) => {
    const body = await created(`?expires=${expires}`);
    expect(body.expiresAt).toBe(ms === null ? null : new Date(now + ms).toISOString());
  });

  it('refuses an unknown expiry with 422 and a one-line reason', async () => {
    const { ciphertext } = await sealed();
    const message = await expectError(await post(ciphertext, { query: '?expires=forever' }), 422, 'invalid-input');
    expect(message).toMatch(/^expires: /);
    expect(message).toContain('1d, 7d, 30d, never');
  });

  it('refuses a JSON body (bad JSON or the plain report): 415 for its type, 400 as bytes', async () => {
    const json = JSON.stringify(sampleReport());
    await expectError(await post(json, { headers: { 'content-type': 'application/json' } }), 415, 'unsupported-media-type');
    await expectError(await post('{"version": 1, "datasets": [', { headers: { 'content-type': 'application/json' } }), 415, 'unsupported-media-type');
    const message = await expectError(await post(json), 400, 'not-a-container');
    expect(message).toContain('WSR');
  });

  it('refuses a Content-Type that names no type (";", empty) with 415; none at all is fine', async () => {
    const { ciphertext } = await sealed();
    for (const type of [';', ' ; charset=binary', '']) {
      const message = await expectError(await post(ciphertext, { headers: { 'content-type': type } }), 415, 'unsupported-media-type');
      expect(message).toContain('application/octet-stream');
    }
    const untyped = new Request(BASE, { method: 'POST', body: ciphertext });
    expect(untyped.headers.get('content-type')).toBeNull();
    expect((await createReport(untyped, deps)).status).toBe(201);
    expect((await post(ciphertext, { headers: { 'content-type': 'Application/Octet-Stream; x=1' } })).status).toBe(201);
  });

  it('refuses garbage, an empty body and a cut-short container with 400', async () => {
    await expectError(await post(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), 400, 'not-a-container');
    await expectError(await post(null), 400, 'bad-request');
    await expectError(await post(new Uint8Array(0)), 400, 'bad-request');
    await expectError(await post(Uint8Array.of(0x57, 0x53, 0x52, 1, 0, 0)), 400, 'not-a-container');
  });

  it('refuses a container of an unknown version with 422', async () => {
    const { ciphertext } = await sealed();
    ciphertext[3] = 9;
    const message = await expectError(await post(ciphertext), 422, 'unsupported-container-version');
    expect(message).toContain('version 9');
  });

  it('refuses an oversize body with 413 naming the limit, by Content-Length or while reading', async () => {
    const big = new Uint8Array(LIMIT + 1);
    big.set([0x57, 0x53, 0x52, 1]);
    const message = await expectError(await post(big), 413, 'payload-too-large');
    expect(message).toContain('65,536 bytes');

    // A chunked upload declares no length: the read stops once past the limit.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(new Uint8Array(16 * 1024).fill(pulled === 1 ? 0x57 : 0));
      },
    });
    await expectError(await post(stream), 413, 'payload-too-large');
    expect(pulled).toBeLessThan(10);

    deps.maxReportBytes = 8 * 1024 * 1024;
    const huge = new Uint8Array(8 * 1024 * 1024 + 1);
    expect(await expectError(await post(huge), 413, 'payload-too-large')).toContain('8 MiB');
  });

  it('accepts a body of exactly the limit', async () => {
    const { ciphertext } = await sealed();
    const exact = new Uint8Array(LIMIT);
    exact.set(ciphertext.slice(0, 16));
    expect((await post(exact)).status).toBe(201);
  });
});

describe('GET /api/reports/:id', () => {
  it('answers 404 alike for an unknown, an expired and a deleted report', async () => {
    const unknown = await get('AAAAAAAAAAAAAAAAAAAAAA');
    const unknownBody = await unknown.text();
    expect(unknown.status).toBe(404);

    const day = await created('?expires=1d');
    expect((await get(day.id)).status).toBe(200);
    now += DAY;
    const expired = await get(day.id);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toBe(unknownBody);

    const gone = await created('?expires=never');
    expect((await del(gone.id, gone.deleteToken)).status).toBe(204);
    const deleted = await get(gone.id);
    expect(deleted.status).toBe(404);
    expect(await deleted.text()).toBe(unknownBody);
    expect([...deleted.headers]).toEqual([...expired.headers]);
    await expectError(await get('AAAAAAAAAAAAAAAAAAAAAA'), 404, 'not-found');
  });

  it.each(['short', 'AAAAAAAAAAAAAAAAAAAAAB', 'AAAAAAAAAAAAAAAAAAAAA=', '../../../etc/passwd', 'A'.repeat(200)])(
    'refuses a malformed id (%s) with 422',
    async (id) => {
      expect(await expectError(await get(id), 422, 'invalid-input')).toMatch(/^id: /);
    },
  );
});

describe('DELETE /api/reports/:id', () => {
  it('needs the right token: 403 without it or with a wrong one, 204 with it, then 404', async () => {
    const report = await created();
    await expectError(await del(report.id), 403, 'forbidden');
    await expectError(await del(report.id, 'wrong'), 403, 'forbidden');
    await expectError(await del(report.id, `${report.deleteToken}x`), 403, 'forbidden');
    expect((await get(report.id)).status).toBe(200);

    const response = await del(report.id, report.deleteToken);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    await expectError(await del(report.id, report.deleteToken), 404, 'not-found');
  });

  it('answers 404 for an unknown or expired report, 422 for a malformed id', async () => {
    await expectError(await del('AAAAAAAAAAAAAAAAAAAAAA', 'x'), 404, 'not-found');
    const day = await created('?expires=1d');
    now += 2 * DAY;
    await expectError(await del(day.id, day.deleteToken), 404, 'not-found');
    await expectError(await del('nope', 'x'), 422, 'invalid-input');
  });
});

describe('unexpected failures', () => {
  it('answer 500 with no internals', async () => {
    const secret = 'SQLITE_CORRUPT at /var/lib/secret/path.db';
    const broken: ReportRepository = {
      kind: 'sqlite',
      create: () => Promise.reject(new Error(secret)),
      get: () => Promise.reject(new Error(secret)),
      delete: () => Promise.reject(new Error(secret)),
      purgeExpired: () => Promise.reject(new Error(secret)),
      close: async () => undefined,
    };
    deps.repository = broken;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      for (const response of [
        await post((await sealed()).ciphertext),
        await get('AAAAAAAAAAAAAAAAAAAAAA'),
        await del('AAAAAAAAAAAAAAAAAAAAAA', 'x'),
      ]) {
        const text = await response.clone().text();
        expect(text).not.toContain('SQLITE');
        expect(text).not.toContain('secret');
        await expectError(response, 500, 'internal');
      }
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(3);
  });
});
