// Malformed and unexpected requests (issue 12 §6) against the HTTP server `npm start` runs, with a
// stand-in for Next's handler: every answer is the JSON envelope, never an empty or plain body.
// Those Node's parser rejects reach the `clientError` answer; the rest the request gate.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../lib/server/http-server';
import { rawRequest, type RawAnswer } from '../helpers/raw-http';

let server: Server;
let port: number;
let handled = 0;

beforeAll(async () => {
  server = createHttpServer(
    (request, response) => {
      handled += 1;
      request.resume();
      request.on('end', () => response.end('handled'));
    },
    { trustedProxyHops: 0, headersTimeoutMs: 5_000, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 1_000, maxConnectionsPerClient: 0 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const HOST = 'Host: x\r\nConnection: close\r\n';

async function send(request: string | Buffer): Promise<RawAnswer> {
  return rawRequest(port, [request]);
}

function expectEnvelope(answer: RawAnswer, status: number, code: string): string {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body, 'latin1'));
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(10);
  return body.error.message;
}

describe('requests Node rejects before the app sees them (clientError)', () => {
  it('a malformed Content-Length: 400', async () => {
    for (const length of ['abc', '5, 6', '-1']) {
      const message = expectEnvelope(await send(`POST /api/reports HTTP/1.1\r\n${HOST}Content-Length: ${length}\r\n\r\n`), 400, 'bad-request');
      expect(message).toMatch(/Content-Length/i);
    }
  });

  it('both Content-Length and Transfer-Encoding: 400 (in either order)', async () => {
    for (const headers of ['Content-Length: 5\r\nTransfer-Encoding: chunked', 'Transfer-Encoding: chunked\r\nContent-Length: 5']) {
      const message = expectEnvelope(await send(`POST /api/reports HTTP/1.1\r\n${HOST}${headers}\r\n\r\n5\r\nhello\r\n0\r\n\r\n`), 400, 'bad-request');
      expect(message).toMatch(/Content-Length/);
      expect(message).toMatch(/Transfer-Encoding/);
    }
  });

  it('bad chunking: a size that is not hex, a chunk without its CRLF: 400', async () => {
    const chunked = `POST /api/reports HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n`;
    expectEnvelope(await send(`${chunked}zz\r\nhello\r\n0\r\n\r\n`), 400, 'bad-request');
    expectEnvelope(await send(`${chunked}5\r\nhelloXX0\r\n\r\n`), 400, 'bad-request');
  });

  it('raw UTF-8 in the path: 400', async () => {
    const request = Buffer.concat([Buffer.from('GET /r/'), Buffer.from('\u00e9t\u00e9', 'utf8'), Buffer.from(` HTTP/1.1\r\n${HOST}\r\n`)]);
    expect(expectEnvelope(await send(request), 400, 'bad-request')).toMatch(/url/i);
  });

  it('a 100,000-character id: 431 (past the 16 KiB of request line and headers)', async () => {
    expectEnvelope(await send(`GET /api/reports/${'A'.repeat(100_000)} HTTP/1.1\r\n${HOST}\r\n`), 431, 'headers-too-large');
  });
});

describe('requests the gate refuses before Next', () => {
  it('unknown methods (PROPFIND, TRACE, PUT, PATCH): 405 with Allow', async () => {
    const routes: [string, string][] = [
      ['/api/reports', 'POST, OPTIONS'],
      [`/api/reports/${ID}`, 'GET, HEAD, DELETE, OPTIONS'],
      ['/', 'GET, HEAD, OPTIONS'],
      [`/r/${ID}`, 'GET, HEAD, OPTIONS'],
    ];
    for (const [path, allow] of routes) {
      for (const method of ['PROPFIND', 'TRACE', 'PUT', 'PATCH']) {
        const answer = await send(`${method} ${path} HTTP/1.1\r\n${HOST}Content-Length: 0\r\n\r\n`);
        expect(expectEnvelope(answer, 405, 'method-not-allowed')).toContain(method);
        expect(answer.headers.allow).toBe(allow);
      }
    }
    const options = await send(`OPTIONS /api/reports HTTP/1.1\r\n${HOST}\r\n`);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('POST, OPTIONS');
    // The same protective headers as every other API answer.
    expect(options.headers['x-content-type-options']).toBe('nosniff');
    expect(options.headers['cache-control']).toBe('no-store');
    expect(options.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('ids with %ZZ or encoded surrogates or bytes that are not UTF-8: 400', async () => {
    for (const id of ['%ZZ', 'AAAA%ZZAAAA', '%ED%A0%80', '%ED%B0%80', '%C3', '%FF']) {
      expect(expectEnvelope(await send(`GET /api/reports/${id} HTTP/1.1\r\n${HOST}\r\n`), 400, 'bad-request')).toMatch(/percent-encoding/);
    }
  });

  it('a URL past 2,048 characters but within 16 KiB: 414', async () => {
    expectEnvelope(await send(`GET /api/reports/${'A'.repeat(5_000)} HTTP/1.1\r\n${HOST}\r\n`), 414, 'uri-too-long');
  });

  it('an API path that does not exist: 404, its message on one line whatever the path decodes to', async () => {
    expectEnvelope(await send(`GET /api/nothing HTTP/1.1\r\n${HOST}\r\n`), 404, 'not-found');
    const message = expectEnvelope(await send(`GET /api/a%0Ab HTTP/1.1\r\n${HOST}\r\n`), 404, 'not-found');
    expect(message).toBe('There is no API endpoint at /api/a%0Ab.');
  });

  it('hands everything else to the app', async () => {
    const before = handled;
    for (const request of [`GET / HTTP/1.1\r\n${HOST}\r\n`, `GET /api/reports/${ID} HTTP/1.1\r\n${HOST}\r\n`, `DELETE /api/reports/${ID} HTTP/1.1\r\n${HOST}\r\n`, `POST /api/reports?expires=1d HTTP/1.1\r\n${HOST}Content-Length: 3\r\n\r\nabc`, `HEAD /r/${ID} HTTP/1.1\r\n${HOST}\r\n`]) {
      expect((await send(request)).status).toBe(200);
    }
    expect(handled - before).toBe(5);
  });
});
