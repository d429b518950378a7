import { closeSync, createReadStream } from 'node:fs';
import { openMember, type MemberLocator } from '../archive/archive-members';
import { sliceAccess, type RandomAccess } from '../archive/random-access';
import { inputFileSize, namedReads, openInputFile, readSyncAt } from './file-error';

/**
 * Chunk size for reading traces. Large chunks keep per-chunk overhead negligible; the stream
 * reads one chunk ahead on libuv's thread pool, so reading overlaps parsing, and memory stays
 * at about two chunks whatever the file size.
 */
export const READ_CHUNK_BYTES = 4 << 20;

/** The bytes of `path` (or of [start, end)) as Node Buffers, pulled with back-pressure. */
export function fileChunks(path: string, range?: { start: number; end: number }): AsyncIterable<Uint8Array> {
  if (range && range.end <= range.start) return (async function* () {})();
  const stream = createReadStream(path, {
    highWaterMark: READ_CHUNK_BYTES,
    ...(range ? { start: range.start, end: range.end - 1 } : {}),
  });
  return namedReads(path, stream, range?.start ?? 0);
}

/** One input of a dataset: a file on disk, or a member of an archive on disk (lib/archive). */
export interface InputSource {
  /** The file on disk (the archive, for a member). */
  path: string;
  /** As shown to the user (`archive.zip:dir/x.trc` for a member). */
  name: string;
  member?: MemberLocator;
}

/**
 * The one opener for every pass over an input (the parse, outliers' co-occurrence and context
 * lines, lgwr): a file's bytes, or a member's bytes as stored in its archive (a .trc.gz member is
 * still gzip: the parser unwraps it). `range` is within the member, and only for a member that is
 * stored in place (`member.span`); for any other member `range` must be absent.
 */
export function openInput(input: InputSource, range?: { start: number; end: number }): AsyncIterable<Uint8Array> {
  const member = input.member;
  if (!member) return fileChunks(input.path, range);
  const span = member.span;
  if (span) return fileChunks(input.path, range ? { start: span.start + range.start, end: span.start + Math.min(range.end, span.end - span.start) } : span);
  if (range) throw new Error(`${input.name} is compressed inside its archive: it is read from its start, never from an offset`);
  return openMember(fileAccess(input.path), member);
}

/**
 * A file on disk as RandomAccess (lib/archive): small reads (a zip's directory, headers) are
 * synchronous, each opening the file for itself, so nothing is left open when a pass stops early;
 * member bytes are streamed like a file's.
 */
export function fileAccess(path: string, size = inputFileSize(path)): RandomAccess {
  return {
    size,
    // async: a failure (the file gone, an I/O error) is a rejection, as RandomAccess promises, not a throw.
    read: async (offset, length) => {
      const fd = openInputFile(path);
      try {
        const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        return buf.subarray(0, readSyncAt(path, fd, buf, buf.length, offset));
      } finally {
        closeSync(fd);
      }
    },
    stream: (start, end) => fileChunks(path, { start, end }),
  };
}

/** An input's bytes at any offset (a file, a member stored in place), or null for a member compressed in its archive. */
export function inputAccess(input: InputSource): RandomAccess | null {
  const span = input.member ? input.member.span : null;
  if (!input.member) return fileAccess(input.path);
  return span ? sliceAccess(fileAccess(input.path), span.start, span.end) : null;
}
