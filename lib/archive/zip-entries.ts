/**
 * The members of a zip, read with zip.js from RandomAccess: the central directory at the end says
 * what is inside, then each member's bytes are streamed (inflated in pieces, never held whole).
 * zip.js runs on the calling thread (`useWebWorkers: false`): the CLI's parse workers and the page's
 * worker are threads already, and inflating is DecompressionStream's native code either way.
 */
import { Reader, ZipReader, type Entry, type FileEntry } from '@zip.js/zip.js/lib/zip-core-native.js';
import { streamChunks, type RandomAccess } from './random-access';
import { ArchiveError, guardExpansion, methodName, type ArchiveLimits } from './archive-error';
import { coalesce, type ArchiveEntry } from './archive-entry';

const STORED = 0;
const DEFLATED = 8;
const LOCAL_HEADER_BYTES = 30;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;

export async function* zipEntries(access: RandomAccess, name: string, limits: ArchiveLimits): AsyncGenerator<ArchiveEntry> {
  const reader = new ZipReader(new AccessReader(access), { useWebWorkers: false });
  let entries: Entry[];
  try {
    entries = await reader.getEntries();
  } catch (error) {
    throw new ArchiveError(`${name}: ${zipFailure(error)}`);
  }
  try {
    for (const e of entries) {
      if (e.directory) continue;
      const problem = e.encrypted
        ? 'is encrypted: waitscope reads no passwords, so unzip it first'
        : e.compressionMethod !== STORED && e.compressionMethod !== DEFLATED
          ? `uses compression ${methodName(e.compressionMethod)}, which waitscope does not read (it reads stored and deflated members): unzip it first`
          : null;
      const member = `${name}:${e.filename}`;
      yield {
        path: e.filename,
        size: e.uncompressedSize,
        span: problem === null && e.compressionMethod === STORED ? await storedSpan(access, e) : null,
        problem,
        open: () => coalesce(guardExpansion(memberBytes(e, member), () => e.compressedSize, member, limits)),
      };
    }
  } finally {
    await reader.close();
  }
}

/**
 * Where a stored member's bytes lie: after its local header, whose name and extra field lengths may
 * differ from the central directory's (APPNOTE.TXT 4.3.7), so they are read from the header itself.
 */
async function storedSpan(access: RandomAccess, e: Entry): Promise<{ start: number; end: number } | null> {
  const h = await access.read(e.offset, LOCAL_HEADER_BYTES);
  if (h.length < LOCAL_HEADER_BYTES) return null;
  const view = new DataView(h.buffer, h.byteOffset, h.length);
  if (view.getUint32(0, true) !== LOCAL_HEADER_SIGNATURE) return null;
  const start = e.offset + LOCAL_HEADER_BYTES + view.getUint16(26, true) + view.getUint16(28, true);
  const end = start + e.compressedSize;
  return end <= access.size ? { start, end } : null;
}

/**
 * A member's inflated bytes, pulled with back-pressure through a TransformStream zip.js writes into.
 * A failure of zip.js errors the stream's readable side, so the read in progress fails with it (a
 * Promise.race against a promise that never settles would keep every chunk read: 1 GB for 1 GB).
 */
async function* memberBytes(e: FileEntry, member: string): AsyncGenerator<Uint8Array> {
  let pipe: TransformStreamDefaultController<Uint8Array> | null = null;
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>({ start: (c) => void (pipe = c) });
  e.getData(writable, { useWebWorkers: false }).catch((error: unknown) => {
    try {
      pipe?.error(error);
    } catch {
      // already closed or cancelled: the reader has what it needs
    }
  });
  try {
    yield* streamChunks(readable);
  } catch (error) {
    throw new ArchiveError(`${member}: ${zipFailure(error)}`);
  }
}

/** zip.js's message, in words for the person whose archive it is. */
function zipFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/end of central directory/i.test(message)) return 'no zip central directory at its end: the zip is cut short or damaged';
  if (/crc|signature|compressed data|uncompressed size/i.test(message)) return `the member is damaged (${message})`;
  return `the zip cannot be read (${message})`;
}

/**
 * zip.js's Reader over RandomAccess: zip.js reads the end of central directory, the central
 * directory and then each member's bytes in chunks, each one `readUint8Array` call here.
 */
class AccessReader extends Reader<RandomAccess> {
  constructor(private readonly access: RandomAccess) {
    super(access);
    this.size = access.size;
  }

  override readUint8Array(index: number, length: number): Promise<Uint8Array> {
    return this.access.read(index, length);
  }

  /** A member's bytes through the source's own stream (a file read ahead on libuv's pool, `Blob.stream()`), not 256 KiB reads one by one. */
  override createReadable(options: { offset?: number; size?: number } = {}): ReadableStream<Uint8Array> {
    const offset = options.offset ?? 0;
    const end = options.size === undefined ? this.access.size : Math.min(this.access.size, offset + options.size);
    const chunks = this.access.stream(offset, end)[Symbol.asyncIterator]();
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel() {
          await chunks.return?.();
        },
      },
      { highWaterMark: 0 },
    );
  }
}
