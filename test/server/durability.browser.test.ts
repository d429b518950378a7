// Durability of the default store (issue 5): kill -9 the server (`npm start`'s dist/server.mjs) in the middle of concurrent
// creates, start it again on the same SQLite file, and every create that was answered with 201
// can still be read, byte for byte. Needs the production build (hence *.browser.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NEXT_ENV, ROOT } from '../helpers/next-app';
import { bundleServer, SERVER_ENTRY } from '../helpers/next-server';
import { sealReport } from '../../lib/share';
import { sampleReport } from '../share/sample-report';
import { freePort } from '../helpers/free-port';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-durable-'));
const env = { ...NEXT_ENV, WAITSCOPE_DB_PATH: path.join(dir, 'reports.db'), WAITSCOPE_RATE_WRITES_PER_MINUTE: '0', WAITSCOPE_RATE_READS_PER_MINUTE: '0' };
const children: ChildProcess[] = [];

async function start(): Promise<{ url: string; child: ChildProcess }> {
  bundleServer();
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), WAITSCOPE_HOST: '127.0.0.1' },
    detached: true,
    stdio: 'ignore',
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    try {
      const response = await fetch(`${url}/api/reports/AAAAAAAAAAAAAAAAAAAAAA`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 404) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer within 60 s');
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

afterAll(() => {
  for (const child of children) killGroup(child, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('durability', () => {
  it('keeps every answered create across a kill -9', async () => {
    const { ciphertext } = await sealReport(sampleReport());
    const first = await start();
    const answered: string[] = [];
    let failures = 0;
    let stop = false;

    const loop = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${first.url}/api/reports`, { method: 'POST', body: ciphertext });
          if (response.status !== 201) throw new Error(`status ${response.status}`);
          answered.push(((await response.json()) as { id: string }).id);
        } catch {
          failures += 1;
          return; // the server is gone
        }
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    // Kill once a good number of creates were answered, while the loops are still sending.
    while (answered.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    killGroup(first.child, 'SIGKILL');
    await Promise.all(loops);
    stop = true;
    expect(failures).toBeGreaterThan(0); // the kill did land mid-stream

    const second = await start();
    const missing: string[] = [];
    for (const id of answered) {
      const response = await fetch(`${second.url}/api/reports/${id}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || Buffer.compare(bytes, ciphertext) !== 0) missing.push(id);
    }
    console.log(`durability: ${answered.length} creates answered before kill -9, ${missing.length} missing after restart`);
    expect(missing).toEqual([]);
    killGroup(second.child, 'SIGTERM');
  });
});
