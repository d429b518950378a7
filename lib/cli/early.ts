import { startParseWorkers, threadsRequested } from '../node/early-workers';

/**
 * Starts the parse workers of a command that parses traces. Also its own tiny bundle,
 * dist/early.mjs, which bin/waitscope.mjs runs before the main bundle: the workers' isolates then
 * boot while V8 parses the main bundle (~15 ms here), not after it. See lib/node/early-workers.ts.
 */
export function startEarlyWorkers(argv: readonly string[]): void {
  const command = argv[0];
  if (command === 'stats' || command === 'profile' || command === 'compare' || command === 'outliers') startParseWorkers(threadsRequested(argv));
}

// Run as dist/early.mjs (its entry point): start them now.
if (import.meta.url.endsWith('/early.mjs')) startEarlyWorkers(process.argv.slice(2));
