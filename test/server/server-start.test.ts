// `npm start`'s server (dist/server.mjs) checks its settings and opens the report store before it
// listens: a bad setting or an unusable data path stops it with one line naming the cause,
// instead of a server that runs and answers 500 to every request (issue 12).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_ENV, ROOT } from '../helpers/next-app';
import { bundleServer, SERVER_ENTRY } from '../helpers/next-server';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-start-'));

beforeAll(() => bundleServer());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the server with `env` added; it must exit by itself within 20 s. */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { ...NEXT_ENV, DATABASE_URL: '', PORT: '1', WAITSCOPE_HOST: '127.0.0.1', WAITSCOPE_DB_PATH: path.join(dir, 'ok', 'r.db'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop by itself:\n${stdout}${stderr}`));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('start-up checks', () => {
  it('stops on an invalid setting, naming it (WAITSCOPE_MAX_REPORT_BYTES=lots)', async () => {
    const { code, stdout, stderr } = await run({ WAITSCOPE_MAX_REPORT_BYTES: 'lots' });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    expect(stderr).toMatch(/^waitscope: Invalid server environment:\n {2}WAITSCOPE_MAX_REPORT_BYTES: .+\n$/);
  });

  it('stops when the data folder cannot be made, with one line naming the path and the cause', async () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, '');
    const dbPath = path.join(blocker, 'data', 'reports.db');
    const { code, stdout, stderr } = await run({ WAITSCOPE_DB_PATH: dbPath });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    expect(stderr.split('\n')).toEqual([expect.any(String), '']);
    expect(stderr).toContain(`cannot open the report store (SQLite file ${dbPath})`);
    expect(stderr).toContain('ENOTDIR');
  });

  it('stops when the database path is not a file it can write', async () => {
    const dbPath = path.join(dir, 'a-folder');
    mkdirSync(dbPath);
    const { code, stderr } = await run({ WAITSCOPE_DB_PATH: dbPath });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toEqual([expect.any(String), '']);
    expect(stderr).toContain(`(SQLite file ${dbPath})`);
    expect(stderr).toContain('EISDIR');
  });

  it('stops when the PostgreSQL server cannot be reached, without printing the password', async () => {
    const { code, stderr } = await run({ DATABASE_URL: 'postgres://user:hunter2@127.0.0.1:1/reports' });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toEqual([expect.any(String), '']);
    expect(stderr).toContain('(PostgreSQL at 127.0.0.1:1/reports)');
    expect(stderr).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('hunter2');
  });
});
