/**
 * The strict Content-Security-Policy of every page (issue 5 §5, issue 12): a fresh nonce per
 * request, so the App Router's inline bootstrap scripts run and nothing else does ('strict-dynamic'
 * lets the scripts they load run too; no host is allowed, and 'unsafe-inline' is not needed).
 * Next reads the nonce from the request's CSP header and puts it on its own <script> tags, which
 * needs pages rendered per request: app/layout.tsx opts every page out of prerendering. The
 * workbench (/) shows untrusted trace text as much as a report page does, so it gets the same.
 * API answers carry their own `default-src 'none'` (lib/server/api-response.ts); static assets
 * need none.
 */
import { NextResponse, type NextRequest } from 'next/server';

const isDev = process.env.NODE_ENV === 'development';

export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': the trace parser compiles its WebAssembly kernel (the workbench, and
    // comparing local traces with a report); it does not allow eval() of JavaScript, which only
    // `next dev` needs.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${isDev ? " 'unsafe-eval'" : ''}`,
    // React renders style props and ECharts sets inline styles; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${isDev ? ' ws:' : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(crypto.randomUUID());
  const csp = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

// Every path but the API and Next's static files: pages, including the 404 page of any unknown path.
export const config = { matcher: ['/((?!api/|_next/static/|_next/image|favicon\\.svg).*)'] };
