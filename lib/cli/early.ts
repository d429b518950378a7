import { startParseWorkers, threadsRequested } from '../node/early-workers';

/**
 * Starts the parse workers of a command that parses traces. dist/launch.mjs (lib/cli/launch.ts)
 * calls it before it runs the main bundle: the workers' isolates then boot while V8 loads the
 * main bundle, not after it. See lib/node/early-workers.ts. Returns how many started; they set
 * `v8Flags` for the process once booted.
 */
export function startEarlyWorkers(argv: readonly string[], v8Flags = ''): number {
  const command = argv[0];
  if (command === 'stats' || command === 'profile' || command === 'compare' || command === 'outliers' || command === 'export') return startParseWorkers(threadsRequested(argv), v8Flags);
  return 0;
}
