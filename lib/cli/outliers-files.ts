import { open } from 'node:fs/promises';
import { fileChunks } from '../node/file-chunks';
import { streamedRangeReader } from '../outliers/streamed-reader';
import type { ReadRange } from '../outliers/context';

/**
 * Byte access to an input for the second pass and for context lines. `chunks` gives the file as
 * stored (the second pass decompresses it as the parser did, through lib/trace's scanTrace);
 * `read` reads in the decompressed coordinates the parser's offsets use. A plain file is read at
 * positions; a gzip file cannot be entered in the middle, so it is streamed forward, keeping a
 * window behind (streamedRangeReader): read its ranges in offset order.
 */
export interface InputBytes {
  chunks: () => AsyncIterable<Uint8Array>;
  read: ReadRange;
  close: () => Promise<void>;
}

export async function openInput(path: string): Promise<InputBytes> {
  const handle = await open(path, 'r');
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  const gzip = magic[0] === 0x1f && magic[1] === 0x8b;
  const chunks = () => fileChunks(path);
  const readPlain: ReadRange = async (start, end) => {
    const from = Math.max(0, start);
    const out = Buffer.alloc(Math.max(0, end - from));
    const { bytesRead } = await handle.read(out, 0, out.length, from);
    return out.subarray(0, bytesRead);
  };
  if (!gzip) return { chunks, read: readPlain, close: () => handle.close() };
  const streamed = streamedRangeReader(() => fileChunks(path));
  return { chunks, read: streamed.read, close: async () => void (await Promise.all([streamed.close(), handle.close()])) };
}
