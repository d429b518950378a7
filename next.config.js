// @ts-check
// ESM because package.json has "type": "module".

const isDev = process.env.NODE_ENV === 'development';

/**
 * The Content-Security-Policy of shared report pages (/r/…): they show data from a link, so
 * nothing may load from elsewhere, be framed, or leak the address (issue 5).
 *
 * - script-src needs 'unsafe-inline': the App Router streams its RSC payload and bootstrap as
 *   inline <script> tags (self.__next_f.push), and a static header cannot carry a per-request
 *   nonce (that needs a proxy that renders every page dynamically). Checked in Chromium: with
 *   script-src 'self' alone the page renders but never hydrates. No host is allowed, so an
 *   injected <script src> from elsewhere is still refused, and React escapes report text.
 * - 'wasm-unsafe-eval' lets the trace parser compile its WebAssembly kernel (comparing local
 *   traces with a shared report); it does not allow eval() of JavaScript. `next dev` needs
 *   'unsafe-eval' for its refresh runtime, so only dev gets it.
 * - style-src 'unsafe-inline': React renders style props as style attributes, and ECharts sets
 *   inline styles.
 * - blob: for workers, downloads and figure exports; data: for images.
 */
const REPORT_CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'${isDev ? " 'unsafe-eval'" : ''}`,
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

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The app is meant to run air-gapped (DBA networks often are): no upgrade checks that would
  // reach out to a registry during `next build`.
  experimental: {
    agentUpgrade: false,
  },
  async headers() {
    return [
      {
        source: '/r/:path*',
        headers: [
          { key: 'Content-Security-Policy', value: REPORT_CSP },
          // The key is in the fragment, which is never sent; no-referrer also keeps the id private.
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
