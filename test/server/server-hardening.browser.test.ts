// The production server as `npm start` runs it (dist/server.mjs in front of the built app), over
// real sockets on 127.0.0.1 (issue 12): the headers of every route, rate limiting that forwarded
// headers cannot fool, slow clients dropped while others are served, the JSON envelope for odd
// requests. Named *.browser.test.ts because it needs the production build; it drives no browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealReport } from '../../lib/share';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { rawRequest, type RawAnswer } from '../helpers/raw-http';
import { sampleReport } from '../share/sample-report';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-hardening-'));
const WRITES_PER_MINUTE = 3;
let server: NextServer;

/** A server on its own SQLite file in `dir`, allowing WRITES_PER_MINUTE creates per client, with `env` added. */
function startServer(dbFile: string, env: Record<string, string>): Promise<NextServer> {
  return startNextServer({
    WAITSCOPE_DB_PATH: path.join(dir, dbFile),
    DATABASE_URL: '',
    WAITSCOPE_RATE_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
    ...env,
  });
}

beforeAll(async () => {
  server = await startServer('reports.db', {
    WAITSCOPE_RATE_READS_PER_MINUTE: '0',
    WAITSCOPE_HEADERS_TIMEOUT_SECONDS: '1',
    WAITSCOPE_REQUEST_TIMEOUT_SECONDS: '2',
    WAITSCOPE_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

async function head(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${server.url}${url}`, init);
  await response.arrayBuffer();
  return response;
}

describe('headers of every route', () => {
  const pages = ['/', `/r/${UNKNOWN_ID}`, '/no-such-page'];

  it('pages: a strict nonce CSP, no framing, no referrer, no sniffing, not cached', async () => {
    const nonces = new Set<string>();
    for (const url of pages) {
      const response = await head(url);
      expect(response.status, url).toBe(url === '/no-such-page' ? 404 : 200);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})' 'strict-dynamic' 'wasm-unsafe-eval'(;|$)/.exec(csp)?.[1];
      expect(nonce, `${url}: ${csp}`).toBeDefined();
      nonces.add(nonce!);
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "worker-src 'self' blob:"]) {
        expect(csp, url).toContain(directive);
      }
      expect(csp).not.toMatch(/https?:|'unsafe-eval'|\*/);
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      const cache = response.headers.get('cache-control') ?? '';
      expect(cache, url).toContain('no-store');
      expect(cache, url).not.toMatch(/s-maxage|public/);
    }
    expect(nonces.size).toBe(pages.length); // a fresh nonce per response
  });

  it('API answers: nothing to run, frame or sniff, never cached', async () => {
    const { ciphertext } = await sealReport(sampleReport());
    const created = await fetch(`${server.url}/api/reports`, { method: 'POST', body: ciphertext, headers: { 'content-type': 'application/octet-stream' } });
    const { id, deleteToken } = (await created.json()) as { id: string; deleteToken: string };
    const answers: [string, Response][] = [
      ['POST /api/reports', created],
      ['GET /api/reports/:id', await head(`/api/reports/${id}`)],
      ['GET /api/reports/:unknown', await head(`/api/reports/${UNKNOWN_ID}`)],
      ['PUT /api/reports', await head('/api/reports', { method: 'PUT' })],
      ['DELETE /api/reports/:id', await head(`/api/reports/${id}`, { method: 'DELETE', headers: { 'x-delete-token': deleteToken } })],
    ];
    expect(answers.map(([what, r]) => `${what} ${r.status}`)).toEqual([
      'POST /api/reports 201',
      'GET /api/reports/:id 200',
      'GET /api/reports/:unknown 404',
      'PUT /api/reports 405',
      'DELETE /api/reports/:id 204',
    ]);
    for (const [what, response] of answers) {
      expect(response.headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(response.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('static assets: no sniffing, no framing', async () => {
    const html = await (await fetch(server.url)).text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await head(script!);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

/** A create from one loopback address, with these extra header lines; the body is empty (400) unless limited (429). */
async function write(from: string, headers = ''): Promise<number | null> {
  const answer = await rawRequest(server.port, [`POST /api/reports HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n${headers}\r\n`], { localAddress: from });
  return answer.status;
}

/** Uses up `from`'s writes; the last one must be refused. */
async function exhaust(from: string, headers = ''): Promise<void> {
  const statuses = [];
  for (let i = 0; i <= WRITES_PER_MINUTE; i++) statuses.push(await write(from, headers));
  expect(statuses).toEqual([...Array<number>(WRITES_PER_MINUTE).fill(400), 429]);
}

describe('rate limit without a proxy (WAITSCOPE_TRUSTED_PROXY_HOPS unset)', () => {
  it('is not reset by rotating X-Forwarded-For (or the header the server sets itself)', async () => {
    await exhaust('127.0.0.2');
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push(await write('127.0.0.2', `X-Forwarded-For: 198.51.100.${i}\r\nX-Waitscope-Client: 198.51.100.${i}\r\n`));
    expect(statuses).toEqual(Array(10).fill(429));
  });

  it('is not reset by X-Forwarded-For "," with a rotating X-Real-IP', async () => {
    await exhaust('127.0.0.3');
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push(await write('127.0.0.3', `X-Forwarded-For: ,\r\nX-Real-IP: 198.51.100.${i}\r\n`));
    expect(statuses).toEqual(Array(10).fill(429));
  });

  it('cannot be spent on another client by naming its address in X-Forwarded-For', async () => {
    // 127.0.0.4 claims to be the direct clients' ::ffff:127.0.0.1 (and its IPv4 form)…
    await exhaust('127.0.0.4', 'X-Forwarded-For: ::ffff:127.0.0.1\r\n');
    expect(await write('127.0.0.4', 'X-Forwarded-For: 127.0.0.1\r\n')).toBe(429);
    // …and only used up its own writes: 127.0.0.1 and 127.0.0.5 write as before.
    expect(await write('127.0.0.1')).toBe(400);
    expect(await write('127.0.0.5')).toBe(400);
  });
});

describe('rate limit behind a proxy (WAITSCOPE_TRUSTED_PROXY_HOPS=1)', () => {
  let proxied: NextServer;
  beforeAll(async () => {
    proxied = await startServer('proxied.db', { WAITSCOPE_TRUSTED_PROXY_HOPS: '1' });
  });
  afterAll(() => proxied?.stop());

  it('keys on the entry the proxy appended, whatever the client wrote to its left', async () => {
    const via = async (forwarded: string) =>
      (await rawRequest(proxied.port, [`POST /api/reports HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\nX-Forwarded-For: ${forwarded}\r\n\r\n`])).status;
    const statuses = [];
    for (let i = 0; i < WRITES_PER_MINUTE + 5; i++) statuses.push(await via(`198.51.100.${i}, 203.0.113.5`));
    expect(statuses).toEqual([...Array<number>(WRITES_PER_MINUTE).fill(400), ...Array<number>(5).fill(429)]);
    // Another client behind the proxy has its own writes.
    expect(await via('203.0.113.6')).toBe(400);
  });
});

describe('slow clients', () => {
  it('are dropped within the timeouts while normal requests are served', async () => {
    const post = 'POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n';
    const slow: Promise<RawAnswer>[] = [];
    for (let i = 0; i < 30; i++) {
      slow.push(rawRequest(server.port, ['GET / HTTP/1.1\r\nHost: x\r\n'], { localAddress: '127.0.0.6', deadlineMs: 8_000 })); // headers never end
      // Body never ends; each from its own address, so the rate limit lets it through to the body.
      slow.push(rawRequest(server.port, [post, 'partial'], { localAddress: `127.0.1.${i + 1}`, deadlineMs: 8_000 }));
    }
    const served: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = Date.now();
      const page = await head('/');
      const report = await head(`/api/reports/${UNKNOWN_ID}`);
      expect([page.status, report.status]).toEqual([200, 404]);
      served.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const answers = await Promise.all(slow);
    const closed = answers.map((a) => a.closedAfterMs);
    expect(closed.filter((ms) => ms === null)).toEqual([]);
    // headersTimeout 1 s, requestTimeout 2 s, checked every second: all gone within 4 s (+ slack).
    expect(Math.max(...(closed as number[]))).toBeLessThan(5_000);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([408]));
    expect(JSON.parse(answers[0]!.body)).toEqual({ error: { code: 'request-timeout', message: expect.any(String) } });
    console.log(`slow clients: 60 dropped after ≤ ${Math.max(...(closed as number[]))} ms; page + API round trips meanwhile ≤ ${Math.max(...served)} ms`);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const answer = await rawRequest(server.port, [`GET /api/reports/${UNKNOWN_ID} HTTP/1.1\r\nHost: x\r\n\r\n`], { deadlineMs: 5_000 });
    expect(answer.status).toBe(404);
    expect(answer.closedAfterMs).not.toBeNull();
    expect(answer.closedAfterMs!).toBeLessThan(2_500);
  });
});

describe('API edges through the whole stack', () => {
  // From an address of its own: the writes other tests made do not count against it.
  const send = (request: string) => rawRequest(server.port, [request], { localAddress: '127.0.0.9' });
  const CLOSE = 'Host: x\r\nConnection: close\r\n';
  const envelope = (answer: RawAnswer) => {
    expect(answer.headers['content-type'], answer.text).toMatch(/^application\/json/);
    return (JSON.parse(answer.body) as { error: { code: string } }).error.code;
  };

  it('answers each in the envelope, where Next alone gave an empty 405, a plain 500 or a 201', async () => {
    const cases: [string, number, string][] = [
      [`PATCH /api/reports/${UNKNOWN_ID} HTTP/1.1\r\n${CLOSE}Content-Length: 0\r\n\r\n`, 405, 'method-not-allowed'],
      [`PROPFIND /api/reports HTTP/1.1\r\n${CLOSE}\r\n`, 405, 'method-not-allowed'],
      [`TRACE / HTTP/1.1\r\n${CLOSE}\r\n`, 405, 'method-not-allowed'],
      [`GET /api/reports/%ZZ HTTP/1.1\r\n${CLOSE}\r\n`, 400, 'bad-request'],
      [`GET /api/reports/%ED%A0%80 HTTP/1.1\r\n${CLOSE}\r\n`, 400, 'bad-request'],
      [`GET /r/%ZZ HTTP/1.1\r\n${CLOSE}\r\n`, 400, 'bad-request'],
      [`GET /api/reports/${'A'.repeat(100_000)} HTTP/1.1\r\n${CLOSE}\r\n`, 431, 'headers-too-large'],
      [`POST /api/reports HTTP/1.1\r\n${CLOSE}Content-Length: 12abc\r\n\r\n`, 400, 'bad-request'],
      [`POST /api/reports HTTP/1.1\r\n${CLOSE}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400, 'bad-request'],
      [`POST /api/reports HTTP/1.1\r\n${CLOSE}Transfer-Encoding: chunked\r\n\r\nnot-hex\r\n\r\n`, 400, 'bad-request'],
      [`POST /api/reports HTTP/1.1\r\n${CLOSE}Content-Type: ;\r\nContent-Length: 3\r\n\r\nabc`, 415, 'unsupported-media-type'],
    ];
    for (const [request, status, code] of cases) {
      const answer = await send(request);
      expect(answer.status, request.slice(0, 60)).toBe(status);
      expect(envelope(answer)).toBe(code);
    }
  });

  it('still serves HEAD, and answers OPTIONS with the allowed methods', async () => {
    const page = await head('/', { method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await head(`/api/reports/${UNKNOWN_ID}`, { method: 'HEAD' })).status).toBe(404);
    const options = await head('/api/reports', { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'POST, OPTIONS']);
  });
});
