// The route modules under app/api, called as Next calls them, with the store made from the
// environment (lib/server/server-context.ts): SQLite in a temp folder, then PostgreSQL through
// DATABASE_URL on the tests' throwaway cluster. The PostgreSQL half never skips.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST } from '../../app/api/reports/route';
import { DELETE, GET } from '../../app/api/reports/[id]/route';
import { openReport, sealReport } from '../../lib/share';
import { freshSchema, startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { sampleReport } from '../share/sample-report';

const CONTEXT = Symbol.for('waitscope.serverContext');
const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-routes-'));
let postgres: TestPostgres | undefined;

/** Forgets the process's store, so the next request makes one from the current environment. */
async function resetContext(): Promise<void> {
  const holder = globalThis as { [CONTEXT]?: Promise<{ repository: { close(): Promise<void> } }> };
  const context = holder[CONTEXT];
  holder[CONTEXT] = undefined;
  await context?.then((c) => c.repository.close()).catch(() => undefined);
}

beforeAll(async () => {
  postgres = await startTestPostgres();
}, 600_000);

afterAll(async () => {
  await resetContext();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function roundTrip(): Promise<void> {
  const report = sampleReport();
  const { ciphertext, key } = await sealReport(report);
  const created = await POST(
    new Request('http://localhost/api/reports?expires=1d', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: ciphertext,
    }),
  );
  expect(created.status).toBe(201);
  const { id, deleteToken } = (await created.json()) as { id: string; deleteToken: string };

  const fetched = await GET(new Request(`http://localhost/api/reports/${id}`), params(id));
  expect(fetched.status).toBe(200);
  expect(await openReport(new Uint8Array(await fetched.arrayBuffer()), key)).toEqual({ ok: true, report });

  const request = (token: string) => new Request(`http://localhost/api/reports/${id}`, { method: 'DELETE', headers: { 'x-delete-token': token } });
  expect((await DELETE(request('wrong'), params(id))).status).toBe(403);
  expect((await DELETE(request(deleteToken), params(id))).status).toBe(204);
  expect((await GET(new Request(`http://localhost/api/reports/${id}`), params(id))).status).toBe(404);
}

describe('app/api/reports routes', () => {
  it('answer 500 with no details while the environment is invalid, and recover once it is fixed', async () => {
    await resetContext();
    vi.stubEnv('WAITSCOPE_DB_PATH', path.join(dir, 'reports.db'));
    vi.stubEnv('WAITSCOPE_MAX_REPORT_BYTES', 'lots');
    vi.stubEnv('DATABASE_URL', '');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await GET(new Request('http://localhost/api/reports/AAAAAAAAAAAAAAAAAAAAAA'), params('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'internal', message: 'Internal server error.' } });
    expect(logged.mock.calls).toEqual([[expect.stringMatching(/^waitscope: Invalid server environment:\n {2}WAITSCOPE_MAX_REPORT_BYTES: /)]]);
    logged.mockRestore();

    vi.stubEnv('WAITSCOPE_MAX_REPORT_BYTES', '');
    expect((await GET(new Request('http://localhost/api/reports/AAAAAAAAAAAAAAAAAAAAAA'), params('AAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
  });

  it('create, read and delete on SQLite (WAITSCOPE_DB_PATH)', async () => {
    await resetContext();
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('WAITSCOPE_DB_PATH', path.join(dir, 'nested', 'reports.db'));
    await roundTrip();
    const holder = globalThis as { [CONTEXT]?: Promise<{ repository: { kind: string } }> };
    expect((await holder[CONTEXT]!).repository.kind).toBe('sqlite');
  });

  it('create, read and delete on PostgreSQL (DATABASE_URL)', async () => {
    if (!postgres) throw new Error('PostgreSQL did not start (see the beforeAll failure above)');
    await resetContext();
    const schema = await freshSchema(postgres.url);
    // The store reads DATABASE_URL only: point the schema in through libpq's PGOPTIONS.
    vi.stubEnv('PGOPTIONS', String(schema.config.options));
    vi.stubEnv('DATABASE_URL', postgres.url);
    try {
      await roundTrip();
      const holder = globalThis as { [CONTEXT]?: Promise<{ repository: { kind: string } }> };
      expect((await holder[CONTEXT]!).repository.kind).toBe('postgres');
      // The tables went into the fresh schema, not public.
      const client = new pg.Client(schema.config);
      await client.connect();
      const { rows } = await client.query<{ here: string | null; public: string | null }>(
        "SELECT to_regclass('reports')::text AS here, to_regclass('public.reports')::text AS public",
      );
      await client.end();
      expect(rows[0]?.here).not.toBeNull();
      if (postgres.source === 'throwaway') expect(rows[0]?.public).toBeNull();
    } finally {
      await resetContext();
      await schema.drop();
    }
  });
});
