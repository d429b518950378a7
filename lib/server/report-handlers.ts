/**
 * The report API, as functions of a Request and their dependencies, so tests call them directly
 * and the route files under app/api stay one line each. Inputs are checked at the boundary (zod
 * for the query and the id, the container header for the body); every failure is one envelope.
 *
 *   POST   /api/reports?expires=1d|7d|30d|never   body: the container (application/octet-stream)
 *          → 201 {id, deleteToken, createdAt, expiresAt}
 *   GET    /api/reports/:id                       → 200 the container bytes | 404
 *   DELETE /api/reports/:id   X-Delete-Token: …   → 204 | 403 | 404
 */
import { checkContainer } from '../share/container';
import { oneLineIssue } from '../share/seal-report';
import { API_HEADERS, apiBytes, apiError, apiJson, formatBytes, internalError, notFound } from './api-response';
import { DEFAULT_EXPIRY, expirySchema, expiresAt } from './expiry';
import { reportIdSchema } from './ids';
import { clientKey, type RateLimiter } from './rate-limit';
import { readBodyLimited } from './read-body';
import type { Clock, ReportRepository } from './report-repository';

export const DELETE_TOKEN_HEADER = 'x-delete-token';

export interface ReportApiDeps {
  repository: ReportRepository;
  writeLimiter: RateLimiter;
  readLimiter: RateLimiter;
  maxReportBytes: number;
  clock: Clock;
}

/** The JSON body of a 201 from POST /api/reports. */
export interface CreateReportResponse {
  id: string;
  deleteToken: string;
  createdAt: string;
  /** ISO 8601, or null for a report that never expires. */
  expiresAt: string | null;
}

/** A thrown error is a bug: logged in full here, a bare 500 for the client. */
async function guarded(what: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    console.error(`waitscope: ${what} failed:`, error);
    return internalError();
  }
}

async function limited(limiter: RateLimiter, request: Request): Promise<Response | null> {
  const decision = await limiter.take(clientKey(request.headers));
  if (decision.ok) return null;
  return apiError(429, 'rate-limited', `Too many requests; try again in ${decision.retryAfterSeconds} s.`, {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}

function parseId(id: string): Response | null {
  const parsed = reportIdSchema.safeParse(id);
  return parsed.success ? null : apiError(422, 'invalid-input', `id: ${oneLineIssue(parsed.error)}`);
}

export function createReport(request: Request, deps: ReportApiDeps): Promise<Response> {
  return guarded('POST /api/reports', async () => {
    const refused = await limited(deps.writeLimiter, request);
    if (refused) return refused;

    const expiry = expirySchema.safeParse(new URL(request.url).searchParams.get('expires') ?? DEFAULT_EXPIRY);
    if (!expiry.success) return apiError(422, 'invalid-input', `expires: ${oneLineIssue(expiry.error)}`);

    // No Content-Type is fine (the bytes are checked anyway); one that names no type (`;`) is not.
    const declared = request.headers.get('content-type');
    const type = declared?.split(';')[0]?.trim().toLowerCase();
    if (declared !== null && type !== 'application/octet-stream') {
      const named = type ? `not ${type}` : `not an empty Content-Type (${JSON.stringify(declared)})`;
      return apiError(415, 'unsupported-media-type', `Send the sealed report as application/octet-stream, ${named}.`);
    }

    const body = await readBodyLimited(request, deps.maxReportBytes);
    if (!body.ok) {
      return apiError(413, 'payload-too-large', `The report is larger than the limit of ${formatBytes(deps.maxReportBytes)}.`);
    }
    if (body.bytes.length === 0) return apiError(400, 'bad-request', 'The body is empty: send the sealed report.');
    const container = checkContainer(body.bytes);
    if (!container.ok) {
      return container.code === 'unknown-version'
        ? apiError(422, 'unsupported-container-version', container.message)
        : apiError(400, 'not-a-container', container.message);
    }

    const now = deps.clock();
    const created = await deps.repository.create(body.bytes, { createdAt: now, expiresAt: expiresAt(expiry.data, now) });
    const response: CreateReportResponse = {
      id: created.id,
      deleteToken: created.deleteToken,
      createdAt: created.createdAt.toISOString(),
      expiresAt: created.expiresAt?.toISOString() ?? null,
    };
    return apiJson(201, response);
  });
}

export function getReport(request: Request, id: string, deps: ReportApiDeps): Promise<Response> {
  return guarded('GET /api/reports/:id', async () => {
    const refused = await limited(deps.readLimiter, request);
    if (refused) return refused;
    const bad = parseId(id);
    if (bad) return bad;
    const report = await deps.repository.get(id);
    return report ? apiBytes(report.ciphertext) : notFound();
  });
}

export function deleteReport(request: Request, id: string, deps: ReportApiDeps): Promise<Response> {
  return guarded('DELETE /api/reports/:id', async () => {
    const refused = await limited(deps.writeLimiter, request);
    if (refused) return refused;
    const bad = parseId(id);
    if (bad) return bad;
    const outcome = await deps.repository.delete(id, request.headers.get(DELETE_TOKEN_HEADER) ?? '');
    if (outcome === 'not-found') return notFound();
    if (outcome === 'forbidden') {
      return apiError(403, 'forbidden', `The delete token (header ${DELETE_TOKEN_HEADER}) is missing or wrong.`);
    }
    return new Response(null, { status: 204, headers: API_HEADERS });
  });
}
