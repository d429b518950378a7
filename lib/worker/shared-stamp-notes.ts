/**
 * The page's side of lib/trace/shared-stamps.ts: a read file of a dataset that holds the same `***`
 * stamps as others (trcsess output dropped with the traces it was made from, a piece cut from a
 * trace) gets a warning, as the CLI's note. Checked again as each file is read and when one is
 * removed, from the results in hand (no read of its own).
 */
import { sharedStamps, sharedStampsNote } from '../trace/shared-stamps';
import type { TraceFileResult } from '../trace/types';
import type { DatasetState, TraceEntry } from './dataset-state';
import { setInputNote } from './input-notes';

export function markSharedStamps(d: DatasetState): void {
  const read = d.traces.filter((t): t is TraceEntry & { result: TraceFileResult } => t.result !== null && t.result.outcome.kind !== 'not-a-trace');
  const notes = new Map<TraceEntry, string>();
  for (const shared of sharedStamps(read.map((t) => t.result))) {
    const entry = read[shared.input] as TraceEntry & { result: TraceFileResult };
    notes.set(entry, sharedStampsNote(entry.result, shared.sources.map((i) => (read[i] as TraceEntry).name), shared));
  }
  for (const t of d.traces) setInputNote(t, 'stampNote', notes.get(t));
}
