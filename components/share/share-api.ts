/**
 * The browser's side of /api/reports: only ciphertext goes up, and the key never leaves the page.
 * Every failure becomes one sentence from the server's error envelope `{error:{code,message}}`.
 */
export type Expiry = '1d' | '7d' | '30d' | 'never';

export interface Uploaded {
  id: string;
  deleteToken: string;
  expiresAt: string | null;
}

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // not JSON: fall through to the status line
  }
  return `the server answered ${response.status} ${response.statusText}`.trim();
}

export async function uploadReport(ciphertext: Uint8Array<ArrayBuffer>, expires: Expiry): Promise<{ ok: true; value: Uploaded } | { ok: false; message: string }> {
  try {
    const response = await fetch(`/api/reports?expires=${expires}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: ciphertext });
    if (!response.ok) return { ok: false, message: await errorOf(response) };
    return { ok: true, value: (await response.json()) as Uploaded };
  } catch (error) {
    return { ok: false, message: `the upload failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export async function deleteReport(id: string, deleteToken: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const response = await fetch(`/api/reports/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { 'x-delete-token': deleteToken } });
    if (response.status === 204 || response.status === 404) return { ok: true }; // gone either way
    return { ok: false, message: await errorOf(response) };
  } catch (error) {
    return { ok: false, message: `the server could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export type Fetched = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; status: number; message: string };

export async function fetchReport(id: string): Promise<Fetched> {
  try {
    const response = await fetch(`/api/reports/${encodeURIComponent(id)}`, { cache: 'no-store' });
    if (!response.ok) return { ok: false, status: response.status, message: await errorOf(response) };
    return { ok: true, bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch (error) {
    return { ok: false, status: 0, message: `the report could not be fetched: ${error instanceof Error ? error.message : String(error)}` };
  }
}
