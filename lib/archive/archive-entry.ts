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
