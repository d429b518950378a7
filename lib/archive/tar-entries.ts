/**
 * The members of a tar, tar.gz or tar.xz, streamed with tar-stream: the archive is read once, front to
 * back, each member's bytes handed on as they arrive (never held whole). A plain tar read from
 * RandomAccess also says where each member's bytes lie (tar stores them as they are), so the CLI
 * can read a large member in place, in ranges on all cores, as it reads a plain file.
 */
import { extract as tarExtract, type Header } from 'tar-stream';
import { gunzip, CompressedDataError, cutText } from '../trace/compression';
import { unxz } from '../trace/xz-unwrap';
import { ArchiveError, count, guardExpansion, MemberCutError, type ArchiveLimits } from './archive-error';
import { coalesce, counted, type ArchiveEntry } from './archive-entry';

type TarEntryStream = AsyncIterable<Uint8Array> & { header: Header & { byteOffset?: number }; resume(): void; once(event: string, f: () => void): void; destroyed: boolean };

interface TarExtract extends AsyncIterable<TarEntryStream> {
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(error?: Error): void;
  destroyed: boolean;
  once(event: 'drain' | 'close', f: () => void): void;
  off(event: 'drain' | 'close', f: () => void): void;
}

/** Waits until the extract takes more (or is gone), leaving no listener behind. */
function writable(extract: TarExtract): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      extract.off('drain', done);
      extract.off('close', done);
      resolve();
    };
    extract.once('drain', done);
    extract.once('close', done);
  });
}

/** Members whose bytes came to their end ('end' fired). */
const ended = new WeakSet<TarEntryStream>();

/** `packed`: the tar's compression; `inPlace`: the tar is read from RandomAccess at its offset 0 (a plain tar): members get spans. */
export async function* tarEntries(source: AsyncIterable<Uint8Array>, packed: 'none' | 'gzip' | 'xz', name: string, inPlace: boolean, limits: ArchiveLimits): AsyncGenerator<ArchiveEntry> {
  let compressed = 0;
  const unwrap = packed === 'gzip' ? gunzip : packed === 'xz' ? unxz : null;
  const bytes = unwrap ? coalesce(guardExpansion(unwrap(counted(source, (n) => (compressed += n))), () => compressed, name, limits)) : source;
  // streamx's Writable, typed by @types/tar-stream as Node's: only what is used here.
  const extract = tarExtract() as unknown as TarExtract;
  let pumpError: unknown = null;
  const pump = (async () => {
    try {
      for await (const chunk of bytes) {
        if (extract.destroyed) return;
        if (!extract.write(chunk)) await writable(extract);
      }
      extract.end();
    } catch (error) {
      pumpError = error;
      extract.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  const entries = extract[Symbol.asyncIterator]();
  let current: TarEntryStream | null = null;
  // The last member, when its bytes did not come to their end: a cut archive is cut inside it.
  let cutInside: string | null = null;
  try {
    for (;;) {
      let next: IteratorResult<TarEntryStream>;
      try {
        next = await entries.next();
      } catch (error) {
        throw archiveFailure(name, pumpError ?? error, cutInside);
      }
      if (next.done) break;
      const entry = next.value;
      entry.once('end', () => ended.add(entry));
      current = entry;
      const h = entry.header;
      if (h.type !== 'file' && h.type !== 'contiguous-file') {
        await drain(entry);
        continue;
      }
      cutInside = null;
      const size = h.size ?? 0;
      const path = h.name;
      const start = h.byteOffset;
      yield {
        path,
        size,
        span: inPlace && packed === 'none' && start !== undefined ? { start, end: start + size } : null,
        problem: null,
        open: () => entryBytes(entry, size, `${name}:${path}`, () => pumpError),
      };
      if (!(await drain(entry))) cutInside = path;
      current = null;
    }
  } finally {
    if (current) current.resume();
    if (!extract.destroyed) extract.destroy();
    await pump;
  }
}

/** A member's bytes; a cut archive says how far the member got. The iterator is never returned early: that would destroy the whole extract. */
async function* entryBytes(entry: TarEntryStream, size: number, name: string, pumpError: () => unknown): AsyncGenerator<Uint8Array> {
  const it = entry[Symbol.asyncIterator]();
  let got = 0;
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await it.next();
    } catch (error) {
      const cause = pumpError() ?? error;
      if (isCut(cause)) throw new MemberCutError(got, size);
      throw cause instanceof ArchiveError ? cause : new ArchiveError(`${name}: ${describe(cause)}, after ${count(got)} of ${count(size)} bytes`);
    }
    if (next.done) break;
    got += next.value.length;
    yield next.value;
  }
  if (got < size) throw new MemberCutError(got, size);
}

/** Reads the rest of a member unused; true when it came to its end, false when the archive failed inside it. */
function drain(entry: TarEntryStream): Promise<boolean> {
  if (ended.has(entry)) return Promise.resolve(true);
  if (entry.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    entry.once('end', () => resolve(true));
    entry.once('close', () => resolve(ended.has(entry)));
    entry.resume();
  });
}

const isCut = (error: unknown) => (error instanceof CompressedDataError && !error.fromSource && error.message === cutText(error.format)) || (error instanceof Error && error.message === 'Unexpected end of data');

function describe(error: unknown): string {
  if (error instanceof CompressedDataError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The archive failed between members, or inside `cutInside` (a member whose bytes did not come to their end). */
function archiveFailure(name: string, error: unknown, cutInside: string | null): Error {
  if (error instanceof ArchiveError) return error;
  if (isCut(error)) return new ArchiveError(cutInside ? `${name}:${cutInside}: the archive is cut short inside this member` : `${name}: the archive is cut short (it ends inside a tar header)`, cutInside);
  return new ArchiveError(`${name}: the archive is damaged (${describe(error)})`);
}
