// One real round trip through the production server (`npm start`'s dist/server.mjs): the route
// files, Next's body handling, the SQLite store in a temp folder, the headers of report pages. Named *.browser.test.ts because it needs
// the production build (vitest.config.ts); it drives no browser.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReport, sealReport } from '../../lib/share';
import type { NextServer } from '../helpers/next-server';
import { SECRET_LABEL, sampleReport } from '../share/sample-report';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-http-'));
const dbPath = path.join(dir, 'reports.db');
let server: NextServer;

beforeAll(async () => {
  // next-server.ts copies process.env when it is first imported: set the server's settings first.
  process.env.WAITSCOPE_DB_PATH = dbPath;
  process.env.WAITSCOPE_RATE_WRITES_PER_MINUTE = '5';
  delete process.env.DATABASE_URL;
  const { startNextServer } = await import('../helpers/next-server');
  server = await startNextServer();
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('report API over HTTP', () => {
  it('creates, reads and deletes a sealed report; oversize and rate limit answer in the envelope', async () => {
    const report = sampleReport();
    const { ciphertext, key } = await sealReport(report);

    const created = await fetch(`${server.url}/api/reports?expires=7d`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: ciphertext,
    });
    expect(created.status).toBe(201);
    const { id, deleteToken, expiresAt } = (await created.json()) as { id: string; deleteToken: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const fetched = await fetch(`${server.url}/api/reports/${id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    expect(await openReport(new Uint8Array(await fetched.arrayBuffer()), key)).toEqual({ ok: true, report });
    // The store got the ciphertext only.
    expect(readFileSync(dbPath).includes(Buffer.from(SECRET_LABEL))).toBe(false);

    const wrong = await fetch(`${server.url}/api/reports/${id}`, { method: 'DELETE', headers: { 'x-delete-token': 'nope' } });
    expect(wrong.status).toBe(403);
    const deleted = await fetch(`${server.url}/api/reports/${id}`, { method: 'DELETE', headers: { 'x-delete-token': deleteToken } });
    expect(deleted.status).toBe(204);
    const gone = await fetch(`${server.url}/api/reports/${id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'not-found', message: expect.any(String) } });

    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(ciphertext.slice(0, 16));
    const oversize = await fetch(`${server.url}/api/reports`, { method: 'POST', body: big });
    expect(oversize.status).toBe(413);
    expect((await oversize.json()).error.message).toContain('8 MiB');

    // Writes so far: create, 2 deletes, oversize = 4 of 5 a minute.
    expect((await fetch(`${server.url}/api/reports`, { method: 'POST', body: ciphertext })).status).toBe(201);
    const limited = await fetch(`${server.url}/api/reports`, { method: 'POST', body: ciphertext });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('rate-limited');
  });

  it('sends a strict Content-Security-Policy and no referrer on report pages', async () => {
    const response = await fetch(`${server.url}/r/AAAAAAAAAAAAAAAAAAAAAA`);
    await response.body?.cancel();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
