// @ts-check
// ESM because package.json has "type": "module".

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The app is meant to run air-gapped (DBA networks often are): no upgrade checks that would
  // reach out to a registry during `next build`.
  experimental: {
    agentUpgrade: false,
  },
};

export default nextConfig;
