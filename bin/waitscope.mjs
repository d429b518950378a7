#!/bin/sh
':' //; exec env -u NODE_EXTRA_CA_CERTS node "$0" "$@"
// The `waitscope` command. The TypeScript sources are bundled into dist/ by `npm install`
// (postinstall) or `npm run build:cli`.
//
// Why the first two lines start Node through sh without NODE_EXTRA_CA_CERTS: when that variable
// is set, Node reads and parses the certificate bundle it names at start-up, before any of our
// code runs (on this 2-core machine /etc/ssl/certs/ca-certificates.crt costs ~90 ms, a tenth of a
// 1 GiB `stats` run). The command line reads local files only and never opens a TLS connection,
// so it never needs them. Line 2 is a no-op to JavaScript (a string, then a comment); to sh it
// re-executes this file with Node. (`env -S` in the shebang would do it in one line, but BusyBox's
// env, as on Alpine, has no -S.) `node bin/waitscope.mjs …` skips both lines and works the same,
// only slower to start where the variable is set.
import { existsSync } from 'node:fs';

const launch = new URL('../dist/launch.mjs', import.meta.url);
if (!existsSync(launch)) {
  process.stderr.write('waitscope: the CLI is not built yet; run `npm install` or `npm run build:cli` in the waitscope folder\n');
  process.exit(1);
}
// Starts the parse workers, then runs the main bundle with its code cache (lib/cli/launch.ts).
await import(launch.href);
