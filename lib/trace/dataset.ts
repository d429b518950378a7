import { mergeProfiles } from './event-table';
import { allocateSamples } from './sample-columns';
import type { EventProfileRow, SessionMarker, TraceFileResult, WaitSamples } from './types';

/** Several files read as one dataset (for example the 20 sessions of one test run). */
export interface Dataset {
  event: string;
  files: TraceFileResult[];
  /** Every file's samples, in file order; `file` is the index in `files`, `session` in `sessions`. */
  samples: WaitSamples;
  sessions: (SessionMarker & { file: number })[];
  profile: EventProfileRow[];
}

export function combineFiles(event: string, files: TraceFileResult[]): Dataset {
  const only = files[0];
  if (files.length === 1 && only) {
    // One file: its columns become the dataset's without a copy; it is file 0 now.
    only.samples.file.fill(0);
    return { event, files, samples: only.samples, sessions: only.sessions.map((m) => ({ ...m, file: 0 })), profile: only.profile };
  }
  const count = files.reduce((n, f) => n + f.samples.count, 0);
  const samples = allocateSamples(count);
  const sessions: Dataset['sessions'] = [];
  let at = 0;
  files.forEach((f, fileIndex) => {
    const s = f.samples;
    const sessionBase = sessions.length;
    for (const marker of f.sessions) sessions.push({ ...marker, file: fileIndex });
    samples.ela.set(s.ela, at);
    samples.tim.set(s.tim, at);
    samples.line.set(s.line, at);
    samples.offset.set(s.offset, at);
    samples.file.fill(fileIndex, at, at + s.count);
    for (let i = 0; i < s.count; i++) samples.session[at + i] = sessionBase + (s.session[i] as number);
    at += s.count;
  });
  return { event, files, samples, sessions, profile: mergeProfiles(files.map((f) => f.profile)) };
}
