// Where the app and its production build live, and how to run the Next CLI. Shared by
// global-setup.ts (which builds) and next-server.ts (which serves).
import { spawn, type SpawnOptions } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BUILD_ID = path.join(ROOT, '.next', 'BUILD_ID');

/** Next's own CLI entry, run with this Node: no npx, no shell. */
export const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');

/** What the build is made from. A change to any of these makes `.next` stale. */
const SOURCE_DIRS = ['app', 'components', 'lib', 'public'];
const SOURCE_FILES = ['next.config.js', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** Air-gapped: the app and its tools must not phone home. */
export const NEXT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
};

function newestMtime(dir: string): number {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0; // a folder that does not exist yet
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.isFile()) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Why the build must be (re)made, or null when `.next/BUILD_ID` is newer than every source. */
export function staleBuildReason(): string | null {
  let built: number;
  try {
    built = statSync(BUILD_ID).mtimeMs;
  } catch {
    return 'there is no .next/BUILD_ID';
  }
  const sources = [
    ...SOURCE_DIRS.map((dir) => newestMtime(path.join(ROOT, dir))),
    ...SOURCE_FILES.map((file) => {
      try {
        return statSync(path.join(ROOT, file)).mtimeMs;
      } catch {
        return 0;
      }
    }),
  ];
  return Math.max(...sources) > built ? 'a source file is newer than .next/BUILD_ID' : null;
}

/** Runs `next <args>` to completion, its output shown as it goes. */
export function runNext(args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT_BIN, ...args], {
      cwd: ROOT,
      env: NEXT_ENV,
      stdio: ['ignore', 'inherit', 'inherit'],
      ...options,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`next ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
