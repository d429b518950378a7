/**
 * Files from a drop or a file input, with folders walked (issue 4 §1: "drop files or whole folders").
 * Each file keeps its path inside the dropped folder, which the page and the report show.
 */
import type { InputFile } from '@/lib/worker/protocol';

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
interface FileEntryLike extends EntryLike {
  file(ok: (file: File) => void, fail: (error: unknown) => void): void;
}
interface DirectoryEntryLike extends EntryLike {
  createReader(): { readEntries(ok: (entries: EntryLike[]) => void, fail: (error: unknown) => void): void };
}

const isHidden = (name: string) => name.startsWith('.');

async function walk(entry: EntryLike, out: InputFile[]): Promise<void> {
  if (isHidden(entry.name)) return;
  if (entry.isFile) {
    const file = await new Promise<File>((ok, fail) => (entry as FileEntryLike).file(ok, fail));
    out.push({ file, path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as DirectoryEntryLike).createReader();
  // readEntries returns at most 100 entries per call: call it until it returns none.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, out);
  }
}

export async function filesFromDrop(data: DataTransfer): Promise<InputFile[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => (item as DataTransferItem & { webkitGetAsEntry?: () => EntryLike | null }).webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) {
    const out: InputFile[] = [];
    for (const entry of entries) await walk(entry!, out);
    return out;
  }
  return filesFromList(data.files);
}

export function filesFromList(list: FileList | null): InputFile[] {
  return [...(list ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** Files grouped by their top folder ('' for loose files), for a drop of several folders at once. */
export function groupByTopFolder(files: InputFile[]): Map<string, InputFile[]> {
  const groups = new Map<string, InputFile[]>();
  for (const f of files) {
    const slash = f.path.indexOf('/');
    const top = slash > 0 ? f.path.slice(0, slash) : '';
    groups.set(top, [...(groups.get(top) ?? []), f]);
  }
  return groups;
}
