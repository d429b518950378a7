import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { isWorkerScript, parseWorkerUrl, takeStartedWorkers } from './early-workers';
import type { ParseReply, ParseTask } from './parse-protocol';
import { doneReply, runTask } from './run-task';
import { FileError } from './file-error';

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
type Done = Extract<ParseReply, { kind: 'file-done' | 'range-done' | 'export-calls-done' }>;

interface Pending {
  task: ParseTask;
  onBytes: (bytes: number) => void;
  resolve: (reply: Done) => void;
  reject: (error: Error) => void;
}

/**
 * Runs parse tasks on the calling thread and on worker threads, one task per thread at a time.
 * The calling thread takes a task too (one isolate fewer to start and warm up), unless it has
 * work of its own (the constructor's `callingThread`). This is the one
 * place that creates parse workers. Without the bundled worker script (tests running the
 * sources), or with one core, every task runs on the calling thread: same code, same results.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly queue: Pending[] = [];
  /** Per worker, the tasks sent to it and not answered yet, oldest first (it runs them in order). */
  private readonly running = new Map<Worker, Pending[]>();
  private hereBusy = false;
  /** Set by retire(): workers stop as soon as they are idle. */
  private retired = false;
  /** Set by close(): a task running on this thread stops at its next chunk. */
  private closed = false;
  private readonly stopping: Promise<number>[] = [];
  private nextId = 0;
  /** Whether tasks run on the calling thread too (always when there is no worker). */
  private here: boolean;
  /** Threads that take tasks. */
  size: number;

  /**
   * `requested` threads in all: the calling thread and requested - 1 workers. `callingThread`
   * false: the calling thread has its own work (the Parquet export writes waits.parquet while a
   * worker writes calls.parquet), so tasks go to the workers only, unless there is none or they
   * have been let go (retire).
   */
  constructor(
    requested = availableParallelism(),
    private readonly workerUrl = parseWorkerUrl(),
    callingThread = true,
  ) {
    const threads = isWorkerScript(workerUrl) ? Math.max(1, requested) : 1;
    const early = takeStartedWorkers(workerUrl, threads - 1);
    for (let i = 1; i < threads; i++) {
      const worker = early.pop() ?? new Worker(workerUrl);
      worker.on('message', (reply: ParseReply) => this.onReply(worker, reply));
      worker.on('error', (error) => this.onError(worker, error));
      this.workers.push(worker);
      this.running.set(worker, []);
    }
    this.here = callingThread || this.workers.length === 0;
    this.size = this.workers.length + (this.here ? 1 : 0);
  }

  /**
   * Ranges the pool can take at once without leaving a thread idle: one on this thread (when it
   * takes tasks), and on each worker one running and one sent ahead (see dispatch).
   */
  get capacity(): number {
    return 2 * this.workers.length + (this.here ? 1 : 0);
  }

  /**
   * From now on the calling thread has work of its own, as if made with `callingThread` false:
   * the export's first pass runs on every thread, then its calls table goes to a worker of the
   * same pool, already booted and warm (a new one started its pass ~0.1 s late).
   */
  workersOnly(): void {
    this.here = this.workers.length === 0;
    this.size = this.workers.length + (this.here ? 1 : 0);
  }

  /** Runs a task (its id is the pool's); `onBytes` hears the bytes it has read so far. */
  run(task: DistributiveOmit<ParseTask, 'id'>, onBytes: (bytes: number) => void = () => {}): Promise<Done> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...task, id: this.nextId++ } as ParseTask, onBytes, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker, busy or not (a task in flight on one is abandoned: the caller has failed or is done). */
  async close(): Promise<void> {
    this.retired = true;
    this.closed = true;
    for (const worker of [...this.workers]) this.stop(worker);
    await Promise.all(this.stopping);
  }

  /** Worker threads not stopped yet (retire() stops them as they go idle). */
  get liveWorkers(): number {
    return this.workers.length;
  }

  /** Whether a thread is free and no task waits for one: a range's tail may then be split off for it. */
  idle(): boolean {
    if (this.queue.length > 0) return false;
    return (this.takesHere() && !this.hereBusy) || this.workers.some((w) => (this.running.get(w) as Pending[]).length === 0);
  }

  /**
   * No task will need a worker any more: each stops now, or when its task ends, without waiting.
   * A worker's isolate takes ~10-15 ms to tear down; stopped before the calling thread joins the
   * ranges, that runs beside the join instead of after it. Tasks run after this (a file read whole
   * after its ranges could not be joined) run on the calling thread.
   */
  retire(): void {
    this.retired = true;
    for (const worker of [...this.workers]) if ((this.running.get(worker) as Pending[]).length === 0) this.stop(worker);
  }

  private stop(worker: Worker): void {
    this.workers.splice(this.workers.indexOf(worker), 1);
    this.running.delete(worker);
    this.stopping.push(worker.terminate());
  }

  private runHere(pending: Pending): void {
    this.hereBusy = true;
    const { task } = pending;
    // Free before the caller hears of the result: a caller that then asks idle() (a range queue
    // about to split a tail for this thread) must find this thread free.
    const settle = (finish: () => void) => {
      this.hereBusy = false;
      finish();
      this.dispatch();
    };
    // After close() the task stops at its next chunk: the caller has failed or is done, and a
    // task on this thread cannot be terminated as a worker is.
    const onBytes = (bytes: number) => {
      if (this.closed) throw new Error('stopped: the parse pool was closed');
      pending.onBytes(bytes);
    };
    runTask(task, onBytes).then(
      (done) => settle(() => pending.resolve(doneReply(task.id, done))),
      (error: unknown) => settle(() => pending.reject(error instanceof Error ? error : new Error(String(error)))),
    );
  }

  /**
   * A worker gets a second task while it runs one, as long as more tasks wait than there are
   * threads: it then starts the next range at once, instead of after its reply has reached this
   * thread (which parses too, so it reads messages only between chunks) and the task has come
   * back. Near the end, one at a time, so no thread waits while another has two.
   */
  private dispatch(): void {
    if (this.takesHere() && !this.hereBusy && this.queue.length > 0) this.runHere(this.queue.shift() as Pending);
    for (const worker of this.retired ? [] : this.workers) {
      const sent = this.running.get(worker) as Pending[];
      while (this.queue.length > 0 && (sent.length === 0 || (sent.length === 1 && this.queue.length > this.size))) {
        const pending = this.queue.shift() as Pending;
        sent.push(pending);
        worker.postMessage(pending.task);
      }
    }
  }

  /** Tasks run here when the pool shares this thread, or when no worker is left to take them. */
  private takesHere(): boolean {
    return this.here || this.retired || this.workers.length === 0;
  }

  private onReply(worker: Worker, reply: ParseReply): void {
    if (reply.kind === 'progress') {
      this.running.get(worker)?.find((p) => p.task.id === reply.id)?.onBytes(reply.bytes);
      return;
    }
    const sent = this.running.get(worker);
    const pending = sent?.shift();
    if (this.retired && sent?.length === 0) this.stop(worker);
    if (pending) {
      if (reply.kind === 'failed') pending.reject(reply.file ? new FileError(reply.message) : new Error(reply.message));
      else pending.resolve(reply);
    }
    this.dispatch();
  }

  private onError(worker: Worker, error: Error): void {
    const sent = this.running.get(worker) ?? [];
    this.running.delete(worker);
    const at = this.workers.indexOf(worker);
    if (at >= 0) this.workers.splice(at, 1); // it is gone: later tasks go to the others
    for (const pending of sent.splice(0)) pending.reject(error);
    this.dispatch(); // tasks still queued go to the other workers, or to this thread when none is left
  }
}
