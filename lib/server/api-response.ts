/**
 * Every API error has one shape, `{error: {code, message}}` (style.md §8): the code for programs,
 * a one-line message for people. A 500 never carries internals; they go to the server log.
 */
export type ApiErrorCode =
  | 'bad-request'
  | 'invalid-input'
  | 'not-a-container'
  | 'unsupported-container-version'
  | 'unsupported-media-type'
  | 'payload-too-large'
  | 'not-found'
  | 'forbidden'
  | 'rate-limited'
  | 'method-not-allowed'
  | 'request-timeout'
  | 'uri-too-long'
  | 'headers-too-large'
  | 'internal';

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string };
}

/**
 * On every API answer: never cached, never sniffed into HTML, nothing to run or frame. The app's
 * pages get their own policy (proxy.ts, next.config.js); these also cover the answers the HTTP
 * server writes itself, which Next never sees.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** An error answer as a status, headers and JSON text: one shape for a Response and for raw sockets. */
export interface Envelope {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export function errorEnvelope(status: number, code: ApiErrorCode, message: string, headers: Record<string, string> = {}): Envelope {
  const body: ApiErrorBody = { error: { code, message } };
  return { status, body: JSON.stringify(body), headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...headers } };
}

const envelopeResponse = ({ status, body, headers }: Envelope) => new Response(body, { status, headers });

export function apiError(status: number, code: ApiErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return envelopeResponse(errorEnvelope(status, code, message, headers));
}

export function apiJson(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: API_HEADERS });
}

export function apiBytes(bytes: Uint8Array): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...API_HEADERS, 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length) },
  });
}

/** The one 404, whether the report never existed, expired or was deleted: they must look alike. */
export const notFound = () => apiError(404, 'not-found', 'No such report: it never existed, has expired or was deleted.');

/** The one 500: a route handler's (internalError), or the HTTP server's when Next's handler throws. */
export const internalErrorEnvelope = () => errorEnvelope(500, 'internal', 'Internal server error.');
export const internalError = () => envelopeResponse(internalErrorEnvelope());

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}
