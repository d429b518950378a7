// Bundles the command line and its parse worker into dist/ (run by `npm install` via postinstall),
// then runs it once on a generated trace to write V8's code cache for both bundles.
// Node 20 cannot run TypeScript, and one bundled file starts in ~50 ms, which matters when the
// benchmark compares `waitscope stats` with `grep -c` on the same file.
//
// dist/launch.mjs           what bin/waitscope.mjs runs: starts the parse workers, then runs
// dist/waitscope.cjs        the CLI, with dist/waitscope.cjs.cache (lib/node/code-cache.ts)
// dist/parse-worker.cjs     a parse worker's entry: runs
// dist/parse-worker-main.cjs  the worker, with dist/parse-worker-main.cjs.cache
//
// The two large bundles are CommonJS because V8's code cache is reachable from Node 20 only
// through vm.Script (no compile cache for ES modules before Node 22). `import.meta.url` in them is
// the bundle's own file URL, passed in by runBundle.
//   node scripts/build-cli.mjs              bundle and write the caches
//   node scripts/build-cli.mjs --no-cache   bundle only (the CLI then compiles as usual)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { importTs } from './import-ts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const common = { outdir: dist, bundle: true, platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };

await build({
  ...common,
  entryPoints: { launch: join(root, 'lib/cli/launch.ts') },
  outExtension: { '.js': '.mjs' },
  format: 'esm',
});
await build({
  ...common,
  entryPoints: {
    waitscope: join(root, 'lib/cli/main.ts'),
    'parse-worker': join(root, 'lib/node/parse-worker-entry.ts'),
    'parse-worker-main': join(root, 'lib/node/parse-worker.ts'),
  },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { 'import.meta.url': '__waitscopeBundleUrl' }, // BUNDLE_URL_NAME in lib/node/code-cache.ts
  // zip.js can import a custom codec module by URL (never used here): as require(), not import().
  supported: { 'dynamic-import': false },
  // No comments or indentation: the bundles are read and hashed at every start (V8 checks its code
  // cache against the source), and comments made them two-byte strings (µ, ≥, …): 1.2 MB of
  // source cost ~14 ms to read on this machine before a byte of a trace was. Names are kept, for
  // stack traces and profiles.
  minifyWhitespace: true,
  charset: 'ascii',
});

// A bundle run through vm.Script cannot import(): without a callback V8 refuses it, and Node's
// USE_MAIN_CONTEXT_DEFAULT_LOADER (experimental in Node 20) fails for functions that come from a
// code cache written by another process. esbuild inlines our own lazy imports; refuse any other.
for (const name of ['waitscope.cjs', 'parse-worker-main.cjs']) {
  if (/\bimport\(/.test(readFileSync(join(dist, name), 'utf8'))) {
    console.error(`build-cli: dist/${name} calls import(), which cannot run in it (see lib/node/code-cache.ts); import statically`);
    process.exit(1);
  }
}

// The offline report's viewer, which `waitscope report` inlines (scripts/build-offline.mjs).
await import('./build-offline.mjs');

// One per bundle and flag set: `profile` runs with V8 flags of its own, and V8 rejects a cache made
// under other flags; lib/node/v8-flags.ts names both the flags and the file names.
const { cacheSuffixOf, commandV8Flags } = (await importTs("export { cacheSuffixOf, commandV8Flags } from './lib/node/v8-flags';", { platform: 'node' })).module;
const caches = ['', cacheSuffixOf(commandV8Flags('profile'))].flatMap((flags) => ['waitscope.cjs', 'parse-worker-main.cjs'].map((f) => join(dist, `${f}${flags}.cache`)));
// Never one of an older bundle, nor of a flag set no longer used.
for (const f of readdirSync(dist)) if (/^(waitscope|parse-worker-main)\.cjs(\..+)?\.cache$/.test(f)) unlinkSync(join(dist, f));
if (!process.argv.includes('--no-cache')) writeCodeCaches();

/**
 * Runs `waitscope stats` and `waitscope statements`, then `waitscope profile`, as a user would (the
 * bin, no Node flags: V8 rejects a cache made under other flags) on a trace large enough to be
 * parsed in ranges on every thread, so the caches hold the functions of those paths: the first two
 * write the caches of commands run without flags of their own, `profile` its own (the worker's on
 * two threads, the main bundle's on one). A failure only
 * costs the speed-up: the CLI runs without caches.
 */
function writeCodeCaches() {
  const scratch = mkdtempSync(join(tmpdir(), 'waitscope-code-cache-'));
  try {
    const bin = join(root, 'bin/waitscope.mjs');
    const env = { ...process.env, WAITSCOPE_CODE_CACHE: 'write' };
    delete env.WAITSCOPE_TIMING;
    // One session of 140,000 commits: ~68 MB, just over the size that is split into ranges.
    execFileSync(bin, ['synth', '--preset', 'flash-off', '--out', scratch, '--sessions', '1', '--commits', '140000'], { env, stdio: 'ignore' });
    // Two threads whatever the cores, so that a parse worker runs and writes its cache.
    execFileSync(bin, ['stats', '--json', '--workers', '2', scratch], { env, stdio: 'ignore' });
    // Then the statements (calls, cursors, the collector), which start from the caches just written
    // and write them again with their own functions added; then the profile, into its own caches.
    execFileSync(bin, ['statements', '--json', '--workers', '2', scratch], { env, stdio: 'ignore' });
    execFileSync(bin, ['profile', '--json', '--workers', '2', scratch], { env, stdio: 'ignore' });
    // On two threads the worker sets the profile's flags (lib/node/early-workers.ts), and the main
    // bundle loads under the defaults; on one thread the main bundle runs under them, with its own cache.
    execFileSync(bin, ['profile', '--json', '--workers', '1', scratch], { env, stdio: 'ignore' });
    const missing = caches.filter((f) => !existsSync(f));
    if (missing.length > 0) console.warn(`build-cli: no code cache written for ${missing.join(', ')}; the CLI works, only starts slower`);
  } catch (error) {
    console.warn(`build-cli: the code cache warm-up failed (${error.message.split('\n')[0]}); the CLI works, only starts slower`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
