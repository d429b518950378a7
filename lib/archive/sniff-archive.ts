/**
 * Archives are told by magic bytes, never by name (as compression is: lib/trace/compression.ts).
 * zip: a local file header `PK\3\4` (or the end record `PK\5\6` of an empty zip; APPNOTE.TXT 4.3.7,
 * 4.3.16). tar: "ustar" at offset 257 (POSIX.1-1988 and GNU tar both write it). gzip: 1F 8B; a
 * gzip whose inflated data starts with a tar header is a tar.gz, any other gzip is one file; and
 * xz likewise (tar.xz, or one file).
 */
import { decompressedHead, sniffCompression } from '../trace/compression';

export type ArchiveFormat = 'zip' | 'tar' | 'tar.gz' | 'tar.xz';

/** Bytes needed to tell a tar header (and everything else above). */
export const ARCHIVE_SNIFF_BYTES = 512;

export const isZipHead = (h: Uint8Array) => h[0] === 0x50 && h[1] === 0x4b && ((h[2] === 3 && h[3] === 4) || (h[2] === 5 && h[3] === 6));

export function isTarHead(h: Uint8Array): boolean {
  // "ustar\0" (POSIX) or "ustar " (old GNU): the five letters are enough.
  return h.length >= 262 && h[257] === 0x75 && h[258] === 0x73 && h[259] === 0x74 && h[260] === 0x61 && h[261] === 0x72;
}

/** The archive format of bytes whose head is `head`, or null for anything else (a trace, a single gzip or xz trace). */
export async function sniffArchive(head: Uint8Array): Promise<ArchiveFormat | null> {
  if (isZipHead(head)) return 'zip';
  if (isTarHead(head)) return 'tar';
  // gzip and xz as compression.ts tells them: a tar inside is the archive, anything else one file.
  const packed = sniffCompression(head).kind;
  if (packed !== 'gzip' && packed !== 'xz') return null;
  return isTarHead(await decompressedHead(head, ARCHIVE_SNIFF_BYTES)) ? `tar.${packed === 'gzip' ? 'gz' : 'xz'}` : null;
}
