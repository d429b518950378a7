import { closeSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { decompressedHead, sniffCompression } from '../trace/compression';
import { openInputFile, readSyncAt } from './file-error';

/**
 * A file's first `bytes` bytes, gzip unwrapped as far as they go (a partial stream is fine), for
 * telling what a file is by its content (find-inputs.ts, sysio-files.ts); null when they are gzip
 * that cannot be read.
 */
export function fileHead(path: string, bytes: number): Uint8Array | null {
  const fd = openInputFile(path);
  try {
    const buf = Buffer.alloc(bytes);
    const head = buf.subarray(0, readSyncAt(path, fd, buf, bytes, 0));
    if (head[0] !== 0x1f || head[1] !== 0x8b) return head;
    try {
      return gunzipSync(head, { finishFlush: 2 /* Z_SYNC_FLUSH */ }).subarray(0, bytes);
    } catch {
      return null;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's first `bytes` bytes of content: fileHead, and xz unwrapped too (only asynchronously: its
 * decoder is WebAssembly behind a stream). What the directory walk and the strace/fio sniff judge.
 */
export async function contentHead(path: string, bytes: number): Promise<Uint8Array | null> {
  const head = fileHead(path, bytes);
  return head !== null && sniffCompression(head).kind === 'xz' ? decompressedHead(head, bytes) : head;
}
