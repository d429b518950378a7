#!/usr/bin/env node
// `npm run bench:share` (issue 5 §7, load): 30 s of mixed reads and creates against the server
// `npm start` runs (dist/server.mjs: Next behind waitscope's HTTP server) on loopback, 50
// connections, on the embedded SQLite store (a fresh file). Reports throughput and latency
// percentiles per kind, and errors. The per-client rate limit is turned off for the run
// (every request comes from one address); the report bodies are real-size random containers.
// Knobs: SECONDS_OF_LOAD, READERS, CREATORS (connections), REPORT_KB (body size, default 200).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NEXT = path.join(ROOT, 'node_modules/next/dist/bin/next');
const PORT = 3322;
const SECONDS = Number(process.env.SECONDS_OF_LOAD ?? 30);
const CONNECTIONS = { reads: Number(process.env.READERS ?? 45), creates: Number(process.env.CREATORS ?? 5) };
const REPORT_BYTES = Number(process.env.REPORT_KB ?? 200) * 1024; // a 2 × 4 M report seals to roughly 200 KB
const GOALS = { readsPerSecond: 500, p99Ms: 50 };

/** A sealed-report container as the server checks it: 'WSR', version 1, IV, ciphertext and tag. */
function container() {
  return Buffer.concat([Buffer.from('WSR'), Buffer.from([1]), randomBytes(REPORT_BYTES - 4)]);
}

if (!existsSync(path.join(ROOT, '.next/BUILD_ID'))) execFileSync(process.execPath, [NEXT, 'build'], { cwd: ROOT, stdio: 'inherit' });
execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'waitscope-load-'));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PORT: String(PORT), WAITSCOPE_HOST: '127.0.0.1', WAITSCOPE_DB_PATH: path.join(dataDir, 'reports.db'), WAITSCOPE_RATE_READS_PER_MINUTE: '0', WAITSCOPE_RATE_WRITES_PER_MINUTE: '0' };
const server = spawn(process.execPath, [path.join(ROOT, 'dist/server.mjs')], { cwd: ROOT, env, stdio: 'ignore', detached: true });
const url = `http://127.0.0.1:${PORT}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 120) throw new Error('dist/server.mjs did not come up');
    await new Promise((r) => setTimeout(r, 500));
  }
  const body = container();
  const ids = [];
  for (let i = 0; i < 50; i++) {
    const r = await fetch(`${url}/api/reports?expires=1d`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body });
    if (r.status !== 201) throw new Error(`seeding failed: ${r.status} ${await r.text()}`);
    ids.push((await r.json()).id);
  }
  console.log(`share load: dist/server.mjs on loopback, SQLite (WAL), ${ids.length} reports of ${REPORT_BYTES / 1024} KB seeded; ${SECONDS} s, ${CONNECTIONS.reads} reading + ${CONNECTIONS.creates} creating connections`);
  let k = 0;
  const run = (opts) => new Promise((resolve, reject) => autocannon({ url, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));
  const idle = Promise.resolve({ requests: { average: 0, total: 0 }, latency: { p50: 0, p99: 0, max: 0 }, errors: 0, timeouts: 0, non2xx: 0 });
  const [reads, creates] = await Promise.all([
    run({ connections: CONNECTIONS.reads, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/reports/${ids[k++ % ids.length]}` }) }] }),
    CONNECTIONS.creates > 0 ? run({ connections: CONNECTIONS.creates, requests: [{ method: 'POST', path: '/api/reports?expires=1d', headers: { 'content-type': 'application/octet-stream' }, body }] }) : idle,
  ]);
  const line = (name, r) =>
    `  ${name}: ${Math.round(r.requests.average).toLocaleString('en-US')} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${r.requests.total.toLocaleString('en-US')} requests, ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`;
  console.log(line('reads  ', reads));
  console.log(line('creates', creates));
  const ok = (b) => (b ? 'PASS' : 'MISS');
  console.log(`  goal: reads >= ${GOALS.readsPerSecond}/s ${ok(reads.requests.average >= GOALS.readsPerSecond)}, p99 < ${GOALS.p99Ms} ms (reads ${ok(reads.latency.p99 < GOALS.p99Ms)}, creates ${ok(creates.latency.p99 < GOALS.p99Ms)}), no errors ${ok(reads.errors + creates.errors + reads.non2xx + creates.non2xx === 0)}`);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
}
