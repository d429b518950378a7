// App instances of the report API without Next: each has its own server context (store, rate
// limiters; lib/server/server-context.ts) behind its own HTTP server (lib/server/http-server.ts,
// which sets the client address the limiters key on), on a free loopback port. Several on one
// DATABASE_URL stand for instances behind a load balancer.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseServerEnv } from '../../lib/server/env';
import { createHttpServer } from '../../lib/server/http-server';
import { createReport, deleteReport, getReport, type ReportApiDeps } from '../../lib/server/report-handlers';
import { openServerContext } from '../../lib/server/server-context';
import { rawRequest, type RawAnswer } from './raw-http';

export interface ApiInstance {
  port: number;
  deps: ReportApiDeps;
  close(): Promise<void>;
}

/** Routes a request to the handler the app's route files would call (app/api/reports). */
function handle(deps: ReportApiDeps): Parameters<typeof createHttpServer>[0] {
  return async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = incoming.method ?? 'GET';
    const request = new Request(`http://127.0.0.1${incoming.url ?? '/'}`, {
      method,
      headers,
      body: method === 'POST' && chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const id = /^\/api\/reports\/([^/?]+)/.exec(incoming.url ?? '')?.[1];
    const response =
      id === undefined ? await createReport(request, deps) : method === 'DELETE' ? await deleteReport(request, id, deps) : await getReport(request, id, deps);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  };
}

/** An instance with these server settings (as process.env would give them). */
export async function startApiInstance(env: Record<string, string>): Promise<ApiInstance> {
  const deps = await openServerContext(parseServerEnv(env));
  const server: Server = createHttpServer(handle(deps), {
    trustedProxyHops: 0,
    headersTimeoutMs: 5_000,
    requestTimeoutMs: 10_000,
    keepAliveTimeoutMs: 1_000,
    maxConnectionsPerClient: 0,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    deps,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deps.repository.close();
    },
  };
}

/** Report id of no report: a read of it passes the limiter and answers 404. */
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** One request from `client` (a loopback address) to an instance, on a fresh connection. */
export function requestFrom(port: number, client: string, kind: 'read' | 'write'): Promise<RawAnswer> {
  // A write: a create with an empty body, 400 once past the limiter.
  const line = kind === 'read' ? `GET /api/reports/${UNKNOWN_ID}` : 'POST /api/reports';
  const body = kind === 'read' ? '' : 'Content-Length: 0\r\n';
  return rawRequest(port, [`${line} HTTP/1.1\r\nHost: x\r\n${body}Connection: close\r\n\r\n`], { localAddress: client });
}
