import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseReply, ParseTask } from './parse-protocol';
import { runTask } from './run-task';

type Done = Extract<ParseReply, { kind: 'file-done' | 'range-done' }>;

interface Pending {
  task: ParseTask;
  resolve: (reply: Done) => void;
  reject: (error: Error) => void;
}

/**
 * Runs parse tasks on worker threads, one task per worker at a time. This is the one place
 * that creates parse workers. Without the bundled worker script (tests running the sources),
 * or with one core, tasks run on the calling thread instead: same code, same results.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  readonly size: number;

  constructor(
    private readonly onProgress: (taskId: number, bytes: number) => void,
    requested = availableParallelism(),
    private readonly workerUrl = new URL('./parse-worker.mjs', import.meta.url),
  ) {
    const usable = workerUrl.protocol === 'file:' && existsSync(fileURLToPath(workerUrl));
    this.size = usable ? Math.max(1, requested) : 1;
    if (!usable || this.size === 1) return;
    for (let i = 0; i < this.size; i++) {
      const worker = new Worker(workerUrl);
      worker.on('message', (reply: ParseReply) => this.onReply(worker, reply));
      worker.on('error', (error) => this.onError(worker, error));
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  run(task: ParseTask): Promise<Done> {
    if (this.workers.length === 0) return this.runHere(task);
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private async runHere(task: ParseTask): Promise<Done> {
    const done = await runTask(task, (bytes) => this.onProgress(task.id, bytes));
    return done.kind === 'file' ? { kind: 'file-done', id: task.id, result: done.result } : { kind: 'range-done', id: task.id, scan: done.scan };
  }

  private dispatch(): void {
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
