/**
 * The messages between the analysis worker and a range worker (range-worker.ts), over a
 * MessagePort that worker-client.ts hands to both, and the analysis worker's side of it.
 */
import type { RangeScan } from '../trace/scan-range';
import { CancelledError } from './file-chunks';
import type { BlobRangeTask } from './range-scan';

export type RangeRequest = { type: 'scan'; id: number; task: BlobRangeTask } | { type: 'cancel'; id: number };
export type RangeReply =
  | { type: 'ready' }
  | { type: 'progress'; id: number; bytes: number }
  | { type: 'done'; id: number; result: RangeScan }
  | { type: 'failed'; id: number; message: string; cancelled: boolean };

interface Waiting {
  resolve: (result: RangeScan) => void;
  reject: (error: Error) => void;
  onProgress: (bytes: number) => void;
}

/** A range worker as the analysis worker uses it; `lost()` fails what it was doing. */
export class RangeHelper {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private alive = true;
  readonly ready: Promise<void>;

  constructor(private readonly port: MessagePort) {
    let markReady: () => void = () => {};
    this.ready = new Promise((resolve) => (markReady = resolve));
    port.onmessage = (event: MessageEvent<RangeReply>) => {
      const m = event.data;
      if (m.type === 'ready') return markReady();
      const w = this.waiting.get(m.id);
      if (!w) return;
      if (m.type === 'progress') return w.onProgress(m.bytes);
      this.waiting.delete(m.id);
      if (m.type === 'done') w.resolve(m.result);
      else w.reject(m.cancelled ? new CancelledError() : new Error(m.message));
    };
  }

  scan(task: BlobRangeTask, signal: AbortSignal | undefined, onProgress: (bytes: number) => void): Promise<RangeScan> {
    if (!this.alive) return Promise.reject(new Error('the range worker stopped'));
    const id = this.nextId++;
    const done = new Promise<RangeScan>((resolve, reject) => this.waiting.set(id, { resolve, reject, onProgress }));
    signal?.addEventListener('abort', () => this.port.postMessage({ type: 'cancel', id } satisfies RangeRequest), { once: true });
    this.port.postMessage({ type: 'scan', id, task } satisfies RangeRequest);
    return done;
  }

  lost(): void {
    this.alive = false;
    for (const w of this.waiting.values()) w.reject(new Error('the range worker stopped'));
    this.waiting.clear();
  }
}
