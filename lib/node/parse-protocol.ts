import type { ValueCounts } from '../stats/range-histograms';
import type { ScanResult } from '../trace/scanner';
import type { SampleKeeping, TraceFacts, TraceFileResult } from '../trace/types';

/** The one typed protocol between the CLI and its parse workers (style.md §5). */
export type ParseTask =
  | { kind: 'file'; id: number; path: string; fileName: string; fileIndex: number; event: string; keep: SampleKeeping }
  | { kind: 'range'; id: number; path: string; fileName: string; fileIndex: number; event: string; keep: SampleKeeping; start: number; end: number; headFacts: TraceFacts };

export type ParseReply =
  | { kind: 'progress'; id: number; bytes: number }
  | { kind: 'file-done'; id: number; result: TraceFileResult }
  | { kind: 'range-done'; id: number; scan: ScanResult; histogram: ValueCounts | null }
  | { kind: 'failed'; id: number; message: string };

/** The sample columns' buffers, moved to the receiving thread instead of copied. */
export function sampleBuffers(...parts: ScanResult['samples'][]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const p of parts) for (const a of [p.ela, p.tim, p.file, p.line, p.offset, p.session]) buffers.add(a.buffer as ArrayBuffer);
  return [...buffers];
}

/** A histogram's buffers (its cumulative counts' too, when it has them), moved too. */
export function histogramBuffers(h: (ValueCounts & { cumulative?: Float64Array }) | null): ArrayBuffer[] {
  if (!h) return [];
  return [...new Set([h.values, h.counts, h.cumulative].filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer))];
}
