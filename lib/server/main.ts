/**
 * `npm start`: the production server (bundled to dist/server.mjs by scripts/build-server.mjs).
 * Checks the settings and opens the report store before anything listens, so a bad setting or an
 * unwritable data folder stops it with one line naming the cause, instead of a 500 per request;
 * then serves the built app (`next build` first) through createHttpServer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseServerEnv, ServerEnvError, type ServerEnv } from './env';
import { createHttpServer } from './http-server';
import { serverContext, StoreOpenError } from './server-context';

/** The app folder: dist/server.mjs lives one level below it. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  console.error(`waitscope: ${message}`);
  process.exit(1);
}

async function checkedStart(): Promise<ServerEnv> {
  try {
    const env = parseServerEnv(process.env);
    // The route handlers find this same store: server-context.ts keeps it on globalThis.
    await serverContext(env);
    return env;
  } catch (error) {
    if (error instanceof ServerEnvError || error instanceof StoreOpenError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const env = await checkedStart();
  const host = env.WAITSCOPE_HOST;
  // Imported only now: a bad setting is reported without first loading all of Next.
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: ROOT, hostname: host ?? 'localhost', port: env.PORT });
  await app.prepare();
  const server = createHttpServer(app.getRequestHandler(), {
    trustedProxyHops: env.WAITSCOPE_TRUSTED_PROXY_HOPS,
    headersTimeoutMs: env.WAITSCOPE_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.WAITSCOPE_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: env.WAITSCOPE_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    maxConnectionsPerClient: env.WAITSCOPE_MAX_CONNECTIONS_PER_CLIENT,
  });
  server.on('error', (error) => fail(`cannot listen on ${host ?? '*'}:${env.PORT}: ${error.message}`));
  server.listen(env.PORT, host, () => {
    const proxy = env.WAITSCOPE_TRUSTED_PROXY_HOPS === 0 ? 'no proxy trusted' : `${env.WAITSCOPE_TRUSTED_PROXY_HOPS} trusted proxy hop(s)`;
    console.log(`waitscope: listening on http://${host ?? 'localhost'}:${env.PORT} (${proxy})`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('waitscope: the server failed to start:', error);
  process.exit(1);
});
