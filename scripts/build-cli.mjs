// Bundles the command line and its parse worker into dist/ (run by `npm install` via postinstall).
// Node 20 cannot run TypeScript, and one bundled file starts in ~50 ms, which matters when the
// benchmark compares `waitscope stats` with `grep -c` on the same file.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: { waitscope: join(root, 'lib/cli/main.ts'), early: join(root, 'lib/cli/early.ts'), 'parse-worker': join(root, 'lib/node/parse-worker.ts') },
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
});
