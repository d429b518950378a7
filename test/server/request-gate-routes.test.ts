// The HTTP server's gate (lib/server/request-gate.ts) answers 405/404 before Next sees a request, so
// its table of methods must match what the route files export (plus the HEAD and OPTIONS that Next
// adds to a GET route and every route). A new route or method that the gate does not know would be
// refused by it: this test says so instead.
import { describe, expect, it } from 'vitest';
import * as reports from '../../app/api/reports/route';
import * as reportById from '../../app/api/reports/[id]/route';
import { gateRequest } from '../../lib/server/request-gate';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What Next serves for a route module: its exported methods, HEAD with GET, and OPTIONS. */
function servedBy(module: Record<string, unknown>): string[] {
  const exported = HTTP_METHODS.filter((m) => typeof module[m] === 'function');
  return [...exported, ...(exported.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
}

describe('request gate against the route files', () => {
  it.each([
    ['/api/reports', reports],
    ['/api/reports/AAAAAAAAAAAAAAAAAAAAAA', reportById],
  ] as const)('%s: the gate allows exactly the methods the route serves', (path, module) => {
    const answer = gateRequest('OPTIONS', path);
    expect(answer?.status).toBe(204);
    const allowed = (answer as { headers: Record<string, string> }).headers.Allow!.split(', ').sort();
    expect(allowed).toEqual(servedBy(module as Record<string, unknown>));
    for (const method of HTTP_METHODS) expect(gateRequest(method, path) === null).toBe(allowed.includes(method));
  });
});
