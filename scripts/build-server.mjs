// Bundles the production server (lib/server/main.ts) into dist/server.mjs, which `npm start` runs
// after `next build`: Node 20 cannot run TypeScript. Packages (next, better-sqlite3, pg, zod)
// stay in node_modules; only the app's own lib/server code is bundled.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: { server: join(root, 'lib/server/main.ts') },
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
