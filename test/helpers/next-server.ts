// Starts the production server on a free loopback port for one test file, and stops it
// afterwards: the same entry `npm start` runs (dist/server.mjs, bundled here from
// lib/server/main.ts), so every browser test goes through its timeouts, headers and checks.
// The app's build itself is made by global-setup.ts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { NEXT_ENV, ROOT } from './next-app';
import { freePort } from './free-port';

export interface NextServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
export const SERVER_ENTRY = path.join(ROOT, 'dist', 'server.mjs');

let bundled = false;
/** Bundles lib/server/main.ts into dist/server.mjs (under a second), once per test file. */
export function bundleServer(): void {
  if (bundled) return;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  bundled = true;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Kills the server's whole process group: SIGTERM, then SIGKILL if it lingers. */
async function killGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
  await exited(child);
  clearTimeout(timer);
}

/** `env` is added to the server's environment, e.g. a throwaway WAITSCOPE_DB_PATH. */
export async function startNextServer(env: Record<string, string> = {}): Promise<NextServer> {
  bundleServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Own process group (detached), so stop() also ends anything the server started.
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...NEXT_ENV, PORT: String(port), WAITSCOPE_HOST: '127.0.0.1', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await killGroup(child);
      throw new Error(`the server was not ready on ${url} within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return { url, port, stop: () => killGroup(child) };
}
