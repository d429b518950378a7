// Imports TypeScript from lib/ into a plain Node script: Node 20 cannot run .ts, so esbuild
// bundles `source` (an export list, resolved from the repo root) in memory and the bundle is
// imported from a data: URL. Used by scripts/make-fixtures.mjs and the benchmark.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The module and its bundled code (whose hash can key a cache). */
export async function importTs(source, { platform = 'neutral' } = {}) {
  const bundle = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform,
    format: 'esm',
    // CommonJS packages (tar-stream, for lib/archive) require Node's built-ins: an ES module has no
    // `require`, so the bundle gets one, resolving from the repository root.
    ...(platform === 'node' && { banner: { js: `import { createRequire as __waitscopeRequire } from 'node:module'; const require = __waitscopeRequire(${JSON.stringify(join(root, 'package.json'))});` } }),
    write: false,
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { module, code };
}
