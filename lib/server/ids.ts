/**
 * Report ids and delete tokens. Both are random (never counters: explain.depesz.com's two-character
 * ids could be enumerated). The id has 128 bits; the token 256 bits, stored only as its SHA-256,
 * and compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const ID_BYTES = 16;
const TOKEN_BYTES = 32;

/** 16 bytes of unpadded base64url. */
export const reportIdSchema = z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, 'not a report id');

export function newReportId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

export function newDeleteToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashDeleteToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Whether `token` hashes to `storedHash`, in time independent of where they differ. */
export function deleteTokenMatches(token: string, storedHash: Uint8Array): boolean {
  const hash = hashDeleteToken(token);
  return storedHash.length === hash.length && timingSafeEqual(hash, storedHash);
}
