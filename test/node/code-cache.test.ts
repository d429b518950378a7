// runBundle (lib/node/code-cache.ts) runs a CommonJS bundle with V8's code cache for it. The cache
// may only make it faster: every state (absent, accepted, stale, damaged) must run the same code.
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runBundle } from '../../lib/node/code-cache';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-code-cache-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A bundle that reports what it ran with through a global, as the CLI bundles act by side effect. */
function bundleSource(answer: number): string {
  return `globalThis.__codeCacheTest = { answer: ${answer}, url: __waitscopeBundleUrl, file: __filename, join: require('node:path').join('a', 'b'), exportsIsModuleExports: exports === module.exports };\n`;
}

function run(file: string) {
  delete (globalThis as Record<string, unknown>).__codeCacheTest;
  const ran = runBundle(file);
  return { ran, seen: (globalThis as Record<string, unknown>).__codeCacheTest as Record<string, unknown> };
}

describe('runBundle', () => {
  it('runs a bundle without a cache, writes one, and then runs the bundle with it', () => {
    const file = path.join(dir, 'a.cjs');
    writeFileSync(file, bundleSource(42));
    const first = run(file);
    expect(first.ran.state).toBe('absent');
    expect(first.seen).toEqual({ answer: 42, url: pathToFileURL(file).href, file, join: path.join('a', 'b'), exportsIsModuleExports: true });
    first.ran.writeCache();
    expect(readFileSync(`${file}.cache`).length).toBeGreaterThan(0);
    const second = run(file);
    expect(second.ran.state).toBe('accepted');
    expect(second.seen).toEqual(first.seen);
  });

  it('does not use the cache of a bundle changed since, even one of the same length', () => {
    const file = path.join(dir, 'b.cjs');
    writeFileSync(file, bundleSource(42));
    utimesSync(file, 1_000_000, 1_000_000);
    run(file).ran.writeCache();
    writeFileSync(file, bundleSource(43)); // same length: V8 alone would take the old code
    utimesSync(file, 2_000_000, 2_000_000);
    const after = run(file);
    expect(after.ran.state).toBe('stale');
    expect(after.seen.answer).toBe(43);
  });

  it('runs a bundle whose cache is damaged, as if it had none', () => {
    const file = path.join(dir, 'c.cjs');
    writeFileSync(file, bundleSource(7));
    run(file).ran.writeCache();
    const cache = readFileSync(`${file}.cache`);
    for (let i = cache.length - 64; i < cache.length; i++) cache[i] = (cache[i] as number) ^ 0xff; // V8's bytes, after the stamp line
    writeFileSync(`${file}.cache`, cache);
    const after = run(file);
    expect(after.ran.state).toBe('rejected');
    expect(after.seen.answer).toBe(7);
  });
});
