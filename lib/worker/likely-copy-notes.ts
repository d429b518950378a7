/**
 * The page's side of lib/trace/likely-copies.ts: two dropped files of one dataset with the same size
 * and the same first and last 64 KiB (`x.trc` beside `x (1).trc`) get a warning on the later one, as
 * the CLI's note. A file dropped again under its own name replaces itself (dataset-loader.ts), so only
 * copies under other names are left to find. Archive members are told apart by their place in it.
 */
import { COPY_ENDS_BYTES, copyCandidates, endsText, likelyCopies, likelyCopyNote } from '../trace/likely-copies';
import type { DatasetState, TraceEntry } from './dataset-state';
import { setInputNote } from './input-notes';
import { markSharedStamps } from './shared-stamp-notes';

/**
 * Sets each entry's `copyNote` from the dataset's files as they are now; an entry already read gets
 * the warning at once. Returns false, changing nothing, when a later check began while this one read
 * the files' ends (files added or removed meanwhile: that check sees them as they are).
 */
export async function markLikelyCopies(d: DatasetState): Promise<boolean> {
  const check = ++d.copyChecks;
  // In the order they were dropped (by name within one drop, as listed): the one dropped later is the likely copy.
  const plain = d.traces.filter((t) => t.member === undefined).sort((a, b) => (a.drop ?? 0) - (b.drop ?? 0));
  const sizes = plain.map((t) => t.file.size);
  const read = await Promise.all(copyCandidates(sizes).map(async (i) => [i, await endsOf((plain[i] as TraceEntry).file)] as const));
  if (check !== d.copyChecks) return false;
  const copyOf = new Map<TraceEntry, TraceEntry>();
  for (const [later, earlier] of likelyCopies(sizes, new Map(read))) copyOf.set(plain[later] as TraceEntry, plain[earlier] as TraceEntry);
  for (const t of plain) {
    const earlier = copyOf.get(t);
    t.copyOf = earlier?.name;
    setInputNote(t, 'copyNote', earlier && likelyCopyNote(t.name, earlier.name));
  }
  // The stamp notes leave copies to these notes: checked again now, unless a load is running (its end checks them).
  if (d.state !== 'loading') markSharedStamps(d);
  return true;
}

/** The file's first and last 64 KiB (endsText), null when it cannot be read (it is then named by its own read). */
async function endsOf(file: Blob): Promise<string | null> {
  try {
    const n = Math.min(COPY_ENDS_BYTES, file.size);
    const [head, tail] = await Promise.all([file.slice(0, n).arrayBuffer(), file.slice(file.size - n).arrayBuffer()]);
    return endsText(new Uint8Array(head), new Uint8Array(tail));
  } catch {
    return null;
  }
}
