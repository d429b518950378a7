/**
 * A dropped archive (a File in the page) as the dataset's inputs: one per member trace. A member
 * stored as it is becomes a File over its slice of the archive (zero-copy), read like any dropped
 * file: in ranges on both cores, entered near a wait for its context lines. Any other member keeps
 * its locator and is read again through the archive (`openBlobMember`).
 */
import { archiveFormatOf, listArchive, openMember, skippedMembers, type MemberLocator } from './archive-members';
import { blobAccess } from './random-access';

export interface BlobMember {
  archive: Blob;
  locator: MemberLocator;
  /** Its bytes as stored (after the archive's compression). */
  size: number;
  /** Why its archive cannot give it (encrypted, a method not read, damaged): listed with this, never read. */
  problem?: string;
}

export interface BlobInput {
  file: File;
  /** `archive.zip:path/in/archive.trc`. */
  name: string;
  member: BlobMember;
}

export interface ExpandedArchive {
  inputs: BlobInput[];
  /** The one line that counts the members skipped as not traces, or null. */
  skipped: string | null;
}

/** The archive's member traces (and its unreadable members, each with its problem), or null when `file` is no archive. */
export async function expandArchive(file: File, name: string): Promise<ExpandedArchive | null> {
  const access = blobAccess(file);
  const format = await archiveFormatOf(access);
  if (format === null) return null;
  const listing = await listArchive(access, name, format);
  const inputs: BlobInput[] = listing.members.map((m) => {
    const span = m.locator.span;
    return { file: span ? new File([file.slice(span.start, span.end)], m.name) : new File([file], m.name), name: m.name, member: { archive: file, locator: m.locator, size: m.size } };
  });
  for (const p of listing.problems) inputs.push({ file: new File([file], p.name), name: p.name, member: { archive: file, locator: { archive: name, chain: [], span: null }, size: 0, problem: p.message } });
  return { inputs, skipped: listing.skipped > 0 ? skippedMembers(name, listing.skipped) : null };
}

/** A member's bytes as stored: its slice when stored in place, else through its archive again. */
export function openBlobMember(file: Blob, member: BlobMember): AsyncIterable<Uint8Array> | null {
  // `file` is the member's own slice (stored in place), or its archive (a member it cannot give, never parsed).
  if (member.locator.span || member.problem !== undefined) return null;
  return openMember(blobAccess(member.archive), member.locator);
}
