/**
 * A second worker that only reads file slices and hands them to the analysis worker through a
 * MessagePort, transferring each ArrayBuffer (no copy). Chromium copies a Blob slice into memory on
 * the thread that asks for it: reading here lets the analysis worker parse one slice while this
 * one reads the next, on the other core. worker-client.ts starts it next to the analysis worker.
 */
import type { SliceRequest, SliceResponse } from './slice-port';

interface Scope {
  onmessage: ((event: MessageEvent<{ port: MessagePort }>) => void) | null;
}

(globalThis as unknown as Scope).onmessage = (event) => {
  const port = event.data.port;
  port.postMessage({ ready: true } satisfies SliceResponse);
  port.onmessage = async (e: MessageEvent<SliceRequest>) => {
    const { id, blob, start, end } = e.data;
    try {
      const buffer = await blob.slice(start, end).arrayBuffer();
      port.postMessage({ id, buffer } satisfies SliceResponse, [buffer]);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies SliceResponse);
    }
  };
};
