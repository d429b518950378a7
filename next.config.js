// @ts-check
// ESM because package.json has "type": "module".

// The Content-Security-Policy of shared report pages carries a per-request nonce, so it is set
// in proxy.ts; the headers below are the static ones.

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
