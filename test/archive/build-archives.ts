/** Archives built in tests from members' bytes: zip with zip.js, tar with tar-stream, gzip with node:zlib. */
import { BlobWriter, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js';
import { pack } from 'tar-stream';
import { gzipSync } from 'node:zlib';

export interface Member {
  path: string;
  bytes: Uint8Array;
  /** zip only: this member encrypted (AES) with this password. */
  password?: string;
}

/** `level` 0 stores the members, else deflates them; `password` encrypts them (AES). */
export async function buildZip(members: readonly Member[], options: { level?: number; password?: string } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const writer = new ZipWriter(new BlobWriter(), { useWebWorkers: false, level: options.level ?? 6, ...(options.password && { password: options.password }) });
  for (const m of members) await writer.add(m.path, new Uint8ArrayReader(m.bytes), m.password ? { password: m.password } : {});
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

export async function buildTar(members: readonly Member[]): Promise<Uint8Array<ArrayBuffer>> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: unknown) => chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve, reject) => {
    p.on('end', () => resolve());
    p.on('error', reject);
  });
  for (const m of members) p.entry({ name: m.path, size: m.bytes.length }, Buffer.from(m.bytes));
  p.finalize();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

export async function buildTarGz(members: readonly Member[]): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(gzipSync(await buildTar(members)));
}

export const gzip = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(gzipSync(bytes));

/**
 * A zip's compression method set to `method` in every local and central header (APPNOTE.TXT 4.3.7:
 * offset 8 of a local header, 4.3.12: offset 10 of a central one), the rest untouched.
 */
export function withMethod(zip: Uint8Array, method: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint16(i + 8, method, true);
    if (signature === 0x02014b50) view.setUint16(i + 10, method, true);
  }
  return out;
}
