/**
 * Warnings on a read file's status that come from the other files of its dataset, not from the file
 * itself: that it is likely a copy of one (likely-copy-notes.ts), and that it shares `***` stamps
 * with some (shared-stamp-notes.ts). Each is kept on its entry, so a status built again (the file read
 * for another measure) carries it, and replaced in place when the dataset's files change.
 */
import type { TraceEntry } from './dataset-state';
import type { FileStatus } from './protocol';

export type InputNoteKind = 'copyNote' | 'stampNote';

/** A read file's status with its notes, if it has any. */
export function withInputNotes(status: FileStatus, entry: TraceEntry): FileStatus {
  const notes = [entry.copyNote, entry.stampNote].filter((n): n is string => n !== undefined);
  if (notes.length === 0) return status;
  return { ...status, problems: [...status.problems, ...notes.map((message) => ({ kind: 'warning' as const, message }))] };
}

/** Sets one note of an entry; a file already read gets the change on its status at once. */
export function setInputNote(entry: TraceEntry, kind: InputNoteKind, note: string | undefined): void {
  const before = entry[kind];
  if (note === before) return;
  entry[kind] = note;
  if (entry.status.state !== 'done') return;
  const problems = entry.status.problems.filter((p) => p.message !== before);
  entry.status = { ...entry.status, problems: note === undefined ? problems : [...problems, { kind: 'warning', message: note }] };
}
