import { fileURLToPath } from 'node:url';
import { runBundle, writingCodeCache } from '../node/code-cache';
import { startEarlyWorkers } from './early';

/**
 * What bin/waitscope.mjs runs (as dist/launch.mjs, a few KB): starts the parse workers first, so
 * their isolates boot while the main bundle loads, then runs the main bundle (dist/waitscope.cjs)
 * with its code cache (lib/node/code-cache.ts).
 */
startEarlyWorkers(process.argv.slice(2));
const main = runBundle(fileURLToPath(new URL('./waitscope.cjs', import.meta.url)));
if (process.env.WAITSCOPE_TIMING === '1') process.stderr.write(`timing: code cache of the main bundle ${main.state}\n`);
if (writingCodeCache()) process.on('exit', () => main.writeCache());
