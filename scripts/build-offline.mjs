// Bundles the offline report's viewer (components/offline/offline-entry.tsx: React, the read-only
// results views and echarts' modular build) into one script and one style sheet, which
// lib/offline/offline-html.ts inlines into a self-contained HTML file (issue 17 §3).
//
// dist/offline-report.js, .css       read by `waitscope report` (lib/cli/report-command.ts)
// public/offline-report/…            the same two files, served by the app for the page's "Download report"
//
// Run by scripts/build-cli.mjs (so at `npm install`), and before `next build` by the browser tests'
// global setup. A file is written only when its bytes change: public/ is a source of the Next build
// (test/helpers/next-app.ts), and an unchanged asset must not make the build look stale.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The names and the public folder are lib/offline/offline-html.ts's OFFLINE_ASSET_FILES and OFFLINE_ASSET_PATH.
const OUT_DIRS = [join(root, 'dist'), join(root, 'public/offline-report')];

const common = { bundle: true, minify: true, write: false, logLevel: 'warning', legalComments: 'none' };

// The viewer: CSS modules keep their scoped class names (local-css), plain CSS stays global.
const viewer = await build({
  ...common,
  entryPoints: [join(root, 'components/offline/offline-entry.tsx')],
  outdir: join(root, 'dist'),
  platform: 'browser',
  format: 'iife',
  target: ['chrome111', 'firefox115', 'safari16.4'],
  jsx: 'automatic',
  loader: { '.module.css': 'local-css' },
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: join(root, 'tsconfig.json'),
});
// The app's global styles (app/layout.tsx imports them), ahead of the modules' rules as in the app.
const globals = await build({ ...common, entryPoints: [join(root, 'app/globals.css')], outdir: join(root, 'dist') });

const textOf = (result, ext) => result.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text).join('\n');
const files = {
  'offline-report.js': textOf(viewer, '.js'),
  'offline-report.css': `${textOf(globals, '.css')}\n${textOf(viewer, '.css')}`,
};
if (!files['offline-report.js']) throw new Error('build-offline: esbuild wrote no script');

for (const dir of OUT_DIRS) {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    writeFileSync(path, text);
  }
}
