/**
 * The strict Content-Security-Policy of shared report pages (/r/…, issue 5 §5): a fresh nonce per
 * request, so the App Router's inline bootstrap scripts run and nothing else does ('strict-dynamic'
 * lets the scripts they load run too; no host is allowed, and 'unsafe-inline' is not needed).
 * Next reads the nonce from the request's CSP header and puts it on its own <script> tags.
 * Report pages render per request anyway (their id is in the path), so the nonce costs nothing.
 */
import { NextResponse, type NextRequest } from 'next/server';

const isDev = process.env.NODE_ENV === 'development';

export function reportCsp(nonce: string): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': the trace parser compiles its WebAssembly kernel (comparing local traces
    // with the report); it does not allow eval() of JavaScript, which only `next dev` needs.
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
  const csp = reportCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = { matcher: ['/r/:path*'] };
