// @ts-check
// ESM because package.json has "type": "module".

// The Content-Security-Policy of pages carries a per-request nonce, so it is set in proxy.ts;
// API answers set their own (lib/server/api-response.ts). The headers below are the static ones,
// on every path: pages, API, assets and the 404 page.

// The app is meant to run air-gapped, and nothing leaves the machine unless the user asks: Next's
// anonymous telemetry (on by default; `next build` posted to telemetry.nextjs.org) is off. Next reads
// this variable when it starts its telemetry, after loading this file (next/dist/build/index.js).
process.env.NEXT_TELEMETRY_DISABLED = '1';

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
        source: '/:path*',
        headers: [
          // A report's key is in the fragment, which is never sent; no-referrer also keeps its id,
          // and whatever the workbench's URL holds, private.
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
