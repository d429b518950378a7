/** The analysis worker's side of the slice reader (slice-reader-worker.ts): a SliceReader over a MessagePort. */
import type { SliceReader } from './blob-chunks';

export interface SliceRequest {
  id: number;
  blob: Blob;
  start: number;
  end: number;
}

export type SliceResponse = { id: number; buffer: ArrayBuffer } | { id: number; error: string };

export function portSliceReader(port: MessagePort): SliceReader {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (b: ArrayBuffer) => void; reject: (e: Error) => void }>();
  port.onmessage = (event: MessageEvent<SliceResponse>) => {
    const reply = event.data;
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('buffer' in reply) w.resolve(reply.buffer);
    else w.reject(new Error(reply.error));
  };
  return (blob, start, end) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, blob, start, end } satisfies SliceRequest);
    });
}
