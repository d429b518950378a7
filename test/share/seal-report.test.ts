import { describe, expect, it } from 'vitest';
import { REPORT_VERSION } from '../../lib/report/report-schema';
import {
  checkContainer,
  CONTAINER_VERSION,
  encodeBase64url,
  keyFromFragment,
  MIN_CONTAINER_BYTES,
  openReport,
  sealReport,
  shareUrl,
} from '../../lib/share';
import { gzipBytes } from '../../lib/share/gzip-bytes';
import { containerHeader, IV_BYTES, writeContainer } from '../../lib/share/container';
import { SECRET_FILE, SECRET_LABEL, sampleReport, sampleReportWithFile } from './sample-report';

function contains(haystack: Uint8Array, needle: string): boolean {
  const bytes = new TextEncoder().encode(needle);
  outer: for (let i = 0; i + bytes.length <= haystack.length; i++) {
    for (let j = 0; j < bytes.length; j++) if (haystack[i + j] !== bytes[j]) continue outer;
    return true;
  }
  return false;
}

/** Seals arbitrary bytes (not necessarily a report) the way sealReport does, for the failure cases. */
async function sealBytes(plain: Uint8Array<ArrayBuffer>): Promise<{ ciphertext: Uint8Array; key: string }> {
  const raw = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: containerHeader(CONTAINER_VERSION) }, key, plain);
  return { ciphertext: writeContainer(iv, new Uint8Array(sealed)), key: encodeBase64url(raw) };
}

async function sealJson(json: unknown) {
  return sealBytes(await gzipBytes(new TextEncoder().encode(JSON.stringify(json))));
}

describe('sealReport / openReport', () => {
  it('round-trips a report exactly', async () => {
    const report = sampleReportWithFile();
    const { ciphertext, key } = await sealReport(report);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(checkContainer(ciphertext)).toEqual({ ok: true, version: 1 });
    const opened = await openReport(ciphertext, key);
    expect(opened).toEqual({ ok: true, report });
  });

  it('uses a fresh key and IV every time', async () => {
    const report = sampleReport();
    const [a, b] = await Promise.all([sealReport(report), sealReport(report)]);
    expect(a.key).not.toBe(b.key);
    expect(a.ciphertext.slice(4, 16)).not.toEqual(b.ciphertext.slice(4, 16));
  });

  it('stores no plaintext: labels and file names are not in the container', async () => {
    const { ciphertext } = await sealReport(sampleReportWithFile());
    expect(contains(ciphertext, SECRET_LABEL)).toBe(false);
    expect(contains(ciphertext, SECRET_FILE)).toBe(false);
    expect(contains(ciphertext, 'log file sync')).toBe(false);
    // The helper itself does find what is there.
    expect(contains(new TextEncoder().encode(`x${SECRET_LABEL}y`), SECRET_LABEL)).toBe(true);
  });

  it('refuses a wrong key', async () => {
    const { ciphertext } = await sealReport(sampleReport());
    const other = (await sealReport(sampleReport())).key;
    const opened = await openReport(ciphertext, other);
    expect(opened).toMatchObject({ ok: false, error: { code: 'wrong-key-or-tampered' } });
  });

  it('refuses any single tampered byte after the header (IV, ciphertext or tag)', async () => {
    const { ciphertext, key } = await sealReport(sampleReport());
    for (const at of [4, 10, 16, 20, ciphertext.length - 17, ciphertext.length - 1]) {
      const bad = ciphertext.slice();
      bad[at]! ^= 0x01;
      const opened = await openReport(bad, key);
      expect(opened, `byte ${at}`).toMatchObject({ ok: false, error: { code: 'wrong-key-or-tampered' } });
    }
  });

  it('tells a truncated container apart from a tampered one', async () => {
    const { ciphertext, key } = await sealReport(sampleReport());
    expect(await openReport(ciphertext.slice(0, ciphertext.length - 1), key)).toMatchObject({
      ok: false,
      error: { code: 'wrong-key-or-tampered' },
    });
    for (const length of [3, 4, 16, MIN_CONTAINER_BYTES - 1]) {
      const opened = await openReport(ciphertext.slice(0, length), key);
      expect(opened, `${length} bytes`).toMatchObject({ ok: false, error: { code: 'truncated' } });
    }
    expect(await openReport(new Uint8Array(0), key)).toMatchObject({ ok: false, error: { code: 'not-a-container' } });
  });

  it('refuses bytes that are not a container', async () => {
    const { key } = await sealReport(sampleReport());
    const json = new TextEncoder().encode(JSON.stringify(sampleReport()));
    expect(await openReport(json, key)).toMatchObject({ ok: false, error: { code: 'not-a-container' } });
  });

  it('refuses a container of another version, and the header is authenticated', async () => {
    const { ciphertext, key } = await sealReport(sampleReport());
    const v2 = ciphertext.slice();
    v2[3] = 2;
    const opened = await openReport(v2, key);
    expect(opened).toMatchObject({ ok: false, error: { code: 'unknown-container-version' } });
    if (!opened.ok) expect(opened.error.message).toContain('version 2');
    v2[3] = 0;
    expect(await openReport(v2, key)).toMatchObject({ ok: false, error: { code: 'unknown-container-version' } });
  });

  it.each([
    ['empty', ''],
    ['too short', 'AAAAAAAAAAAAAAAAAAAAA'],
    ['too long', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['padded', 'AAAAAAAAAAAAAAAAAAAAAA=='],
    ['standard base64 characters', 'AAAAAAAAAAAAAAAAAAA+/A'],
    ['spare bits set in the last character', 'AAAAAAAAAAAAAAAAAAAAAB'],
    ['non-ASCII', 'AAAAAAAAAAAAAAAAAAAAAé'],
    ['spaces', 'AAAAAAAAAAA AAAAAAAAAA'],
  ])('refuses a malformed key (%s) before touching the data', async (_name, key) => {
    const { ciphertext } = await sealReport(sampleReport());
    const opened = await openReport(ciphertext, key);
    expect(opened).toMatchObject({ ok: false, error: { code: 'malformed-key' } });
  });

  it('refuses a decrypted payload that is not gzip, or not JSON', async () => {
    const notGzip = await sealBytes(new TextEncoder().encode('{"version":1}'));
    expect(await openReport(notGzip.ciphertext, notGzip.key)).toMatchObject({ ok: false, error: { code: 'corrupt-payload' } });
    const notJson = await sealBytes(await gzipBytes(new TextEncoder().encode('{"version":')));
    expect(await openReport(notJson.ciphertext, notJson.key)).toMatchObject({ ok: false, error: { code: 'corrupt-payload' } });
  });

  it('stops inflating past the size limit (a gzip bomb)', async () => {
    const { ciphertext, key } = await sealReport(sampleReport());
    const json = new TextEncoder().encode(JSON.stringify(sampleReport())).length;
    expect(await openReport(ciphertext, key, { maxJsonBytes: json })).toMatchObject({ ok: true });
    const opened = await openReport(ciphertext, key, { maxJsonBytes: json - 1 });
    expect(opened).toMatchObject({ ok: false, error: { code: 'too-large' } });
  });

  it('refuses an invalid report with zod\u2019s reason on one line', async () => {
    const report = sampleReport() as unknown as { datasets: { label: unknown }[] };
    report.datasets[0]!.label = 42;
    const sealed = await sealJson(report);
    const opened = await openReport(sealed.ciphertext, sealed.key);
    expect(opened).toMatchObject({ ok: false, error: { code: 'invalid-report' } });
    if (!opened.ok) {
      expect(opened.error.message).toContain('datasets.0.label');
      expect(opened.error.message).not.toContain('\n');
    }
  });

  it('refuses a report from a newer waitscope with a clear message', async () => {
    const sealed = await sealJson({ ...sampleReport(), version: REPORT_VERSION + 1 });
    const opened = await openReport(sealed.ciphertext, sealed.key);
    expect(opened).toMatchObject({ ok: false, error: { code: 'newer-report-version' } });
    if (!opened.ok) expect(opened.error.message).toMatch(/newer waitscope/);
  });
});

describe('share links', () => {
  it('puts the key in the fragment', () => {
    expect(shareUrl('https://ws.example', 'abc_-1', 'KEY')).toBe('https://ws.example/r/abc_-1#k=KEY');
    expect(shareUrl('https://ws.example/', 'abc', 'KEY')).toBe('https://ws.example/r/abc#k=KEY');
  });

  it('reads the key back from location.hash', async () => {
    const { key } = await sealReport(sampleReport());
    const url = new URL(shareUrl('http://localhost:3000', 'abc', key));
    expect(url.pathname).toBe('/r/abc');
    expect(keyFromFragment(url.hash)).toBe(key);
    expect(keyFromFragment(`k=${key}`)).toBe(key);
    expect(keyFromFragment(`#x=1&k=${key}&y=2`)).toBe(key);
    expect(keyFromFragment('')).toBeNull();
    expect(keyFromFragment('#json=abc')).toBeNull();
    expect(keyFromFragment('#k=')).toBe('');
  });
});
