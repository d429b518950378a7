import { fileURLToPath } from 'node:url';
import { parentPort, type TransferListItem } from 'node:worker_threads';
import { runBundle, writingCodeCache } from './code-cache';

/**
 * A parse worker's entry (dist/parse-worker.mjs): runs the worker bundle (dist/parse-worker.cjs,
 * lib/node/parse-worker.ts) with its code cache (lib/node/code-cache.ts).
 */
const worker = runBundle(fileURLToPath(new URL('./parse-worker.cjs', import.meta.url)));
if (process.env.WAITSCOPE_TIMING === '1') process.stderr.write(`timing: code cache of a parse worker ${worker.state}\n`);

// The build's warm-up run: a worker is terminated, never exits by itself, so it writes its cache
// each time it has finished a task (the last write, with the most functions compiled, stays).
const port = parentPort;
if (writingCodeCache() && port) {
  const post = port.postMessage.bind(port);
  port.postMessage = (message: { kind?: string }, transfer?: readonly TransferListItem[]) => {
    post(message, transfer);
    if (message.kind === 'range-done' || message.kind === 'file-done') worker.writeCache();
  };
}
