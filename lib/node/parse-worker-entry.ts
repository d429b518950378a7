import { join } from 'node:path';
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import { runBundle, writingCodeCache } from './code-cache';
import { namedV8Flags, setV8Flags } from './v8-flags';

/**
 * A parse worker's entry (dist/parse-worker.cjs): runs the worker bundle (dist/parse-worker-main.cjs,
 * lib/node/parse-worker.ts) with its code cache (lib/node/code-cache.ts). It is bundled as
 * CommonJS, hence `__dirname`: a worker whose entry is CommonJS answered its first message ~10 ms
 * sooner here than one whose entry is an ES module (no ES module loader to set up in the worker).
 */
// The command's V8 flags, when the CLI left them to its workers (lib/node/early-workers.ts says
// why): set now that this isolate has booted, before its bundle (and code cache) loads. An early
// worker is given them; one a pool starts later finds them named in the environment it copied
// (lib/cli/launch.ts). Each sets them: the same flags again change nothing, and the process has
// them as soon as any worker has booted.
const given = (workerData as { v8Flags?: unknown } | null)?.v8Flags;
const v8Flags = typeof given === 'string' ? given : namedV8Flags();
const flagsHere = v8Flags !== '';
if (flagsHere) setV8Flags(v8Flags);
const worker = runBundle(join(__dirname, 'parse-worker-main.cjs'));
if (process.env.WAITSCOPE_TIMING === '1') {
  if (flagsHere) process.stderr.write(`timing: V8 flags ${v8Flags} set by a parse worker\n`);
  process.stderr.write(`timing: code cache of a parse worker ${worker.state}\n`);
}

// The build's warm-up run: a worker is terminated, never exits by itself, so it writes its cache
// each time it has finished a task (the last write, with the most functions compiled, stays).
// It writes before it replies: written after, the main thread could take the last reply, end the
// pool and exit between the write and its rename, leaving no cache (seen once in CI).
const port = parentPort;
if (writingCodeCache() && port) {
  const post = port.postMessage.bind(port);
  port.postMessage = (message: { kind?: string }, transfer?: readonly TransferListItem[]) => {
    if (message.kind === 'range-done' || message.kind === 'file-done') worker.writeCache();
    post(message, transfer);
  };
}
