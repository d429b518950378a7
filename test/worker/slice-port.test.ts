import { describe, expect, it } from 'vitest';
import { portSliceReader, type SliceRequest } from '../../lib/worker/slice-port';

const blob = new Blob([new TextEncoder().encode('0123456789abcdef')]);
const text = (b: ArrayBuffer) => new TextDecoder().decode(b);

describe('portSliceReader', () => {
  it('reads through a reader worker that said it is ready', async () => {
    const { port1, port2 } = new MessageChannel();
    port2.onmessage = async (e: MessageEvent<SliceRequest>) => {
      const buffer = await e.data.blob.slice(e.data.start, e.data.end).arrayBuffer();
      port2.postMessage({ id: e.data.id, buffer }, [buffer]);
    };
    port2.postMessage({ ready: true });
    const reader = portSliceReader(port1);
    await reader.ready;
    expect(text(await reader.read(blob, 4, 10))).toBe('456789');
    port1.close();
    port2.close();
  });

  it('finishes the pending reads of a reader that stopped on this thread', async () => {
    const { port1, port2 } = new MessageChannel();
    port2.onmessage = () => {}; // a reader that crashed: it never answers
    const reader = portSliceReader(port1);
    const pending = reader.read(blob, 10, 16);
    reader.lost();
    expect(text(await pending)).toBe('abcdef');
    expect(text(await reader.read(blob, 0, 3))).toBe('012'); // and later reads too
    port2.close();
  });
});
