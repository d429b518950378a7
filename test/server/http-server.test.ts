// The HTTP server `npm start` runs (lib/server/http-server.ts), with a stand-in for Next's handler
// that answers with the client address it was given: real sockets on 127.0.0.1, short timeouts.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, openClientAddress } from '../../lib/server/client-address';
import { createHttpServer, type HttpServerOptions } from '../../lib/server/http-server';
import { rawRequest } from '../helpers/raw-http';

let server: Server | undefined;

const DEFAULTS: HttpServerOptions = {
  trustedProxyHops: 0,
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  keepAliveTimeoutMs: 1_000,
  maxConnectionsPerClient: 0,
};

/** Starts the server; its handler reads the whole body, then answers {client, bytes}. */
async function start(options: Partial<HttpServerOptions> = {}): Promise<number> {
  server = createHttpServer(
    (request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ client: openClientAddress(request.headers[CLIENT_HEADER] as string | undefined), bytes }));
      });
    },
    { ...DEFAULTS, ...options },
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const get = (headers: string, close = true) => `GET /api/reports/AAAAAAAAAAAAAAAAAAAAAA HTTP/1.1\r\nHost: x\r\n${headers}${close ? 'Connection: close\r\n' : ''}\r\n`;

async function clientSeen(port: number, headers: string, localAddress = '127.0.0.2'): Promise<string> {
  const answer = await rawRequest(port, [get(headers)], { localAddress });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { client: string }).client;
}

describe('the client address handed to the app', () => {
  it('is the socket address without a trusted proxy, whatever the client sends', async () => {
    const port = await start();
    expect(await clientSeen(port, '')).toBe('127.0.0.2');
    expect(await clientSeen(port, 'X-Forwarded-For: 198.51.100.7\r\nX-Real-IP: 198.51.100.8\r\n')).toBe('127.0.0.2');
    expect(await clientSeen(port, 'X-Forwarded-For: ,\r\nX-Real-IP: 198.51.100.8\r\n')).toBe('127.0.0.2');
    expect(await clientSeen(port, 'X-Forwarded-For: ::ffff:127.0.0.1\r\n')).toBe('127.0.0.2');
    expect(await clientSeen(port, `X-Waitscope-Client: 198.51.100.9\r\n`)).toBe('127.0.0.2');
    expect(await clientSeen(port, '', '127.0.0.3')).toBe('127.0.0.3');
  });

  it('is the entry the trusted proxies wrote when hops are set, and never X-Real-IP', async () => {
    const port = await start({ trustedProxyHops: 1 });
    expect(await clientSeen(port, 'X-Forwarded-For: spoofed, 203.0.113.9\r\n')).toBe('203.0.113.9');
    expect(await clientSeen(port, 'X-Forwarded-For: ,\r\nX-Real-IP: 198.51.100.8\r\n')).toBe('127.0.0.2');
    expect(await clientSeen(port, 'X-Forwarded-For: 203.0.113.9\r\nX-Waitscope-Client: 198.51.100.9\r\n')).toBe('203.0.113.9');
  });
});

describe('slow clients', () => {
  it('are dropped after the headers, request and keep-alive timeouts while normal requests are served', async () => {
    const port = await start();
    const post = 'POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nConnection: close\r\n\r\n';
    const slow = Promise.all([
      rawRequest(port, [], { deadlineMs: 6_000 }), // connects, sends nothing
      rawRequest(port, ['GET / HTTP/1.1\r\nHost: x\r\n'], { deadlineMs: 6_000 }), // headers never end
      rawRequest(port, ['GET / HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n', 'X-B: 2\r\n', 'X-C: 3\r\n', 'X-D: 4\r\n'], { gapMs: 500, deadlineMs: 6_000 }), // a header line every 0.5 s
      rawRequest(port, [post, 'ten bytes!'], { deadlineMs: 6_000 }), // body never ends
      rawRequest(port, [get('', false)], { deadlineMs: 6_000 }), // answered, then idles on keep-alive
    ]);
    // Meanwhile, ordinary requests are answered at once, ten of them over two seconds.
    const served: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      const answer = await rawRequest(port, [get('')]);
      expect(answer.status).toBe(200);
      served.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(Math.max(...served)).toBeLessThan(500);

    const [silent, headers, drip, body, idle] = await slow;
    // headersTimeout 1 s, checked every second: closed within 2 s (plus slack), not left open.
    for (const answer of [silent, headers, drip]) {
      expect(answer.closedAfterMs).not.toBeNull();
      expect(answer.closedAfterMs!).toBeLessThan(3_500);
    }
    expect(headers.status).toBe(408);
    expect(JSON.parse(headers.body)).toEqual({ error: { code: 'request-timeout', message: expect.any(String) } });
    // requestTimeout 2 s covers the body too.
    expect(body.closedAfterMs).not.toBeNull();
    expect(body.closedAfterMs!).toBeLessThan(4_500);
    expect(body.status).toBe(408);
    // The answered keep-alive connection is closed after keepAliveTimeout (1 s).
    expect(idle.status).toBe(200);
    expect(idle.closedAfterMs).not.toBeNull();
    expect(idle.closedAfterMs!).toBeLessThan(2_500);
  });

  it('may hold only maxConnectionsPerClient sockets per address without a proxy', async () => {
    const port = await start({ maxConnectionsPerClient: 3, headersTimeoutMs: 5_000, requestTimeoutMs: 5_000 });
    const held = [0, 1, 2].map(() => rawRequest(port, ['GET / HTTP/1.1\r\n'], { localAddress: '127.0.0.2', deadlineMs: 2_500 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await rawRequest(port, [get('')], { localAddress: '127.0.0.2', deadlineMs: 2_000 });
    expect(refused.status).toBeNull();
    expect(refused.closedAfterMs).not.toBeNull();
    expect(refused.closedAfterMs!).toBeLessThan(1_000);
    // Another address is served meanwhile; the held sockets stayed open.
    expect(await clientSeen(port, '', '127.0.0.3')).toBe('127.0.0.3');
    for (const answer of await Promise.all(held)) expect(answer.closedAfterMs).toBeNull();
    // Once they are gone (the server sees the close a moment later), the address may connect again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await clientSeen(port, '')).toBe('127.0.0.2');
  });
});
