// Opens a sealed share container by hand (format: 4-byte header, 12-byte IV, AES-GCM, gzip) rather than
// with openReport, so a test sees the exact text that was encrypted, not a re-serialised report.
import { gunzipSync } from 'node:zlib';
import { decodeBase64url } from '../../lib/share/base64url';
import { splitContainer } from '../../lib/share/container';

/** The container opened by hand (format: 4-byte header, 12-byte IV, AES-GCM, gzip), not by openReport. */
export async function plaintextOf(ciphertext: Uint8Array, key: string): Promise<string> {
  const { header, iv, sealed } = splitContainer(ciphertext);
  const k = await crypto.subtle.importKey('raw', decodeBase64url(key)!, 'AES-GCM', false, ['decrypt']);
  const gz = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: header }, k, sealed);
  return gunzipSync(Buffer.from(gz)).toString('utf8');
}

