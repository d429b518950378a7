/**
 * The SHA-256 of a file, streamed: crypto.subtle.digest needs the whole file in memory, which a
 * 2 GB trace must never be, so the hash is fed slice by slice (@noble/hashes, audited and maintained).
 * An archive member's hash is of its own bytes as stored, read through its archive.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { openInput, type InputBlob } from './file-chunks';

export async function sha256Hex(input: Blob | InputBlob, signal?: AbortSignal): Promise<string> {
  const hash = sha256.create();
  for await (const chunk of openInput(input instanceof Blob ? { file: input } : input, signal)) hash.update(chunk);
  return [...hash.digest()].map((b) => b.toString(16).padStart(2, '0')).join('');
}
