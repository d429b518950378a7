// The CLI starts its parse workers before it loads the rest of itself (lib/node/early-workers.ts);
// the thread count must be read from the raw command line exactly as the commands read it.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { importTs } from '../../scripts/import-ts.mjs';
import { parseWorkerUrl, startParseWorkers, takeStartedWorkers, threadsRequested } from '../../lib/node/early-workers';

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
