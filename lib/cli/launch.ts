import { fileURLToPath } from 'node:url';
import { runBundle, writingCodeCache } from '../node/code-cache';
import { commandV8Flags, nameV8Flags, setV8Flags } from '../node/v8-flags';
import { startEarlyWorkers } from './early';

/**
 * What bin/waitscope.mjs runs (as dist/launch.mjs, a few KB): starts the parse workers first, so
 * their isolates boot while the main bundle loads, then runs the main bundle (dist/waitscope.cjs)
 * with its code cache (lib/node/code-cache.ts). The command's V8 flags (lib/node/v8-flags.ts) are
 * set here first, or by the parse workers once booted.
 */
const flags = commandV8Flags(process.argv[2]);
// With a worker started, it sets the flags once booted (lib/node/early-workers.ts says why), and
// this bundle loads before that, under Node's defaults and their code cache.
const flagsLeftToWorker = startEarlyWorkers(process.argv.slice(2), flags) > 0 && flags !== '';
if (!flagsLeftToWorker) setV8Flags(flags);
const main = runBundle(fileURLToPath(new URL('./waitscope.cjs', import.meta.url)));
// Workers a pool starts later (a second pass, more threads than started early) copy this name, and set the flags too.
if (flagsLeftToWorker) nameV8Flags(flags);
if (process.env.WAITSCOPE_TIMING === '1') process.stderr.write(`timing: code cache of the main bundle ${main.state}\n`);
// Not when the flags changed under this bundle: its cache would be named for the defaults and made under the flags.
if (writingCodeCache() && !flagsLeftToWorker) process.on('exit', () => main.writeCache());
