import { readLimited } from '../share/read-limited';
/**
 * Reads a request body up to a limit, refusing early on Content-Length and otherwise stopping the
 * read as soon as the limit is passed (a chunked upload has no length to trust).
 */
export type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: 'too-large' };

export async function readBodyLimited(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  // Content-Length can be absent or wrong: the limit is also kept while the body streams in.
  const bytes = await readLimited(request.body, limit);
  return bytes ? { ok: true, bytes } : { ok: false, reason: 'too-large' };
}
