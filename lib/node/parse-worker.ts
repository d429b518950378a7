import { parentPort, type MessagePort } from 'node:worker_threads';
import { LineKernel } from '../trace/kernel/line-kernel';
import { rangeBuffers, sampleBuffers } from '../trace/scan-range';
import type { ParseReply, ParseTask } from './parse-protocol';
import { doneReply, runTask } from './run-task';
import { FileError } from './file-error';

/** Worker entry: tiny on purpose (style.md §5); all the work is in run-task and lib/trace. */
const port = parentPort;
if (!port) throw new Error('parse-worker must run as a worker thread');

// Tasks run one after the other, in the order sent (the pool may send the next one early).
let previous: Promise<void> = Promise.resolve();
port.on('message', (task: ParseTask) => {
  previous = previous.then(() => run(task));
});

function run(task: ParseTask): Promise<void> {
  const reply = (message: ParseReply, transfer: ArrayBuffer[] = []) => (port as MessagePort).postMessage(message, transfer);
  return runTask(task, (bytes) => reply({ kind: 'progress', id: task.id, bytes }))
    .then((done) => {
      reply(doneReply(task.id, done), done.kind === 'file' ? sampleBuffers(done.result.samples) : done.kind === 'range' ? rangeBuffers(done) : []);
    })
    .catch((error: unknown) => reply({ kind: 'failed', id: task.id, message: error instanceof Error ? error.message : String(error), file: error instanceof FileError }));
}

// Started early (lib/node/early-workers.ts), a worker may wait for its first task: compile the
// line kernel and ready its instance meanwhile.
LineKernel.warmUp();
