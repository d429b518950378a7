// Runs the real, bundled CLI (`node bin/waitscope.mjs …`) as a child process. The bundle in dist/
// is rebuilt from the current sources once per test run by test/helpers/build-cli-setup.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = path.join(ROOT, 'bin/waitscope.mjs');
export const FIXTURES_DIR = path.join(ROOT, 'test/fixtures');

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * A user that file permissions apply to: `nobody` when the tests run as root (as in CI containers,
 * where chmod 000 stops nothing), else the current user.
 */
export const UNPRIVILEGED: { uid: number; gid: number } | null = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null;

/** Never rejects: a non-zero exit is a result to check, not an error. */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number; as?: { uid: number; gid: number } | null; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: options.cwd ?? ROOT,
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 64 << 20,
        env: { ...process.env, NO_COLOR: '1', ...options.env },
        ...(options.as ? { uid: options.as.uid, gid: options.as.gid } : {}),
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error); // could not start, or killed by the timeout
        resolve({ status: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** `stats --json` / `profile --json` output, parsed; fails loudly with the CLI's stderr when it is not JSON. */
export function parseJsonOutput<T = Record<string, unknown>>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (status ${run.status}); stderr:\n${run.stderr}\nstdout:\n${run.stdout}`);
  }
}

export function fixturePath(name: string): string {
  return path.join(FIXTURES_DIR, name);
}

/** A fresh temp directory and its cleanup. */
export function makeTempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `waitscope-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
