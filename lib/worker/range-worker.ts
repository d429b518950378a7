/**
 * A second worker that scans byte ranges of large plain traces for the analysis worker, so a
 * 1 GiB file is parsed on both cores (as the CLI does with threads). worker-client.ts starts it and
 * connects it to the analysis worker with a MessagePort.
 */
import type { RangeReply, RangeRequest } from './range-port';
import { scanBlobRange } from './range-scan';
import { rangeBuffers } from '../trace/scan-range';

interface Scope {
  onmessage: ((event: MessageEvent<{ port: MessagePort }>) => void) | null;
}

const PROGRESS_EVERY_BYTES = 8 << 20;

(globalThis as unknown as Scope).onmessage = (event) => {
  const port = event.data.port;
  const running = new Map<number, AbortController>();
  const reply = (m: RangeReply) => port.postMessage(m);
  port.onmessage = async (e: MessageEvent<RangeRequest>) => {
    const m = e.data;
    if (m.type === 'cancel') return running.get(m.id)?.abort();
    const abort = new AbortController();
    running.set(m.id, abort);
    let reported = 0;
    try {
      const result = await scanBlobRange(m.task, abort.signal, (bytes) => {
        if (bytes - reported < PROGRESS_EVERY_BYTES) return;
        reported = bytes;
        reply({ type: 'progress', id: m.id, bytes });
      });
      // Moved, not copied: the samples and the histogram are this worker's no more.
      port.postMessage({ type: 'done', id: m.id, result } satisfies RangeReply, rangeBuffers(result));
    } catch (error) {
      reply({ type: 'failed', id: m.id, message: error instanceof Error ? error.message : String(error), cancelled: abort.signal.aborted });
    } finally {
      running.delete(m.id);
    }
  };
  reply({ type: 'ready' });
};
