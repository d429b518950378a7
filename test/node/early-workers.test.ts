// The CLI starts its parse workers before it loads the rest of itself (lib/node/early-workers.ts);
// the thread count must be read from the raw command line exactly as the commands read it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importTs } from '../../scripts/import-ts.mjs';
import { parseWorkerUrl, startParseWorkers, takeStartedWorkers, threadsRequested } from '../../lib/node/early-workers';
import { fixturePath, runCli } from '../helpers/cli';

/**
 * Preloaded into the bundled CLI (NODE_OPTIONS=--import): when the process exits, prints the
 * early-worker registry (the process-wide key of early-workers.ts) on stderr: whether workers were
 * asked for, and the thread id of each one started and not taken by a ParsePool. Read at exit, so
 * it does not depend on how fast the workers boot.
 */
const PROBE = `process.on('exit', () => {
  const r = globalThis[Symbol.for('waitscope.earlyParseWorkers')];
  const seen = r ? { requested: r.requested, waiting: r.started.map((e) => e.worker.threadId) } : null;
  process.stderr.write('early-workers-probe ' + JSON.stringify(seen) + '\\n');
});
`;
const probeDir = mkdtempSync(path.join(tmpdir(), 'waitscope-early-workers-'));
const probe = path.join(probeDir, 'probe.mjs');
writeFileSync(probe, PROBE);
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

/** Runs the bundled CLI (bin/waitscope.mjs → dist/launch.mjs) with the probe; its report and exit status. */
async function bundledRun(args: string[]): Promise<{ status: number; stderr: string; seen: { requested: boolean; waiting: number[] } | null }> {
  const run = await runCli(args, { env: { NODE_OPTIONS: `--import=${probe}` } });
  const line = /^early-workers-probe (.*)$/m.exec(run.stderr);
  if (!line) throw new Error(`no probe line; stderr:\n${run.stderr}`);
  return { status: run.status, stderr: run.stderr, seen: JSON.parse(line[1]!) };
}

describe('early parse workers', () => {
  it('reads --workers N and --workers=N, and defaults to one thread per core', () => {
    expect(threadsRequested(['stats', '--workers', '3', 'f.trc'])).toBe(3);
    expect(threadsRequested(['stats', '--json', '--workers=2', 'f.trc'])).toBe(2);
    expect(threadsRequested(['stats', 'f.trc'])).toBe(availableParallelism());
  });

  it('starts none for a --workers value the command will refuse', () => {
    expect(threadsRequested(['stats', '--workers', 'x', 'f.trc'])).toBe(1);
    expect(threadsRequested(['stats', '--workers', '0', 'f.trc'])).toBe(1);
  });

  it('starts none where there is no bundled worker script (the sources run here)', () => {
    startParseWorkers(4);
    expect(takeStartedWorkers(parseWorkerUrl(), 4)).toEqual([]);
  });

  it('starts N − 1 from the bundle (dist/launch.mjs) before the command runs: two for --workers 3, still waiting when the command fails before parsing', async () => {
    // The path does not exist, so no ParsePool ever takes them: what is left is what launch started.
    const run = await bundledRun(['stats', '--workers', '3', path.join(probeDir, 'missing.trc')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('cannot read');
    expect(run.seen?.requested).toBe(true);
    expect(run.seen?.waiting).toHaveLength(2);
    // Real threads: each Worker gets a positive thread id when constructed, distinct per worker.
    for (const id of run.seen?.waiting ?? []) expect(id).toBeGreaterThan(0);
    expect(new Set(run.seen?.waiting).size).toBe(2);
  });

  it('hands the bundle\'s early workers to the parse pool (none left waiting after stats parses a trace), and starts none for a command that does not parse', async () => {
    const parsed = await bundledRun(['stats', '--workers', '3', fixturePath('v19c-session.trc')]);
    expect(parsed.status).toBe(0);
    expect(parsed.seen).toEqual({ requested: true, waiting: [] });
    const synth = await bundledRun(['synth', '--help']);
    expect(synth.seen).toEqual({ requested: false, waiting: [] });
  });

  it('shares one registry between two copies of the module (dist/launch.mjs and the main bundle each hold one)', async () => {
    // A second instance, bundled from other source text (as dist/ has two bundles holding it).
    const other = (await importTs(`export * from './lib/node/early-workers'; export const copy = 2;`, { platform: 'node' })).module;
    expect(other.startParseWorkers).not.toBe(startParseWorkers);
    startParseWorkers(2); // this test file's instance asks first (a no-op if an earlier test did)
    const registry = (globalThis as unknown as Record<symbol, { requested: boolean } | undefined>)[Symbol.for('waitscope.earlyParseWorkers')];
    expect(registry?.requested).toBe(true);
    // The other instance sees the request and returns before resolving its worker script's URL,
    // which it could not (loaded from a data: URL, it has no base): it would throw otherwise.
    expect(() => other.startParseWorkers(2)).not.toThrow();
  });

  it('can be loaded from a data: URL, as scripts/import-ts.mjs loads lib/ for the benchmarks (no base URL at load time)', async () => {
    const { module } = await importTs(`export { ParsePool } from './lib/node/worker-pool';`, { platform: 'node' });
    expect(typeof module.ParsePool).toBe('function');
  });
});
