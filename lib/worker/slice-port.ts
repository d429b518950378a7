/**
 * The analysis worker's side of a slice reader (slice-reader-worker.ts): a SliceReader over a
 * MessagePort. A reader that never says it is ready (its script did not load) is never used; one
 * that stops (it crashed) has its pending reads done here instead, so a load never hangs on it.
 */
import { readSliceHere, type SliceReader } from './blob-chunks';

export interface SliceRequest {
  id: number;
  blob: Blob;
  start: number;
  end: number;
}

export type SliceResponse = { ready: true } | { id: number; buffer: ArrayBuffer } | { id: number; error: string };

interface Pending {
  blob: Blob;
  start: number;
  end: number;
  resolve: (b: ArrayBuffer) => void;
  reject: (e: Error) => void;
}

export interface PortReader {
  read: SliceReader;
  /** Resolves when the reader worker has started and answered. */
  ready: Promise<void>;
  /** The reader worker is gone: finish its pending reads on this thread. */
  lost(): void;
}

export function portSliceReader(port: MessagePort): PortReader {
  let nextId = 1;
  let alive = true;
  const waiting = new Map<number, Pending>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  port.onmessage = (event: MessageEvent<SliceResponse>) => {
    const reply = event.data;
    if ('ready' in reply) return markReady();
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('buffer' in reply) w.resolve(reply.buffer);
    else w.reject(new Error(reply.error));
  };
  return {
    ready,
    read: (blob, start, end) => {
      if (!alive) return readSliceHere(blob, start, end);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { blob, start, end, resolve, reject });
        port.postMessage({ id, blob, start, end } satisfies SliceRequest);
      });
    },
    lost: () => {
      alive = false;
      for (const w of waiting.values()) readSliceHere(w.blob, w.start, w.end).then(w.resolve, w.reject);
      waiting.clear();
      port.close();
    },
  };
}
