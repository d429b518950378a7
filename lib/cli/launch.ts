import { fileURLToPath } from 'node:url';
import { runBundle, writingCodeCache } from '../node/code-cache';
import { setCommandV8Flags } from '../node/v8-flags';
import { startEarlyWorkers } from './early';

/**
 * What bin/waitscope.mjs runs (as dist/launch.mjs, a few KB): starts the parse workers first, so
 * their isolates boot while the main bundle loads, then runs the main bundle (dist/waitscope.cjs)
 * with its code cache (lib/node/code-cache.ts). First the command's V8 flags (lib/node/v8-flags.ts).
 */
setCommandV8Flags(process.argv[2]);
startEarlyWorkers(process.argv.slice(2));
const main = runBundle(fileURLToPath(new URL('./waitscope.cjs', import.meta.url)));
if (process.env.WAITSCOPE_TIMING === '1') process.stderr.write(`timing: code cache of the main bundle ${main.state}\n`);
if (writingCodeCache()) process.on('exit', () => main.writeCache());
