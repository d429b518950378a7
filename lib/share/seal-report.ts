/**
 * A report sealed for sharing: JSON → gzip → AES-GCM-128 under a fresh key and IV → a versioned
 * container (container.ts). The key goes into the link's fragment and never to the server.
 *
 * openReport undoes it and tells every expected failure apart as a value (style.md §8): a damaged
 * key, data that is not a container, a container version this build does not know, a wrong key
 * or tampered bytes (AES-GCM cannot tell those two apart, by design), and a report that does not
 * validate (with zod's first complaint on one line).
 */
import { migrateReport } from '../report/report-migrations';
import { reportSchema, type WaitscopeReport } from '../report/report-schema';
import { encodeBase64url } from './base64url';
import { checkContainer, containerHeader, CONTAINER_VERSION, IV_BYTES, splitContainer, writeContainer } from './container';
import { gunzipBytes, gzipBytes } from './gzip-bytes';
import { parseShareKey, SHARE_KEY_BYTES } from './share-key';

/** The most a sealed report may inflate to; far above any real report (a few MB of JSON). */
export const MAX_REPORT_JSON_BYTES = 256 * 1024 * 1024;

export interface SealedReport {
  /** The container to upload. */
  ciphertext: Uint8Array<ArrayBuffer>;
  /** base64url of the fresh 128-bit AES-GCM key, for the link's fragment. */
  key: string;
  /** The exact JSON text that was compressed and encrypted: what the preview shows and tests search. */
  json: string;
}

export type OpenReportErrorCode =
  | 'malformed-key'
  | 'not-a-container'
  | 'truncated'
  | 'unknown-container-version'
  | 'wrong-key-or-tampered'
  | 'corrupt-payload'
  | 'too-large'
  | 'newer-report-version'
  | 'invalid-report';

export interface OpenReportError {
  code: OpenReportErrorCode;
  /** One line, for a person. */
  message: string;
}

export type OpenReportResult = { ok: true; report: WaitscopeReport } | { ok: false; error: OpenReportError };

function importKey(raw: Uint8Array<ArrayBuffer>, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);
}

export function sealReport(report: WaitscopeReport): Promise<SealedReport> {
  return sealJson(JSON.stringify(report));
}

/** Seals the JSON text of a report as it is (share-panel previews show this very text before it is sealed). */
export async function sealJson(json: string): Promise<SealedReport> {
  const raw = crypto.getRandomValues(new Uint8Array(SHARE_KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const compressed = await gzipBytes(new TextEncoder().encode(json));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: containerHeader(CONTAINER_VERSION), tagLength: 128 },
    await importKey(raw, 'encrypt'),
    compressed,
  );
  return { ciphertext: writeContainer(iv, new Uint8Array(sealed)), key: encodeBase64url(raw), json };
}

const fail = (code: OpenReportErrorCode, message: string): OpenReportResult => ({ ok: false, error: { code, message } });

/** zod's first issue as `path: message`, plus how many more there are. */
export function oneLineIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const [first] = error.issues;
  if (!first) return 'invalid';
  const where = first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${where}${first.message}${more}`;
}

export interface OpenReportOptions {
  /** The most the report may inflate to (default MAX_REPORT_JSON_BYTES). */
  maxJsonBytes?: number;
}

export async function openReport(container: Uint8Array, key: string, options: OpenReportOptions = {}): Promise<OpenReportResult> {
  const maxJsonBytes = options.maxJsonBytes ?? MAX_REPORT_JSON_BYTES;
  const raw = parseShareKey(key);
  if (!raw) return fail('malformed-key', 'The link\u2019s key is damaged: it should be 22 characters of base64url after #k=.');

  const check = checkContainer(container);
  if (!check.ok) {
    return fail(check.code === 'unknown-version' ? 'unknown-container-version' : check.code, check.message);
  }
  const { header, iv, sealed } = splitContainer(container);

  let compressed: Uint8Array<ArrayBuffer>;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: header, tagLength: 128 },
      await importKey(raw, 'decrypt'),
      sealed,
    );
    compressed = new Uint8Array(plain);
  } catch {
    // OperationError: the tag did not match. A wrong key and altered bytes look the same.
    return fail('wrong-key-or-tampered', 'The report cannot be decrypted: the key is wrong or the data was altered.');
  }

  const inflated = await gunzipBytes(compressed, maxJsonBytes);
  if (!inflated.ok) {
    return inflated.code === 'too-large'
      ? fail('too-large', `The report inflates to more than ${maxJsonBytes.toLocaleString('en-US')} bytes.`)
      : fail('corrupt-payload', 'The decrypted report is not valid gzip.');
  }

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes));
  } catch {
    return fail('corrupt-payload', 'The decrypted report is not valid JSON.');
  }

  const migrated = migrateReport(json);
  if (!migrated.ok) {
    return fail(migrated.code === 'newer-version' ? 'newer-report-version' : 'invalid-report', migrated.message);
  }
  const parsed = reportSchema.safeParse(migrated.value);
  if (!parsed.success) return fail('invalid-report', `The report is not valid: ${oneLineIssue(parsed.error)}`);
  return { ok: true, report: parsed.data };
}
