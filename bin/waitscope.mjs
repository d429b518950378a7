#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node
// The `waitscope` command. The TypeScript sources are bundled into dist/ by `npm install`
// (postinstall) or `npm run build:cli`.
//
// Why the shebang drops NODE_EXTRA_CA_CERTS: when it is set, Node reads and parses that
// certificate bundle at start-up, before any of our code runs (on this 2-core machine
// /etc/ssl/certs/ca-certificates.crt costs ~90 ms, a tenth of a 1 GiB `stats` run). The command
// line reads local files only and never opens a TLS connection, so it never needs them.
// (`node bin/waitscope.mjs …` bypasses the shebang and works the same, only slower to start.)
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/waitscope.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('waitscope: the CLI is not built yet; run `npm install` or `npm run build:cli` in the waitscope folder\n');
  process.exit(1);
}
// The parse workers first (a few KB), so their isolates boot while the main bundle loads.
const early = new URL('../dist/early.mjs', import.meta.url);
if (existsSync(early)) await import(early.href);
await import(bundle.href);
