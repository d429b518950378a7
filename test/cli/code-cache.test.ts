// The built CLI runs its bundles with the V8 code caches the build wrote (lib/node/code-cache.ts,
// scripts/build-cli.mjs): both must be there and accepted, or the CLI silently starts ~10-20 ms
// slower on every run. (test/helpers/build-cli-setup.ts builds dist/, caches included.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, ROOT, runCli } from '../helpers/cli';

// A Node before 20.15 has no zlib.crc32, and then no cache is ever used (code-cache.ts).
const expected = 'crc32' in zlib ? 'accepted' : 'rejected';

describe('the code caches of the built CLI', () => {
  it('go with bundles that never call import() (it cannot run in a bundle started from a cache)', () => {
    for (const name of ['waitscope.cjs', 'parse-worker-main.cjs']) {
      const source = readFileSync(path.join(ROOT, 'dist', name), 'utf8');
      expect(source.length).toBeGreaterThan(10_000);
      expect(source).not.toMatch(/\bimport\(/);
    }
  });

  it('go with bundles of ASCII only (read at every start: a two-byte source took ~14 ms more)', () => {
    // esbuild escapes strings but not regex literals: a `µ` in a regex would make the bundle two-byte again.
    for (const name of ['waitscope.cjs', 'parse-worker-main.cjs']) {
      const bytes = readFileSync(path.join(ROOT, 'dist', name));
      const first = bytes.findIndex((b) => b >= 0x80);
      expect(first, first < 0 ? '' : `dist/${name} at ${first}: ${bytes.subarray(Math.max(0, first - 40), first + 10).toString('latin1')}`).toBe(-1);
    }
  });

  it('are written by the build, one per bundle and flag set (profile runs with flags of its own)', () => {
    for (const name of ['waitscope.cjs', 'parse-worker-main.cjs', 'waitscope.cjs.no-use-osr-always-sparkplug', 'parse-worker-main.cjs.no-use-osr-always-sparkplug']) {
      expect(existsSync(path.join(ROOT, `dist/${name}.cache`)), name).toBe(true);
    }
  });

  // profile's is its own, made under its own V8 flags: one made under other flags would be rejected (lib/node/v8-flags.ts).
  it.each(['stats', 'profile'])('the main bundle\'s is used by %s, and the command\'s output is the same either way', async (command) => {
    const fixture = path.join(FIXTURES_DIR, 'v11g-commit-loop.trc');
    const run = await runCli([command, '--json', '--workers', '1', fixture], { env: { WAITSCOPE_TIMING: '1' } });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`timing: code cache of the main bundle ${expected}`);
    const plain = await runCli([command, '--json', '--workers', '1', fixture]);
    expect(plain.stdout).toBe(run.stdout);
  });

  // On two threads the first worker sets profile's flags once it has booted (lib/node/early-workers.ts):
  // the main bundle loads under the defaults and uses their cache, the worker's bundle its flags' cache.
  it('profile on two threads: the worker sets the flags, and each bundle uses the cache of the flags it loads under', async () => {
    // Two files, so the worker takes one (a small file alone is read on this thread, done before the worker has booted).
    const fixtures = ['v11g-commit-loop.trc', 'v19c-session.trc'].map((f) => path.join(FIXTURES_DIR, f));
    const run = await runCli(['profile', '--json', '--workers', '2', ...fixtures], { env: { WAITSCOPE_TIMING: '1' } });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('timing: V8 flags --no-use-osr --always-sparkplug set by a parse worker');
    expect(run.stderr).toContain(`timing: code cache of the main bundle ${expected}`);
    expect(run.stderr).toContain(`timing: code cache of a parse worker ${expected}`);
    const one = await runCli(['profile', '--json', '--workers', '1', ...fixtures]);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(one.stdout));
    // A window reads the files twice, each pass with its own pool: the second pass's worker, started
    // under the flags, names them from the environment it copied and uses their cache too.
    const windowed = await runCli(['profile', '--json', '--workers', '2', '--from', 'tim:0', '--to', 'tim:4000000000000000', ...fixtures], { env: { WAITSCOPE_TIMING: '1' } });
    expect(windowed.status).toBe(0);
    expect(windowed.stderr.match(/timing: code cache of a parse worker \w+/g)).toEqual([`timing: code cache of a parse worker ${expected}`, `timing: code cache of a parse worker ${expected}`]);
    // stats has no flags of its own: its worker sets none.
    const stats = await runCli(['stats', '--json', '--workers', '2', ...fixtures], { env: { WAITSCOPE_TIMING: '1' } });
    expect(stats.status).toBe(0);
    expect(stats.stderr).toContain(`timing: code cache of a parse worker ${expected}`);
    expect(stats.stderr).not.toContain('V8 flags');
  });

  it('a parse worker\'s is used', async () => {
    const worker = new Worker(path.join(ROOT, 'dist/parse-worker.cjs'), { env: { ...process.env, WAITSCOPE_TIMING: '1' }, stderr: true });
    let stderr = '';
    worker.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (stderr.includes('\n')) {
          clearInterval(check);
          resolve();
        }
      }, 5);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(stderr).toContain(`timing: code cache of a parse worker ${expected}`);
  });
});
