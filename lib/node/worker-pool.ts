import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { isWorkerScript, PARSE_WORKER_URL, takeStartedWorkers } from './early-workers';
import type { ParseReply, ParseTask } from './parse-protocol';
import { runTask } from './run-task';

type Done = Extract<ParseReply, { kind: 'file-done' | 'range-done' }>;

interface Pending {
  task: ParseTask;
  resolve: (reply: Done) => void;
  reject: (error: Error) => void;
}

/**
 * Runs parse tasks on the calling thread and on worker threads, one task per thread at a time.
 * The calling thread takes a task too: one isolate fewer to start and warm up. This is the one
 * place that creates parse workers. Without the bundled worker script (tests running the
 * sources), or with one core, every task runs on the calling thread: same code, same results.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private hereBusy = false;
  readonly size: number;

  constructor(
    private readonly onProgress: (taskId: number, bytes: number) => void,
    requested = availableParallelism(),
    private readonly workerUrl = PARSE_WORKER_URL,
  ) {
    this.size = isWorkerScript(workerUrl) ? Math.max(1, requested) : 1;
    const early = takeStartedWorkers(workerUrl, this.size - 1);
    for (let i = 1; i < this.size; i++) {
      const worker = early.pop() ?? new Worker(workerUrl);
      worker.on('message', (reply: ParseReply) => this.onReply(worker, reply));
      worker.on('error', (error) => this.onError(worker, error));
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  run(task: ParseTask): Promise<Done> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private runHere(pending: Pending): void {
    this.hereBusy = true;
    const { task } = pending;
    runTask(task, (bytes) => this.onProgress(task.id, bytes))
      .then(
        (done) =>
          pending.resolve(
            done.kind === 'file'
              ? { kind: 'file-done', id: task.id, result: done.result }
              : { kind: 'range-done', id: task.id, scan: done.scan, histogram: done.histogram },
          ),
        (error: unknown) => pending.reject(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        this.hereBusy = false;
        this.dispatch();
      });
  }

  private dispatch(): void {
    if (!this.hereBusy && this.queue.length > 0) this.runHere(this.queue.shift() as Pending);
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const pending = this.queue.shift() as Pending;
      this.running.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }

  private onReply(worker: Worker, reply: ParseReply): void {
    if (reply.kind === 'progress') {
      this.onProgress(reply.id, reply.bytes);
      return;
    }
    const pending = this.running.get(worker);
    this.running.delete(worker);
    this.idle.push(worker);
    if (pending) {
      if (reply.kind === 'failed') pending.reject(new Error(reply.message));
      else pending.resolve(reply);
    }
    this.dispatch();
  }

  private onError(worker: Worker, error: Error): void {
    const pending = this.running.get(worker);
    this.running.delete(worker);
    pending?.reject(error);
  }
}
