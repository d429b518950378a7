import { closeSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sysioFormatOfHead } from './sysio-files';
import { contentHead } from './file-head';
import { archiveFormatOf, listArchive, skippedMembers, type ArchiveListing } from '../archive/archive-members';
import { isTraceName, looksLikeTraceHead, TRACE_SNIFF_BYTES } from '../archive/trace-pick';
import { fileAccess, type InputSource } from './file-chunks';
import { describeError } from './file-error';
import { withoutRepeatedFiles } from './duplicate-inputs';
import type { CopyPair } from '../trace/shared-stamps';
import { sniffCompression, unsupportedCompressionText } from '../trace/compression';

export interface InputFile extends InputSource {
  /** As shown to the user: the path as given, or relative to the directory given; `archive.zip:dir/x.trc` for a member. */
  name: string;
  /** Its bytes as stored (a member's, inside its archive). */
  size: number;
}

export interface FoundInputs {
  files: InputFile[];
  /** One line each: a path that does not exist or cannot be read. */
  unreadable: string[];
  /** One line each, for stderr: an archive member that could not be read ('error: …'), members skipped as not traces, and files of a directory left out (compressed as waitscope does not read) or read twice ('note: …'). */
  inputNotes?: string[];
  /** The pairs of inputs (by name) a note above names as copies: the check after the read (shared-stamps.ts) leaves them to it. */
  copyPairs: CopyPair[];
}

/**
 * Expands the command line's FILE_OR_DIR arguments. A file named on the command line is always
 * read (a non-trace gets a clear message later); in a directory, read recursively, a file is
 * taken when it is named *.trc, *.trc.gz or *.trc.xz, or when its first bytes look like a trace.
 *
 * The file system calls are synchronous: nothing else runs on this thread before the inputs are
 * known, and each asynchronous call was a round trip through libuv's thread pool (the first one
 * also starts it): ~14 ms before a one-file `stats` could start parsing, against <1 ms.
 */
export async function findInputs(args: readonly string[]): Promise<FoundInputs> {
  const files: InputFile[] = [];
  const unreadable: string[] = [];
  const inputNotes: string[] = [];
  const copyPairs: CopyPair[] = [];
  const take = async (file: string, name: string, size: number): Promise<string[]> => {
    const listing = await membersOf(file, name, size);
    if (!listing) {
      files.push({ path: file, name, size });
      return [name];
    }
    files.push(...listing.members.map((m) => ({ path: file, name: m.name, size: m.size, member: m.locator })));
    inputNotes.push(...listing.problems.map((p) => `error: ${p.message}`));
    if (listing.skipped > 0) inputNotes.push(`note: ${skippedMembers(name, listing.skipped)}`);
    return listing.members.map((m) => m.name);
  };
  for (const arg of args) {
    let info;
    try {
      info = statSync(arg);
    } catch (error) {
      unreadable.push(`cannot read ${arg}: ${describeError(error)}`);
      continue;
    }
    if (info.isDirectory()) await walk(arg, arg, take, unreadable, inputNotes, copyPairs);
    else if (readable(arg, unreadable)) await take(arg, arg, info.size);
  }
  // A file named twice is read once; two that look like copies are named (duplicate-inputs.ts).
  const once = withoutRepeatedFiles(files);
  inputNotes.push(...once.notes);
  copyPairs.push(...once.copies);
  return { files: once.files, unreadable, copyPairs, ...(inputNotes.length > 0 && { inputNotes }) };
}

/** A zip, tar or tar.gz (by its first bytes) as the members it holds; null for any other file. */
async function membersOf(file: string, name: string, size: number): Promise<ArchiveListing | null> {
  const access = fileAccess(file, size);
  const format = await archiveFormatOf(access);
  return format === null ? null : listArchive(access, name, format);
}

/** Takes a file (an archive as its members) as an input; gives the inputs' names. */
type Take = (file: string, name: string, size: number) => Promise<string[]>;

/**
 * `notes` gets a line for each file of the directory left out that a person would miss: one
 * compressed in a format waitscope does not read (named as for a single file: parse-trace.ts), and
 * a trace read twice as `x.trc` and `x.trc.gz` (or `x.trc.xz`) beside it.
 */
async function walk(dir: string, root: string, take: Take, unreadable: string[], notes: string[], copyPairs: CopyPair[]): Promise<void> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    unreadable.push(`cannot read directory ${dir}: ${describeError(error)}`);
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  // Per file taken: the inputs it gave (an archive's members).
  const taken = new Map<string, string[]>();
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(full, root, take, unreadable, notes, copyPairs);
      continue;
    }
    if (!entry.isFile()) continue;
    const name = path.join(path.basename(root), path.relative(root, full));
    try {
      // Traces and archives by name or content; strace and fio output (lib/sysio) by its content too.
      if (!isTraceName(entry.name)) {
        const head = await contentHead(full, TRACE_SNIFF_BYTES);
        if (!(await worthReading(full, head))) {
          const sniffed = head === null ? null : sniffCompression(head);
          if (sniffed?.kind === 'unsupported') notes.push(`note: skipped ${name}: it is ${unsupportedCompressionText(sniffed, full)}`);
          continue;
        }
      }
      if (!readable(full, unreadable)) continue;
      const info = statSync(full);
      taken.set(entry.name, await take(full, name, info.size));
    } catch (error) {
      unreadable.push(`cannot read ${full}: ${describeError(error)}`);
    }
  }
  for (const [file, inputs] of taken) {
    const plain = file.endsWith('.gz') || file.endsWith('.xz') ? file.slice(0, -3) : null;
    const shown = (f: string) => path.join(path.basename(root), path.relative(root, path.join(dir, f)));
    const plainInputs = plain === null ? undefined : taken.get(plain);
    if (plain === null || plainInputs === undefined) continue;
    const [plainName, packedName] = [shown(plain), shown(file)];
    notes.push(`note: both ${plainName} and ${packedName} were read: if one is a copy of the other, its records count twice`);
    // The inputs the note pairs: the two files, or an archive's members with the same path inside each.
    for (const a of plainInputs) {
      const b = inputs.find((n) => n.slice(packedName.length) === a.slice(plainName.length));
      if (b !== undefined) copyPairs.push([a, b]);
    }
  }
}

/** Opens the file once, so a permission problem is reported before any parsing starts. */
function readable(file: string, unreadable: string[]): boolean {
  try {
    closeSync(openSync(file, 'r'));
    return true;
  } catch (error) {
    unreadable.push(`cannot read ${file}: ${describeError(error)}`);
    return false;
  }
}

/**
 * In a directory, a file is read when its content is a trace, an archive (read as the traces it
 * holds, as if it were a folder) or strace/fio output (lib/sysio); its head is read once for all three.
 */
async function worthReading(file: string, head: Uint8Array | null): Promise<boolean> {
  if (head !== null && looksLikeTraceHead(head)) return true;
  if ((await archiveFormatOf(fileAccess(file))) !== null) return true;
  return head !== null && sysioFormatOfHead(head) !== null;
}

export async function looksLikeTrace(file: string): Promise<boolean> {
  const head = await contentHead(file, TRACE_SNIFF_BYTES);
  return head !== null && looksLikeTraceHead(head);
}

