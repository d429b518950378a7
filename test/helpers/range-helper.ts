import { RangeHelper, type RangeReply, type RangeRequest } from '../../lib/worker/range-port';
import { scanBlobRange } from '../../lib/worker/range-scan';

/** A range worker in this process: the other end of a MessageChannel answering as range-worker.ts does. */
export function inProcessHelper(): { helper: RangeHelper; close: () => void } {
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = async (e: MessageEvent<RangeRequest>) => {
    const m = e.data;
    if (m.type !== 'scan') return;
    const result = await scanBlobRange(m.task, undefined, () => {});
    port2.postMessage({ type: 'done', id: m.id, result } satisfies RangeReply);
  };
  port2.postMessage({ type: 'ready' } satisfies RangeReply);
  return { helper: new RangeHelper(port1), close: () => (port1.close(), port2.close()) };
}
