import { mergeProfiles } from './event-table';
import { allocateSamples, hasColumn } from './sample-columns';
import { SessionCountsJoin, type SessionCounts } from './session-counts';
import type { EventProfileRow, SessionMarker, TraceFileResult, WaitSamples } from './types';

/** Several files read as one dataset (for example the 20 sessions of one test run). */
export interface Dataset {
  event: string;
  files: TraceFileResult[];
  /**
   * Every file's samples, in file order; `file` is the index in `files`, `session` in `sessions`.
   * A column the parse did not keep (PositionColumn) is empty here too.
   */
  samples: WaitSamples;
  sessions: (SessionMarker & { file: number })[];
  profile: EventProfileRow[];
  /** With `keep: 'session-counts'`: each session's counts (`session` indexes `sessions`), in order of first wait. */
  sessionCounts?: SessionCounts[];
}

/** Every file's session counts, renumbered into the dataset's sessions; null unless every file has them. */
function joinedSessionCounts(files: readonly TraceFileResult[]): SessionCounts[] | null {
  if (!files.every((f) => f.sessionCounts)) return null;
  const join = new SessionCountsJoin();
  let sessionBase = 0;
  for (const f of files) {
    const base = sessionBase;
    join.addAll(f.sessionCounts ?? [], (s) => base + s);
    sessionBase += f.sessions.length;
  }
  return join.result();
}

export function combineFiles(event: string, files: TraceFileResult[]): Dataset {
  const counted = joinedSessionCounts(files);
  const withCounts = <T extends object>(d: T) => (counted ? { ...d, sessionCounts: counted } : d);
  const only = files[0];
  if (files.length === 1 && only) {
    // One file: its columns become the dataset's without a copy; it is file 0 now.
    only.samples.file.fill(0);
    return withCounts({ event, files, samples: only.samples, sessions: only.sessions.map((m) => ({ ...m, file: 0 })), profile: only.profile });
  }
  const count = files.reduce((n, f) => n + f.samples.count, 0);
  const has = (column: 'tim' | 'file' | 'line' | 'offset') => files.every((f) => hasColumn(f.samples, column));
  const samples = allocateSamples(count, { keepTim: has('tim'), keepLine: has('line'), keepOffset: has('offset'), keepFile: has('file') });
  const sessions: Dataset['sessions'] = [];
  let at = 0;
  files.forEach((f, fileIndex) => {
    const s = f.samples;
    const n = s.count;
    const sessionBase = sessions.length;
    for (const marker of f.sessions) sessions.push({ ...marker, file: fileIndex });
    samples.ela.set(s.ela.subarray(0, n), at);
    if (samples.tim.length > 0) samples.tim.set(s.tim.subarray(0, n), at);
    if (samples.line.length > 0) samples.line.set(s.line.subarray(0, n), at);
    if (samples.offset.length > 0) samples.offset.set(s.offset.subarray(0, n), at);
    samples.file.fill(fileIndex, at, at + n);
    for (let i = 0; i < n; i++) samples.session[at + i] = sessionBase + (s.session[i] as number);
    // The file's columns that are equal in the dataset become views of it: the file's own copies
    // (and the range blocks they were joined from) are freed, not held twice.
    s.ela = samples.ela.subarray(at, at + n);
    if (samples.tim.length > 0) s.tim = samples.tim.subarray(at, at + n);
    if (samples.line.length > 0) s.line = samples.line.subarray(at, at + n);
    if (samples.offset.length > 0) s.offset = samples.offset.subarray(at, at + n);
    at += n;
  });
  return withCounts({ event, files, samples, sessions, profile: mergeProfiles(files.map((f) => f.profile)) });
}
