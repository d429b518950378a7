// Vitest globalSetup of the `unit` project (vitest.config.ts): bundles the CLI from the current
// sources into dist/ once per run, so test/cli runs what `npm run build:cli` would ship, never a
// stale bundle. esbuild takes well under a second.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/build-cli.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
