/**
 * What the HTTP server (http-server.ts) refuses before Next sees a request, so the answer is the
 * API's JSON envelope instead of Next's empty 405, plain-text 400 or bare 500: a path that is
 * too long, not ASCII or not decodable, a method a route does not have, an API path that does not
 * exist. Requests Node's parser rejects never get here: client-error.ts answers those.
 */
import { API_HEADERS, errorEnvelope, type Envelope } from './api-response';

/** Report ids are 22 characters; a request line anywhere near this is not for this app. */
const MAX_URL_LENGTH = 2048;

/** The methods of each path: the report API's two routes, and every page or asset (GET, HEAD). */
function allowedMethods(path: string): readonly string[] | null {
  if (/^\/api\/reports\/?$/.test(path)) return ['POST', 'OPTIONS'];
  if (/^\/api\/reports\/[^/]+\/?$/.test(path)) return ['GET', 'HEAD', 'DELETE', 'OPTIONS'];
  if (path === '/api' || path.startsWith('/api/')) return null;
  return ['GET', 'HEAD', 'OPTIONS'];
}

/** The path decoded as Next will decode it, or null when that fails (`%ZZ`, `%ED%A0%80`…). */
function decodedPath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/** The refusal for this request line, or null to hand the request to the app. */
export function gateRequest(method: string, url: string): Envelope | { status: 204; headers: Record<string, string> } | null {
  if (url.length > MAX_URL_LENGTH) {
    return errorEnvelope(414, 'uri-too-long', `The request URL is ${url.length.toLocaleString('en-US')} characters; the limit is ${MAX_URL_LENGTH.toLocaleString('en-US')}.`);
  }
  // Node hands raw bytes over as Latin-1 characters; a URL is ASCII, anything else percent-encoded.
  if (!/^[\x21-\x7e]*$/.test(url)) {
    return errorEnvelope(400, 'bad-request', 'The request URL has characters that must be percent-encoded (non-ASCII, spaces or control characters).');
  }
  // Messages quote the path as sent: printable ASCII, so always one line.
  const rawPath = url.split('?', 1)[0] ?? '';
  const path = decodedPath(rawPath);
  if (path === null) {
    return errorEnvelope(400, 'bad-request', 'The request path has a malformed percent-encoding: not %XX hex, or bytes that are not UTF-8.');
  }
  const allowed = allowedMethods(path);
  if (allowed === null) return errorEnvelope(404, 'not-found', `There is no API endpoint at ${rawPath}.`);
  const allow = allowed.join(', ');
  if (method === 'OPTIONS') return { status: 204, headers: { ...API_HEADERS, Allow: allow } };
  if (!allowed.includes(method)) {
    return errorEnvelope(405, 'method-not-allowed', `${method} is not allowed on ${rawPath}; allowed: ${allow}.`, { Allow: allow });
  }
  return null;
}
