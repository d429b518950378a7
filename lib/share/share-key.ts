/**
 * The share key and the link that carries it. The key rides in the URL fragment, which browsers
 * never send to a server (RFC 3986 §3.5; the Excalidraw anchor in style.md), so the server stores
 * ciphertext it cannot read. `/r/<id>#k=<key>`: the id finds the ciphertext, the key opens it.
 */
import { decodeBase64url } from './base64url';

/** AES-GCM-128: 16 bytes, 22 base64url characters. */
export const SHARE_KEY_BYTES = 16;

/** The key's bytes, or null when `key` is not exactly 16 bytes of canonical unpadded base64url. */
export function parseShareKey(key: string): Uint8Array<ArrayBuffer> | null {
  const bytes = decodeBase64url(key);
  return bytes !== null && bytes.length === SHARE_KEY_BYTES ? bytes : null;
}

export function isShareKey(key: string): boolean {
  return parseShareKey(key) !== null;
}

/** `${origin}/r/${id}#k=${key}`; a trailing slash on origin is dropped. */
export function shareUrl(origin: string, id: string, key: string): string {
  return `${origin.replace(/\/+$/, '')}/r/${encodeURIComponent(id)}#k=${key}`;
}

/**
 * The `k` parameter of a fragment such as `location.hash` (`#k=…`, with or without the `#`, other
 * `&`-separated parameters allowed), or null when there is none. The value is returned as found;
 * openReport checks its format, so a damaged key is told apart from a missing one.
 */
export function keyFromFragment(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of fragment.split('&')) {
    if (part.startsWith('k=')) return part.slice(2);
  }
  return null;
}
