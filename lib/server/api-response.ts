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
  | 'internal';

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string };
}

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

export function apiError(status: number, code: ApiErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const body: ApiErrorBody = { error: { code, message } };
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function apiJson(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function apiBytes(bytes: Uint8Array): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...NO_STORE, 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length) },
  });
}

/** The one 404, whether the report never existed, expired or was deleted: they must look alike. */
export const notFound = () => apiError(404, 'not-found', 'No such report: it never existed, has expired or was deleted.');

export const internalError = () => apiError(500, 'internal', 'Internal server error.');

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}
