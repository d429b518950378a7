// Vitest globalSetup of the `unit` project (vitest.config.ts): bundles the CLI from the current
// sources into dist/ once per run, so test/cli runs what `npm run build:cli` would ship, never a
// stale bundle. esbuild takes well under a second; the code caches' warm-up (a stats and a profile
// of a 68 MB generated trace, scripts/build-cli.mjs) a few seconds more.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/build-cli.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
