import { closeSync, statSync } from 'node:fs';
import { openInputFile, readSyncAt } from './file-error';
import type { InputFile } from './find-inputs';
import { COPY_ENDS_BYTES, copyCandidates, endsText, likelyCopies, likelyCopyNote } from '../trace/likely-copies';

/**
 * The same trace read twice counts its records twice: every wait, call and session, with no sign of
 * it (a DBA review: `profile X X` gave R and the sessions doubled; a glob caught a copy under another
 * name). A file named again (the same file, by its device and inode) is read once, with a note; two
 * files with the same size and the same first and last 64 KiB are both read, with a note naming them
 * (a copy is a guess: the user decides; lib/trace/likely-copies.ts). An archive named twice is read
 * once too, member by member.
 */
export function withoutRepeatedFiles(files: readonly InputFile[]): { files: InputFile[]; notes: string[]; copies: [later: string, earlier: string][] } {
  const notes: string[] = [];
  const kept: InputFile[] = [];
  const byIdentity = new Map<string, InputFile>();
  for (const file of files) {
    // A member by its archive's identity and its place in it; `profile c.tar.gz c.tar.gz` read every member twice.
    const identity = identityOf(file.path, file.size, file.member === undefined ? '' : JSON.stringify(file.member));
    const first = identity === null ? undefined : byIdentity.get(identity);
    if (first !== undefined) {
      notes.push(`note: ${file.name} is ${first.name} again; it was read once`);
      continue;
    }
    if (identity !== null) byIdentity.set(identity, file);
    kept.push(file);
  }
  // Members are left out: an archive's members are told apart by their place in it.
  const plain = kept.filter((f) => f.member === undefined);
  const sizes = plain.map((f) => f.size);
  const ends = new Map(copyCandidates(sizes).map((i) => [i, endsOf((plain[i] as InputFile).path, sizes[i] as number)]));
  const copies = likelyCopies(sizes, ends).map(([later, earlier]): [string, string] => [(plain[later] as InputFile).name, (plain[earlier] as InputFile).name]);
  for (const [later, earlier] of copies) notes.push(`note: ${likelyCopyNote(later, earlier)}`);
  return { files: kept, notes, copies };
}

/**
 * The file's device and inode, as bigints (a Number may round an NTFS or ReFS file id), with its size
 * and `within` (a member's place in its archive); null when it cannot be read or has no inode (0).
 */
function identityOf(path: string, size: number, within: string): string | null {
  try {
    const info = statSync(path, { bigint: true });
    if (info.ino === 0n) return null;
    return `${info.dev}:${info.ino}:${size}:${within}`;
  } catch {
    return null;
  }
}

/** The file's first and last 64 KiB (likely-copies.ts endsText), null when it cannot be read. */
function endsOf(path: string, size: number): string | null {
  let fd: number;
  try {
    fd = openInputFile(path);
  } catch {
    return null;
  }
  try {
    const n = Math.min(COPY_ENDS_BYTES, size);
    const head = Buffer.alloc(n);
    const tail = Buffer.alloc(n);
    readSyncAt(path, fd, head, n, 0);
    readSyncAt(path, fd, tail, n, size - n);
    return endsText(head, tail);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
