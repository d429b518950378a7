/**
 * The sealed report's binary container, version 1:
 *
 *   offset  size  field
 *   0       3     magic 'WSR' (0x57 0x53 0x52)
 *   3       1     container version (1)
 *   4       12    AES-GCM IV, fresh per report
 *   16      n+16  AES-GCM ciphertext of the gzipped JSON, with its 16-byte tag at the end
 *
 * The header (magic and version) is the GCM additional data, so it cannot be changed without the
 * tag failing. The server checks only the header (it cannot do more); the browser checks it all.
 */
export const CONTAINER_MAGIC = Uint8Array.of(0x57, 0x53, 0x52);
export const CONTAINER_VERSION = 1;
export const HEADER_BYTES = CONTAINER_MAGIC.length + 1;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
/** Header, IV and tag: a container is at least this long (an empty gzip stream is longer still). */
export const MIN_CONTAINER_BYTES = HEADER_BYTES + IV_BYTES + TAG_BYTES;

export interface ContainerParts {
  header: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  /** Ciphertext with the GCM tag appended, as WebCrypto takes it. */
  sealed: Uint8Array<ArrayBuffer>;
}

export type ContainerCheck =
  | { ok: true; version: number }
  | { ok: false; code: 'not-a-container' | 'truncated' | 'unknown-version'; message: string };

export function hasContainerMagic(bytes: Uint8Array): boolean {
  return bytes.length >= CONTAINER_MAGIC.length && CONTAINER_MAGIC.every((b, i) => bytes[i] === b);
}

/** Checks the header and the length: everything that can be checked without the key. */
export function checkContainer(bytes: Uint8Array): ContainerCheck {
  if (!hasContainerMagic(bytes)) {
    return { ok: false, code: 'not-a-container', message: 'Not a waitscope share container (it does not start with "WSR").' };
  }
  if (bytes.length < HEADER_BYTES) {
    return { ok: false, code: 'truncated', message: `The container is cut short: ${bytes.length} bytes, not even a header.` };
  }
  const version = bytes[CONTAINER_MAGIC.length]!;
  if (version !== CONTAINER_VERSION) {
    return {
      ok: false,
      code: 'unknown-version',
      message: `Share container version ${version} is not known to this waitscope (it reads version ${CONTAINER_VERSION}).`,
    };
  }
  if (bytes.length < MIN_CONTAINER_BYTES) {
    return { ok: false, code: 'truncated', message: `The container is cut short: ${bytes.length} bytes, at least ${MIN_CONTAINER_BYTES} expected.` };
  }
  return { ok: true, version };
}

export function writeContainer(iv: Uint8Array, sealed: Uint8Array): Uint8Array<ArrayBuffer> {
  if (iv.length !== IV_BYTES) throw new Error(`AES-GCM IV must be ${IV_BYTES} bytes, got ${iv.length}`);
  const out = new Uint8Array(HEADER_BYTES + IV_BYTES + sealed.length);
  out.set(containerHeader(CONTAINER_VERSION), 0);
  out.set(iv, HEADER_BYTES);
  out.set(sealed, HEADER_BYTES + IV_BYTES);
  return out;
}

export function containerHeader(version: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(HEADER_BYTES);
  header.set(CONTAINER_MAGIC, 0);
  header[CONTAINER_MAGIC.length] = version;
  return header;
}

/** Splits a container that checkContainer accepted. */
export function splitContainer(bytes: Uint8Array): ContainerParts {
  return {
    header: bytes.slice(0, HEADER_BYTES),
    iv: bytes.slice(HEADER_BYTES, HEADER_BYTES + IV_BYTES),
    sealed: bytes.slice(HEADER_BYTES + IV_BYTES),
  };
}
