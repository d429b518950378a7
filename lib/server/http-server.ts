/**
 * The HTTP server `npm start` runs (lib/server/main.ts puts Next's request handler behind it).
 * `next start` gives route handlers no socket and leaves Node's timeouts as they are, so:
 *   - slow clients are bounded: headers within headersTimeout of connecting, the whole request
 *     within requestTimeout, idle keep-alive within keepAliveTimeout, and without a proxy at most
 *     maxConnectionsPerClient open sockets per address (else one client fills the file limit);
 *   - the client address comes from the socket (or, behind trusted proxies, X-Forwarded-For) and
 *     reaches the handlers in CLIENT_HEADER, whatever the client sent under that name;
 *   - malformed requests get the API's envelope (request-gate.ts, client-error.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { internalErrorEnvelope, type Envelope } from './api-response';
import { CLIENT_HEADER, clientAddress, normalizeAddress, sealClientAddress } from './client-address';
import { answerClientError } from './client-error';
import { gateRequest } from './request-gate';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

export interface HttpServerOptions {
  trustedProxyHops: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** 0: no cap. Applied only without proxies (trustedProxyHops 0). */
  maxConnectionsPerClient: number;
}

function writeEnvelope(response: ServerResponse, { status, body, headers }: Envelope): void {
  response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** Refuses a socket past the per-address cap; forgets the address when its last socket closes. */
function capConnections(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = normalizeAddress(socket.remoteAddress ?? 'unknown');
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

export function createHttpServer(handle: RequestHandler, options: HttpServerOptions): Server {
  const server = createServer(
    {
      // Node rejects a headersTimeout above requestTimeout.
      headersTimeout: Math.min(options.headersTimeoutMs, options.requestTimeoutMs),
      requestTimeout: options.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default, 30 s, would let a slow
      // client stay up to that much longer than its limit).
      connectionsCheckingInterval: Math.min(1000, options.headersTimeoutMs),
    },
    (request, response) => {
      const refused = gateRequest(request.method ?? '', request.url ?? '');
      if (refused) {
        if ('body' in refused) writeEnvelope(response, refused);
        else response.writeHead(refused.status, refused.headers).end();
        return;
      }
      // Node lower-cases header names, so this replaces any spelling the client used.
      request.headers[CLIENT_HEADER] = sealClientAddress(clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], options.trustedProxyHops));
      Promise.resolve()
        .then(() => handle(request, response))
        .catch((error: unknown) => {
          // A client that went away (or that clientError already answered) is not a server fault.
          if (request.socket.destroyed) return;
          console.error(`waitscope: ${request.method} ${request.url} failed:`, error);
          if (response.headersSent) response.destroy();
          else writeEnvelope(response, internalErrorEnvelope());
        });
    },
  );
  server.on('clientError', answerClientError);
  if (options.trustedProxyHops === 0 && options.maxConnectionsPerClient > 0) capConnections(server, options.maxConnectionsPerClient);
  return server;
}
