/**
 * "My shared reports": kept in this browser's localStorage only (the server keeps no list), with each
 * report's delete token, so the person who shared a report can delete it. What comes back out of
 * localStorage is validated: another tab or an old version may have written it.
 */
import { z } from 'zod';
import { deleteReport } from './share-api';

const entrySchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  deleteToken: z.string(),
});
export type SharedEntry = z.infer<typeof entrySchema>;

export const STORAGE_KEY = 'waitscope.shared-reports.v1';

export function loadSharedEntries(storage: Pick<Storage, 'getItem'> | undefined): SharedEntry[] {
  try {
    const parsed = z.array(entrySchema).safeParse(JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return []; // unreadable JSON: start a fresh list rather than break the page
  }
}

export function saveSharedEntries(storage: Pick<Storage, 'setItem'> | undefined, entries: SharedEntry[]): void {
  storage?.setItem(STORAGE_KEY, JSON.stringify(entries));
}

export const isExpired = (e: SharedEntry, now: number) => e.expiresAt !== null && Date.parse(e.expiresAt) <= now;

/** Deletes the report on the server (gone already counts as done), then from this browser's list. */
export async function deleteSharedEntry(storage: Pick<Storage, 'getItem' | 'setItem'>, entry: Pick<SharedEntry, 'id' | 'deleteToken'>): Promise<{ ok: true; left: SharedEntry[] } | { ok: false; message: string }> {
  const result = await deleteReport(entry.id, entry.deleteToken);
  if (!result.ok) return result;
  const left = loadSharedEntries(storage).filter((e) => e.id !== entry.id);
  saveSharedEntries(storage, left);
  return { ok: true, left };
}
