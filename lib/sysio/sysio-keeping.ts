/**
 * A strace or fio file's result in the shape a parse with `keep` gives (lib/trace/types.ts
 * SampleKeeping): the trace scanner counts while it reads; these files are small beside traces (a
 * strace line is one call, a fio log line one I/O), so their columns are kept and counted after.
 */
import { countsOf, type Counts } from '../stats/counts';
import { emptySamples } from '../trace/sample-columns';
import { countSessions } from '../trace/session-counts';
import type { SampleKeeping, TraceFileResult } from '../trace/types';

/** The result as `keep` asks, and its ela counts when it keeps only counts (the CLI's `elaHistogram`). */
export function keepSysioResult(result: TraceFileResult, keep: SampleKeeping): { result: TraceFileResult; elaHistogram: Counts | null } {
  const s = result.samples;
  if (keep === 'counts') {
    const elaCounts = countsOf(s.ela.subarray(0, s.count));
    return { result: { ...result, samples: emptySamples(), elaCounts }, elaHistogram: elaCounts };
  }
  if (keep === 'session-counts') return { result: { ...result, samples: emptySamples(), sessionCounts: countSessions([s]) }, elaHistogram: null };
  return { result, elaHistogram: null };
}
