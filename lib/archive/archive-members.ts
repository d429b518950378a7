/**
 * What an archive holds for waitscope, and one member's bytes again. The listing walks the archive
 * once and takes the members the directory rule takes (trace-pick.ts), one nested archive deep;
 * `openMember` is the one way back to a member's bytes for every later pass (parse, outliers,
 * context lines, profile), in the CLI and in the page.
 */
import { decompressedHead, peek } from '../trace/compression';
import { ARCHIVE_LIMITS, ArchiveError, count, MAX_NESTING, MemberCutError, type ArchiveLimits } from './archive-error';
import type { ArchiveEntry } from './archive-entry';
import { blobAccess, sliceAccess, type RandomAccess } from './random-access';
import { sniffArchive, type ArchiveFormat } from './sniff-archive';
import { isTraceName, looksLikeTraceHead, TRACE_SNIFF_BYTES } from './trace-pick';

/** Where a member is: its path in each archive from the outermost in, and its bytes' place in the outermost file when stored as they are. */
export interface MemberLocator {
  /** The archive's name as the user gave it (a path on the command line, a dropped file's path). */
  archive: string;
  chain: string[];
  span: { start: number; end: number } | null;
}

export interface ArchiveMember {
  /** `archive.zip:path/in/archive.trc` (`a.zip:logs.tar.gz:x.trc` one level down): the file's name in the dataset. */
  name: string;
  /** Its bytes as stored (a .trc.gz member counts its gzip bytes), for progress. */
  size: number;
  locator: MemberLocator;
}

export interface ArchiveListing {
  members: ArchiveMember[];
  /** What could not be read: `name` the member (or the archive), `message` one line that starts with it. */
  problems: { name: string; message: string }[];
  /** Members that are not traces (by name and first bytes), skipped. */
  skipped: number;
}

/**
 * A compressed zip inside a zip has no random access: it is held (as a Blob) while read, up to this
 * size; a larger one is refused with advice. A stored one is read in place, whatever its size.
 */
export const MAX_HELD_INNER_ZIP_BYTES = 256 << 20;

const HEAD_BYTES = 4096;

/** Bytes with random access (the outermost file, a stored member) or a one-time stream (a compressed member). */
type Level = { access: RandomAccess; base: number | null } | { stream: AsyncIterable<Uint8Array> };

/** The one line that counts an archive's members that are not traces. */
export const skippedMembers = (archive: string, n: number) => `${archive}: skipped ${count(n)} ${n === 1 ? 'member that is not a trace' : 'members that are not traces'}`;

export const memberName = (archive: string, chain: readonly string[]) => [archive, ...chain].join(':');

/** The archive format of a file, by its first bytes; null for anything else. */
export async function archiveFormatOf(access: RandomAccess): Promise<ArchiveFormat | null> {
  return sniffArchive(await access.read(0, HEAD_BYTES));
}

export async function listArchive(access: RandomAccess, name: string, format: ArchiveFormat, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<ArchiveListing> {
  const listing: ArchiveListing = { members: [], problems: [], skipped: 0 };
  await walk({ access, base: 0 }, format, name, [], listing, limits);
  return listing;
}

async function walk(level: Level, format: ArchiveFormat, root: string, chain: string[], out: ArchiveListing, limits: ArchiveLimits): Promise<void> {
  const levelName = memberName(root, chain);
  const taken = new Set<string>();
  try {
    for await (const e of await entriesOf(level, format, levelName, limits)) {
      const path = [...chain, e.path];
      const name = memberName(root, path);
      if (e.problem) {
        out.problems.push({ name, message: `${name}: ${e.problem}` });
        continue;
      }
      const { head, rest, close } = await headOf(e);
      const inner = await sniffArchive(head);
      if (inner) {
        if (chain.length >= MAX_NESTING) out.problems.push({ name, message: `${name}: an archive inside an archive inside an archive; waitscope reads one level of nesting, so extract ${memberName(root, chain)} first` });
        else await walk(innerLevel(level, e, rest), inner, root, path, out, limits);
        await close();
        continue;
      }
      await close();
      // A member *.trc.gz or *.trc.xz is taken by its name; any other by its content, unwrapped.
      const text = await decompressedHead(head, TRACE_SNIFF_BYTES);
      if (!isTraceName(e.path) && !looksLikeTraceHead(text)) {
        out.skipped++;
        continue;
      }
      const span = e.span && 'access' in level && level.base !== null ? { start: level.base + e.span.start, end: level.base + e.span.end } : null;
      out.members.push({ name, size: e.size ?? 0, locator: { archive: root, chain: path, span } });
      taken.add(e.path);
    }
  } catch (error) {
    // A member cut short is said by its own read (how far it got); anything else here, once.
    if (error instanceof ArchiveError && error.cutInside !== null && taken.has(error.cutInside)) return;
    out.problems.push({ name: levelName, message: error instanceof ArchiveError ? error.message : `${levelName}: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** A member's first bytes, its bytes again from the start (for a nested archive), and a way to stop reading it. */
async function headOf(e: ArchiveEntry): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array>; close: () => Promise<void> }> {
  const source = e.open()[Symbol.asyncIterator]();
  const once: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => source };
  let head: Uint8Array = new Uint8Array(0);
  let rest: AsyncIterable<Uint8Array> = once;
  try {
    ({ head, stream: rest } = await peek(once, Math.max(HEAD_BYTES, TRACE_SNIFF_BYTES)));
  } catch (error) {
    // A member cut inside its first bytes is still judged by its name; its read will say where it ends.
    if (!(error instanceof MemberCutError)) throw error;
  }
  return { head: head.subarray(0, TRACE_SNIFF_BYTES), rest, close: async () => void (await source.return?.()) };
}

function innerLevel(level: Level, e: ArchiveEntry, rest: AsyncIterable<Uint8Array>): Level {
  if (e.span && 'access' in level) return { access: sliceAccess(level.access, e.span.start, e.span.end), base: level.base === null ? null : level.base + e.span.start };
  return { stream: rest };
}

/**
 * The members of an archive. zip.js and tar-stream are loaded here, at the first archive: loaded
 * with the module, zip.js alone cost every command ~12-30 ms before its first byte (and each parse
 * worker as much), archive or not.
 */
async function entriesOf(level: Level, format: ArchiveFormat, name: string, limits: ArchiveLimits): Promise<AsyncGenerator<ArchiveEntry>> {
  if (format === 'zip') {
    const { zipEntries } = await import('./zip-entries');
    return zipEntries('access' in level ? level.access : await heldZip(level.stream, name), name, limits);
  }
  const { tarEntries } = await import('./tar-entries');
  const packed = format === 'tar.gz' ? 'gzip' : format === 'tar.xz' ? 'xz' : 'none';
  if ('access' in level) return tarEntries(level.access.stream(0, level.access.size), packed, name, level.base !== null, limits);
  return tarEntries(level.stream, packed, name, false, limits);
}

/** A compressed zip inside a zip, held as a Blob (zip needs random access), up to MAX_HELD_INNER_ZIP_BYTES. */
async function heldZip(stream: AsyncIterable<Uint8Array>, name: string): Promise<RandomAccess> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let held = 0;
  for await (const chunk of stream) {
    held += chunk.length;
    if (held > MAX_HELD_INNER_ZIP_BYTES) throw new ArchiveError(`${name}: a compressed zip inside a zip over ${count(MAX_HELD_INNER_ZIP_BYTES)} bytes; store it uncompressed (zip -0) or extract the outer archive first`);
    parts.push(new Uint8Array(chunk));
  }
  return blobAccess(new Blob(parts));
}

/**
 * One member's bytes as stored (a .trc.gz member is still gzip: the parser unwraps it as it does a
 * file): read in place when it lies in the file as it is, else through the archive again (a tar.gz
 * is read from its start up to the member).
 */
export function openMember(access: RandomAccess, locator: MemberLocator, limits: ArchiveLimits = ARCHIVE_LIMITS): AsyncIterable<Uint8Array> {
  if (locator.span) return access.stream(locator.span.start, locator.span.end);
  return openIn({ access, base: 0 }, locator.archive, locator.chain, limits);
}

async function* openIn(level: Level, name: string, chain: readonly string[], limits: ArchiveLimits): AsyncGenerator<Uint8Array> {
  const { format, level: sniffed } = await formatOfLevel(level);
  if (format === null) throw new ArchiveError(`${name}: no longer an archive (it changed since it was listed)`);
  for await (const e of await entriesOf(sniffed, format, name, limits)) {
    if (e.path !== chain[0]) continue;
    if (e.problem) throw new ArchiveError(`${name}:${e.path}: ${e.problem}`);
    if (chain.length === 1) {
      yield* e.open();
      return;
    }
    yield* openIn(innerLevel(sniffed, e, e.open()), `${name}:${e.path}`, chain.slice(1), limits);
    return;
  }
  throw new ArchiveError(`${name}: has no member ${chain[0]} (it changed since it was listed)`);
}

async function formatOfLevel(level: Level): Promise<{ format: ArchiveFormat | null; level: Level }> {
  if ('access' in level) return { format: await archiveFormatOf(level.access), level };
  const { head, stream } = await peek(level.stream, HEAD_BYTES);
  return { format: await sniffArchive(head), level: { stream } };
}
