/**
 * What can go wrong inside an archive, in words that name the archive and the member. Two kinds:
 * a member cut short (`MemberCutError`, a CompressedDataError, so the parser keeps what came before and warns,
 * as it does for a cut .trc.gz), and everything else (`ArchiveError`: the member gives nothing).
 */
import { CompressedDataError } from '../trace/compression';

export class ArchiveError extends Error {
  /** `cutInside`: the member the archive was cut inside, whose own read says how far it got. */
  constructor(
    message: string,
    readonly cutInside: string | null = null,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** The member's bytes stop before its stated size: the archive was cut short (copied short, still being written). */
export class MemberCutError extends CompressedDataError {
  constructor(got: number, of: number | null) {
    super(of === null ? `the archive ends inside this member, after ${count(got)} bytes of it` : `the member ends after ${count(got)} of ${count(of)} bytes (the archive is cut short)`);
  }
}

export const count = (n: number) => n.toLocaleString('en-US');

/**
 * The zip bomb limit: a member may expand to at most MAX_EXPANSION_RATIO times its compressed size.
 * Oracle traces deflate 8-15× (the synthetic commit loop 10.7×); deflate itself cannot pass ~1,032×,
 * so beyond 200× the member is all but empty repetition. Small members are not judged (a tiny
 * trace of repeated lines may pass 200×): only once EXPANSION_JUDGED_AFTER bytes came out.
 * Nesting multiplies ratios, so it stops at one level (MAX_NESTING).
 */
export const MAX_EXPANSION_RATIO = 200;
export const EXPANSION_JUDGED_AFTER = 16 << 20;
/** An archive inside an archive is read; one inside that is refused. */
export const MAX_NESTING = 1;

export interface ArchiveLimits {
  maxExpansionRatio: number;
  expansionJudgedAfter: number;
}
export const ARCHIVE_LIMITS: ArchiveLimits = { maxExpansionRatio: MAX_EXPANSION_RATIO, expansionJudgedAfter: EXPANSION_JUDGED_AFTER };

/** zip compression methods by number (APPNOTE.TXT 4.4.5), to say which one is not read. */
const METHODS: Record<number, string> = { 1: 'Shrink', 6: 'Implode', 9: 'Deflate64', 12: 'bzip2', 14: 'LZMA', 19: 'IBM LZ77', 93: 'Zstandard', 95: 'xz', 96: 'JPEG', 97: 'WavPack', 98: 'PPMd', 99: 'AES-encrypted' };
export const methodName = (method: number) => `method ${method}${METHODS[method] ? ` (${METHODS[method]})` : ''}`;

/**
 * Throws when inflated bytes outgrow their compressed bytes past the limit. `compressedSoFar` is
 * read at each check, so a stream (tar.gz) can count what it has consumed.
 */
export async function* guardExpansion(inflated: AsyncIterable<Uint8Array>, compressedSoFar: () => number, name: string, limits: ArchiveLimits): AsyncGenerator<Uint8Array> {
  let out = 0;
  for await (const chunk of inflated) {
    out += chunk.length;
    const compressed = compressedSoFar();
    if (out >= limits.expansionJudgedAfter && out > limits.maxExpansionRatio * compressed) {
      throw new ArchiveError(`${name}: stopped as a zip bomb: it expanded more than ${count(limits.maxExpansionRatio)}× its compressed size (${count(out)} bytes from ${count(compressed)}), waitscope's limit`);
    }
    yield chunk;
  }
}
