/**
 * The page's side of lib/trace/shared-stamps.ts: a read file of a dataset that holds the same `***`
 * stamps as others (trcsess output dropped with the traces it was made from, a piece cut from a
 * trace, a trace beside an archive that holds it) gets a warning, as the CLI's note. Checked from the
 * results in hand (no read of its own) when a load ends and when a file is removed; not after each
 * file, which cost a pass over every file's stamps per file read, and during a read for another
 * measure took the warning away until its other file was read again.
 */
import { sharedStamps, sharedStampsNote, type CopyPair } from '../trace/shared-stamps';
import type { TraceFileResult } from '../trace/types';
import type { DatasetState, TraceEntry } from './dataset-state';
import { setInputNote } from './input-notes';

export function markSharedStamps(d: DatasetState): void {
  const read = d.traces.filter((t): t is TraceEntry & { result: TraceFileResult } => t.result !== null && t.result.outcome.kind !== 'not-a-trace');
  const notes = new Map<TraceEntry, string>();
  // Copies the likely-copy check named already keep that note alone.
  const named = d.traces.flatMap((t): CopyPair[] => (t.copyOf === undefined ? [] : [[t.name, t.copyOf]]));
  for (const shared of sharedStamps(read.map((t) => t.result), named)) {
    const entry = read[shared.input] as TraceEntry & { result: TraceFileResult };
    notes.set(entry, sharedStampsNote(entry.result, shared.sources.map((i) => (read[i] as TraceEntry).name), shared));
  }
  for (const t of d.traces) setInputNote(t, 'stampNote', notes.get(t));
}
