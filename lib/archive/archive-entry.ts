/** One member of an archive as the format readers (zip-entries.ts, tar-entries.ts) hand it on. */
export interface ArchiveEntry {
  /** The member's path inside the archive, as stored. */
  path: string;
  /** The member's bytes as stored (after the archive's own compression), when the archive says. */
  size: number | null;
  /** Where those bytes lie in the archive when it stores them as they are and is random access. */
  span: { start: number; end: number } | null;
  /** Why it cannot be read (encrypted, a compression method not read), or null. */
  problem: string | null;
  /**
   * Its bytes (the archive's compression unwrapped). From a stream-read archive (tar, tar.gz, a
   * zip inside a zip), only until the walk moves on to the next member.
   */
  open(): AsyncIterable<Uint8Array>;
}

/** Counts bytes as they pass, for "how far it got" and the bomb check. */
export async function* counted(source: AsyncIterable<Uint8Array>, on: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    on(chunk.length);
    yield chunk;
  }
}

/** Inflaters hand out 16-64 KiB pieces; passed on in pieces of about this size, each later step (tar, the parser) runs ~30 times less often. */
export const COALESCED_BYTES = 1 << 20;

/** Joins small chunks into pieces of at least `bytes` (the last, and the last before a failure, may be smaller); a large chunk passes as it is. */
export async function* coalesce(source: AsyncIterable<Uint8Array>, bytes = COALESCED_BYTES): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let held = 0;
  const joined = () => {
    if (parts.length === 1) return parts[0] as Uint8Array;
    const out = new Uint8Array(held);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  try {
    for await (const chunk of source) {
      parts.push(chunk);
      held += chunk.length;
      if (held < bytes) continue;
      yield joined();
      parts = [];
      held = 0;
    }
  } catch (error) {
    // What came before a failure (a cut archive) is still the member's: handed on, then the failure.
    if (held > 0) yield joined();
    throw error;
  }
  if (held > 0) yield joined();
}
