#!/usr/bin/env node
// The `waitscope` command. The TypeScript sources are bundled into dist/ by `npm install`
// (postinstall) or `npm run build:cli`.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/waitscope.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('waitscope: the CLI is not built yet; run `npm install` or `npm run build:cli` in the waitscope folder\n');
  process.exit(1);
}
await import(bundle.href);
