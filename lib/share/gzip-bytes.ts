/**
 * Whole-buffer gzip with CompressionStream / DecompressionStream, which browsers and Node (18+)
 * both have. A report is a few MB at most, so buffers are fine here (unlike trace files).
 */
import { readLimited } from './read-limited';

function through(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream): ReadableStream<Uint8Array> {
  return new Blob([bytes]).stream().pipeThrough(transform);
}

export async function gzipBytes(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const out = await readLimited(through(bytes, new CompressionStream('gzip')), Number.POSITIVE_INFINITY);
  return out!;
}

export type GunzipResult = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; code: 'corrupt' | 'too-large' };

/**
 * Inflates at most `limit` bytes: a few hundred KB of gzip can inflate to gigabytes, and this
 * runs on whatever a link points at.
 */
export async function gunzipBytes(bytes: Uint8Array<ArrayBuffer>, limit: number): Promise<GunzipResult> {
  try {
    const out = await readLimited(through(bytes, new DecompressionStream('gzip')), limit);
    return out ? { ok: true, bytes: out } : { ok: false, code: 'too-large' };
  } catch {
    // DecompressionStream rejects bad headers, bad checksums and data cut short.
    return { ok: false, code: 'corrupt' };
  }
}
