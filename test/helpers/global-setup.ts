// Vitest globalSetup of the `browser` project (vitest.config.ts): makes sure a production build
// of the app exists and is newer than its sources before any browser test starts a server on it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runNext, staleBuildReason } from './next-app';

export default async function setup(): Promise<void> {
  // The offline report's viewer, served from public/ (written only when it changed, so an unchanged one keeps the build fresh).
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-offline.mjs', import.meta.url))], { stdio: 'inherit' });
  const reason = staleBuildReason();
  if (reason === null) {
    console.log('[global-setup] .next is up to date; not rebuilding');
    return;
  }
  console.log(`[global-setup] running next build: ${reason}`);
  const started = Date.now();
  await runNext(['build']);
  console.log(`[global-setup] next build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
